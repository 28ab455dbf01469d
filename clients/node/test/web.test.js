'use strict';
// The referee through @connectrpc/connect's own transports, on its gRPC port: Connect (JSON and
// binary, HTTP/1.1 and HTTP/2) and gRPC-Web, each playing into a game and reading a refusal's
// code and details as a browser or Connect client does. The service comes from the proto files
// (buf builds their descriptor set), so no generated code is involved.
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { createFileRegistry, fromBinary } = require('@bufbuild/protobuf');
const { FileDescriptorSetSchema } = require('@bufbuild/protobuf/wkt');
const { Code, ConnectError, createClient } = require('@connectrpc/connect');
const { createConnectTransport, createGrpcWebTransport } = require('@connectrpc/connect-node');
const { REPO, startReferee } = require('./server');

/** The referee's service, from `proto/` as buf compiles it. */
function refereeService() {
  const buf = path.join(__dirname, '..', 'node_modules', '.bin', 'buf');
  const bytes = execFileSync(buf, ['build', path.join(REPO, 'proto'), '--as-file-descriptor-set', '-o', '-']);
  return createFileRegistry(fromBinary(FileDescriptorSetSchema, bytes))
    .getService('referee.v1.RefereeService');
}

let server;
let service;

before(async () => {
  server = await startReferee();
  service = refereeService();
});

after(() => server.stop());

const transports = {
  'Connect JSON over HTTP/1.1': (baseUrl) => createConnectTransport({ baseUrl, httpVersion: '1.1', useBinaryFormat: false }),
  'Connect binary over HTTP/2': (baseUrl) => createConnectTransport({ baseUrl, httpVersion: '2', useBinaryFormat: true }),
  'gRPC-Web over HTTP/1.1': (baseUrl) => createGrpcWebTransport({ baseUrl, httpVersion: '1.1' }),
};

for (const [name, transport] of Object.entries(transports)) {
  test(`${name}: a game is dealt, played into and its refusals read`, async () => {
    const client = createClient(service, transport(`http://${server.address}`));
    const games = await client.listGames({});
    const village = games.games.find((g) => g.game === 'village');
    assert.equal(village.components.case, 'village');
    assert.ok(village.components.value.set.customers.length > 0, 'the component set as messages');
    const { state, status } = await client.newGame({ game: 'port-royal', players: 3, seed: 42n });
    assert.deepEqual(status.toAct, [0]);
    const legal = await client.legalActions({ state });
    assert.ok(legal.actions.length > 0);
    assert.equal(legal.descriptions.length, legal.actions.length);
    const outcome = await client.apply({ state, action: legal.actions[0] });
    assert.equal(outcome.outcome.case, 'applied');
    assert.equal(outcome.outcome.value.state.sequence, 1n);
    // An illegal move is an answer, not an error.
    const stale = await client.apply({ state: outcome.outcome.value.state, action: legal.actions[0] });
    assert.equal(stale.outcome.case, 'violation');
    // A malformed request: the code, gRPC's message and BadRequest's field path.
    await assert.rejects(client.newGame({ game: 'port-royal', players: 9 }), (err) => {
      assert.ok(err instanceof ConnectError);
      assert.equal(err.code, Code.InvalidArgument);
      assert.match(err.rawMessage, /^players: /);
      // google.rpc's messages are not in proto/: the detail comes as its type and bytes.
      const [detail] = err.details;
      assert.equal(detail.type, 'google.rpc.BadRequest');
      assert.ok(Buffer.from(detail.value).includes('players'), 'the field path in the detail');
      return true;
    });
    // Every game ListGames lists, by the generic path alone: dealt, listed, a move applied.
    for (const info of games.games) {
      const players = Math.max(2, info.minPlayers);
      const dealt = await client.newGame({ game: info.game, players, seed: 3n });
      const open = await client.legalActions({ state: dealt.state });
      assert.ok(open.actions.length > 0, info.game);
      const played = await client.apply({ state: dealt.state, action: open.actions[0] });
      assert.equal(played.outcome.case, 'applied', info.game);
    }
  });
}

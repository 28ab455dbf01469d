'use strict';
// Starts the referee binary on 127.0.0.1 (REFEREE_BIN, default the repository's release build),
// plays one complete game through the client, checks the README's example output, and stops it.
const assert = require('node:assert/strict');
const { execFile } = require('node:child_process');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { Referee, RefereeError, UnfairGame, verifyFairGame } = require('../src');
const { commitment, gameSeed } = require('../src/fair');
const { startReferee } = require('./server');

let server;
let address;
let referee;

before(async () => {
  server = await startReferee();
  ({ address, client: referee } = server);
});

after(() => server.stop());

test('plays one complete game with LegalActions and Apply, and Replay reproduces it', async () => {
  const setup = { game: 'port-royal', players: 4, seed: '2026', port_royal: { contracts: true } };
  let { state, status } = await referee.newGame(4, { seed: 2026, portRoyal: { contracts: true } });
  const log = [];
  let pick = 7;
  while (!status.finished) {
    const legal = await referee.legalActions(state);
    assert.ok(legal.actions.length > 0);
    pick = (pick * 48271) % 2147483647;
    const action = legal.actions[pick % legal.actions.length];
    assert.equal(await referee.validate(state, action), null, 'a listed action is legal');
    const outcome = await referee.apply(state, action);
    assert.ok(outcome.applied, JSON.stringify(outcome.violation));
    assert.equal(BigInt(outcome.applied.state.sequence ?? 0), BigInt(state.sequence ?? 0) + 1n);
    ({ state, status } = outcome.applied);
    log.push(action);
    assert.ok(log.length < 5000, 'the game ends');
  }
  assert.equal(status.result.seats.length, 4);
  assert.ok(status.result.seats.some((s) => s.winner));

  const replay = await referee.replay(setup, log);
  assert.equal(replay.violation, undefined);
  assert.deepEqual(replay.state, state, 'the replay ends in the same state');

  const view = await referee.view(state, 0);
  assert.equal(view.viewer ?? 0, 0);
});

test('bots play a Village game to its end, each move from its seat\'s view and repeatable', async () => {
  let { state, status } = await referee.newGame(2, { seed: 5, game: 'village' });
  let moves = 0;
  while (!status.finished) {
    const seat = status.to_act[0];
    const level = seat === 0 ? 'search' : 'greedy';
    const s = await referee.suggest(state, seat, { level, maxIterations: 20, seed: moves });
    if (moves === 0) {
      const again = await referee.suggest(state, seat, { level, maxIterations: 20, seed: moves });
      assert.deepEqual(again, s, 'the same request, the same answer');
    }
    assert.equal(s.violation ?? null, null);
    assert.equal(s.candidates[0].description, s.description);
    const outcome = await referee.apply(state, s.action);
    assert.ok(outcome.applied, JSON.stringify(outcome.violation));
    ({ state, status } = outcome.applied);
    moves += 1;
    assert.ok(moves < 3000, 'the game ends');
  }
  const idle = await referee.suggest(state, 0, { level: 'random' });
  assert.equal(idle.violation.code, 'GAME_FINISHED');
  await assert.rejects(referee.suggest(state, 0, { level: 'clever' }), TypeError);
});

test('plays a complete Village game with Port and Life Goals, and Replay reproduces it', async () => {
  const village = { life_goals: true, port: true };
  const setup = { game: 'village', players: 3, seed: '7', village };
  let { state, status } = await referee.newGame(3, { seed: 7, game: 'village', village });
  const log = [];
  let pick = 11;
  let middle;
  while (!status.finished) {
    if (log.length === 150) middle = state;
    const legal = await referee.legalActions(state);
    assert.equal(status.to_act.length, 1, 'one seat decides');
    pick = (pick * 48271) % 2147483647;
    const action = legal.actions[pick % legal.actions.length];
    const outcome = await referee.apply(state, action);
    assert.ok(outcome.applied, JSON.stringify(outcome.violation));
    ({ state, status } = outcome.applied);
    log.push(action);
    assert.ok(log.length < 5000, 'the game ends');
  }
  assert.equal(status.result.seats.length, 3);
  const replay = await referee.replay(setup, log);
  assert.equal(replay.violation, undefined);
  assert.deepEqual(replay.state, state, 'the replay ends in the same state');
  const view = await referee.view(middle, 1);
  assert.equal((view.village.market.pile || []).length, 0, 'the customer pile is hidden');
  for (const [i, seat] of view.village.seats.entries()) {
    const dealt = middle.village.seats[i].goals;
    assert.equal(dealt.length, 2, 'one silver and one golden goal');
    if (i === 1) {
      assert.deepEqual(seat.goals, dealt, 'a seat sees its own goals');
    } else {
      assert.ok((seat.goals || []).every((g) => g.revealed), "others' goals stay face down");
      assert.equal(seat.hidden_goals, dealt.filter((g) => !g.revealed).length);
      assert.equal((seat.chests || []).length, 0, "others' chests stay face down");
    }
  }
  // Game over shows the game: every seat's goals, to every viewer.
  const end = await referee.view(state);
  for (const [i, seat] of end.village.seats.entries()) {
    assert.deepEqual(seat.goals, state.village.seats[i].goals, 'a finished game shows every goal');
  }
  for (const seat of status.result.seats) {
    const sheet = seat.breakdown.reduce((sum, item) => sum + Number(item.points ?? 0), 0);
    assert.equal(sheet, seat.score ?? 0, 'the score sheet sums to the score');
  }
  await assert.rejects(
    referee.newGame(3, { game: 'village', village: { inn: true } }),
    (err) => err.reason === 'UNSUPPORTED_EXPANSION' && err.fields[0] === 'village.inn',
  );
});

test('illegal moves are violations; malformed requests are RefereeErrors naming the field', async () => {
  const { state } = await referee.newGame(3, { seed: 1 });
  const stop = { seat: 0, port_royal: { stop: {} } };
  const outcome = await referee.apply(state, stop);
  assert.equal(outcome.violation.code, 'MUST_DRAW_FIRST');
  const stale = { seat: 0, expected_sequence: '5', port_royal: { draw: {} } };
  assert.equal((await referee.validate(state, stale)).code, 'STALE_SEQUENCE');

  await assert.rejects(referee.newGame(9), (err) => {
    assert.ok(err instanceof RefereeError);
    assert.equal(err.codeName, 'INVALID_ARGUMENT');
    assert.deepEqual(err.fields, ['players']);
    return true;
  });
  await assert.rejects(
    referee.call('NewGame', { game: 'chess', players: 3 }),
    (err) => err.reason === 'UNSUPPORTED_GAME',
  );
});

test("the README's example runs as written", async () => {
  const example = path.join(__dirname, '..', 'examples', 'play.js');
  const stdout = await new Promise((resolve, reject) => {
    execFile(process.execPath, [example, address], (err, out) => (err ? reject(err) : resolve(out)));
  });
  const lines = stdout.trim().split('\n');
  assert.equal(lines.filter((l) => l.startsWith('seat ')).length, 3);
  assert.match(stdout, /^\d+ actions$/m);
  assert.deepEqual(lines.slice(-2), ['MUST_DRAW_FIRST', "INVALID_ARGUMENT [ 'players' ]"]);
});

test('with a state key, tagged states survive the client and changed ones are refused', async () => {
  const keyed = await startReferee({ REFEREE_STATE_KEY: 'node-client-test-key-0123456789abcdef' });
  try {
    const r = keyed.client;
    const first = await r.newGame(2, { seed: 5 });
    let { state, status } = first;
    let pick = 3;
    while (!status.finished) {
      assert.equal(state.auth_tag.length, 32);
      const legal = await r.legalActions(state);
      if (legal.status.finished) break;
      pick = (pick * 48271) % 2147483647;
      const outcome = await r.apply(state, legal.actions[pick % legal.actions.length]);
      assert.ok(outcome.applied, JSON.stringify(outcome.violation));
      ({ state, status } = outcome.applied);
      assert.ok(BigInt(state.sequence) < 5000n, 'the game ends');
    }
    const changed = { ...first.state, sequence: '3' };
    await assert.rejects(r.view(changed), (err) => {
      assert.equal(err.reason, 'STATE_TAMPERED');
      assert.deepEqual(err.fields, ['state.auth_tag']);
      return true;
    });
  } finally {
    await keyed.stop();
  }
});

/** A fair Port Royal game as seat 0 sees it: its setup, first view, log and final view. */
async function playFair(mine) {
  const setup = { game: 'port-royal', players: 2, fair_shuffle: true, port_royal: {} };
  let { state, status } = await referee.newGame(2, { fairShuffle: true });
  assert.equal(status.phase, 'fair_shuffle');
  const firstView = await referee.view(state, 0);
  const log = [];
  for (let step = 0; ; step += 1) {
    const { actions, status: now } = await referee.legalActions(state);
    if (now.finished) return { setup, firstView, log, finalView: await referee.view(state, 0) };
    const action = actions[(step * 7) % actions.length];
    if (action.contribution && action.seat === 0) action.contribution.randomness = mine;
    const { applied } = await referee.apply(state, action);
    if (action.port_royal && action.port_royal.draw) assert.ok(!applied.undoable, "a draw is final");
    const seen = (await referee.view(applied.state, 1)).fair_shuffle;
    if (!applied.status.finished) assert.ok(!seen.server_seed || seen.server_seed.length === 0);
    state = applied.state;
    log.push(action);
  }
}

test('a fair game verifies, and a swapped seed, a changed contribution, a re-dealt game and an edited log do not', async () => {
  const mine = Buffer.from('seat zero randomness');
  const game = await playFair(mine);
  const checked = await verifyFairGame(referee, { ...game, actions: game.log, seat: 0, contribution: mine });
  assert.ok(checked.contributions.get(0).equals(mine));
  assert.equal(checked.gameSeed, game.finalView.fair_shuffle.game_seed);

  const swapped = structuredClone(game.finalView);
  swapped.fair_shuffle.server_seed = Buffer.alloc(32);
  await assert.rejects(
    verifyFairGame(referee, { ...game, actions: game.log, finalView: swapped }),
    (e) => e instanceof UnfairGame && /commitment/.test(e.message),
  );
  const changed = structuredClone(game.log);
  changed.find((a) => a.contribution && a.seat === 0).contribution.randomness = Buffer.from('other');
  await assert.rejects(
    verifyFairGame(referee, { ...game, actions: changed, seat: 0, contribution: mine }),
    (e) => e instanceof UnfairGame && /contribution/.test(e.message),
  );
  const redealt = await playFair(mine);
  await assert.rejects(
    verifyFairGame(referee, { ...game, actions: redealt.log, finalView: redealt.finalView }),
    (e) => e instanceof UnfairGame && /commitment/.test(e.message),
  );
  const edited = game.log.filter((_, i) => i !== 5);
  await assert.rejects(
    verifyFairGame(referee, { ...game, actions: edited }),
    (e) => e instanceof UnfairGame && /replay|position/.test(e.message),
  );
});

test('the fair shuffle derivation matches the referee golden values', () => {
  const seed = Buffer.from([...Array(32).keys()]);
  assert.equal(commitment(seed).toString('hex'), '6bb30a8f22daa77ad720a1903c9a10c187b467f4079a0cf0bbb6c6c56dd8228b');
  assert.equal(gameSeed(seed, [Buffer.from('alice'), Buffer.alloc(0), Buffer.alloc(64, 0xff)]), '9595593628411860456');
});

test('every code block of the README runs as written', async () => {
  const readme = require('node:fs').readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  // What each block prints: the first session, a game played by defaults, the component set.
  const expected = [
    [/to act:/],
    [/^Seat 0 draws /m, /^0 \[ 'persons \d+', 'expeditions \d+' \]$/m, /^10 \w+$/m],
    [/^customer 0: PIECE_HORSE \+ PIECE_OX = 5 prestige$/m, /^path 0: village - A 2 time$/m],
  ];
  assert.equal(blocks.length, expected.length);
  for (const [i, code] of blocks.entries()) {
    // Run from the package folder, where `require('referee-client')` names this package.
    const { stdout } = await new Promise((resolve, reject) => {
      execFile(process.execPath, ['-e', code.replaceAll('localhost:50051', address)],
        { cwd: path.join(__dirname, '..') },
        (err, out, errOut) => (err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve({ stdout: out })));
    });
    for (const pattern of expected[i]) assert.match(stdout, pattern);
  }
});

/** A grpc-js server whose ListGames and Suggest fail `failures` times with `code`, then answer. */
async function flakyServer(code, failures) {
  const grpc = require('@grpc/grpc-js');
  const { grpc: ours } = require('../src');
  assert.equal(grpc, ours, 'the client exports the grpc-js it uses');
  const protoLoader = require('@grpc/proto-loader');
  const { PROTO_DIR } = require('../src');
  const definition = protoLoader.loadSync('referee/v1/referee_service.proto', {
    keepCase: true, longs: String, enums: String, defaults: false, oneofs: true, includeDirs: [PROTO_DIR],
  });
  const service = grpc.loadPackageDefinition(definition).referee.v1.RefereeService.service;
  const seen = { calls: 0 };
  const server = new grpc.Server();
  server.addService(service, {
    ListGames(call, callback) {
      seen.calls += 1;
      if (seen.calls <= failures) callback({ code, details: 'a replica went away' });
      else callback(null, { games: [{ game: 'port-royal' }] });
    },
    Suggest(call, callback) {
      seen.calls += 1;
      if (seen.calls <= failures) callback({ code, details: 'every bot thread is busy' });
      else callback(null, { iterations: 7 });
    },
  });
  const port = await new Promise((resolve, reject) => server.bindAsync('127.0.0.1:0',
    grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  return { server, seen, address: `127.0.0.1:${port}` };
}

test('UNAVAILABLE and UNKNOWN are retried by default, up to 4 attempts; others, or with retries off, are not', async () => {
  const { status } = require('@grpc/grpc-js');
  for (const [code, failures, options, calls, ok] of [
    [status.UNAVAILABLE, 2, {}, 3, true],
    [status.UNKNOWN, 2, {}, 3, true],
    [status.UNAVAILABLE, 10, {}, 4, false],
    [status.INVALID_ARGUMENT, 1, {}, 1, false],
    [status.UNAVAILABLE, 1, { serviceConfig: null }, 1, false],
  ]) {
    const { server, seen, address: flaky } = await flakyServer(code, failures);
    const client = new Referee(flaky, options);
    try {
      const outcome = await client.listGames().then(() => true, (e) => {
        assert.ok(e instanceof RefereeError);
        return false;
      });
      assert.equal(outcome, ok, `code ${code}, ${failures} failures`);
      assert.equal(seen.calls, calls, `code ${code}, ${failures} failures`);
    } finally {
      client.close();
      server.forceShutdown();
    }
  }
});

test('Suggest retries RESOURCE_EXHAUSTED (busy bots) `retries` times, then throws; other codes at once', async () => {
  const { status } = require('@grpc/grpc-js');
  for (const [code, failures, retries, calls, ok] of [
    [status.RESOURCE_EXHAUSTED, 2, undefined, 3, true],
    [status.RESOURCE_EXHAUSTED, 10, 1, 2, false],
    [status.RESOURCE_EXHAUSTED, 1, 0, 1, false],
    [status.INVALID_ARGUMENT, 1, undefined, 1, false],
  ]) {
    const { server, seen, address: busy } = await flakyServer(code, failures);
    const client = new Referee(busy, { serviceConfig: null });
    try {
      const outcome = await client.suggest({}, 0, { level: 'random', retries }).then(
        (answer) => answer.iterations === 7,
        (e) => {
          assert.ok(e instanceof RefereeError);
          assert.equal(e.code, code);
          return false;
        },
      );
      assert.equal(outcome, ok, `code ${code}, ${failures} failures, retries ${retries}`);
      assert.equal(seen.calls, calls, `code ${code}, ${failures} failures, retries ${retries}`);
    } finally {
      client.close();
      server.forceShutdown();
    }
  }
});

test('every game ListGames lists runs through every client path, by the generic paths alone', async () => {
  const games = await referee.listGames();
  assert.ok(games.length >= 2);
  for (const info of games) {
    // `min_players` is the fewest any variant seats (a cooperative game may seat one); two seats
    // suit every game's default options.
    const players = Math.max(2, info.min_players);
    const { state, status } = await referee.newGame(players, { seed: 3, game: info.game });
    assert.ok(status.to_act.length > 0, info.game);
    const legal = await referee.legalActions(state);
    assert.ok(legal.defaultActions.length > 0, info.game);
    const action = legal.actions[0];
    assert.equal(await referee.validate(state, action), null, info.game);
    const outcome = await referee.apply(state, action);
    assert.ok(outcome.applied, `${info.game}: ${JSON.stringify(outcome.violation)}`);
    const view = await referee.view(outcome.applied.state, status.to_act[0]);
    assert.ok(view.game, info.game);
    const next = outcome.applied.status.to_act[0];
    const suggested = await referee.suggest(outcome.applied.state, next, { level: 'random' });
    assert.ok(suggested.action, info.game);
    const replay = await referee.replay({ game: info.game, players, seed: '3' }, [action]);
    assert.deepEqual(replay.state, outcome.applied.state, info.game);
  }
  // A game's short-form options are refused for another game, never sent in its place.
  await assert.rejects(
    referee.newGame(2, { game: 'village', portRoyal: { contracts: true } }),
    TypeError,
  );
});

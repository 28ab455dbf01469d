'use strict';
// The package as it is published: `npm pack` makes a tarball (not private, at the release's
// version) carrying the proto files and the TypeScript types generated from them; installed into
// an empty project it talks to the referee with no repository at hand, and its types check a
// TypeScript program (and refuse a wrong one).
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { startReferee } = require('./server');

const here = path.join(__dirname, '..');
let server;
let project;

before(async () => {
  server = await startReferee();
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'referee-client-'));
});

after(async () => {
  await server.stop();
  fs.rmSync(project, { recursive: true, force: true });
});

test('npm pack makes a package that installs, answers and type-checks', () => {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', project],
    { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  const files = packed.files.map((f) => f.path);
  for (const f of ['proto/referee/v1/referee_service.proto', 'proto/referee/v1/village.proto',
    'src/index.js', 'src/index.d.ts', 'types/proto/referee/v1/GameState.d.ts', 'package.json']) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  assert.ok(!files.some((f) => f.startsWith('test/') || f.startsWith('node_modules/')));
  assert.equal(packed.version, require('../package.json').version);
  assert.ok(!fs.existsSync(path.join(here, 'proto')), 'packing leaves the checkout as it was');

  fs.writeFileSync(path.join(project, 'package.json'), '{"name": "a-platform", "private": true}');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error',
    path.join(project, packed.filename)], { cwd: project, stdio: 'inherit' });
  // With no repository beside it: the bundled proto files.
  const script = `
    const { Referee, PROTO_DIR } = require('referee-client');
    const r = new Referee(process.argv[1]);
    r.listGames().then((games) => {
      console.log(PROTO_DIR.includes('node_modules') ? 'bundled' : PROTO_DIR);
      console.log(games.map((g) => g.game).join(','));
      r.close();
    });`;
  const out = execFileSync(process.execPath, ['-e', script, server.address],
    { cwd: project, encoding: 'utf8', env: { ...process.env, REFEREE_PROTO_DIR: '' } });
  const [source, games] = out.trim().split('\n');
  assert.equal(source, 'bundled');
  assert.match(games, /^[a-z][a-z0-9-]*(,[a-z][a-z0-9-]*)*$/, 'ListGames answered through the bundled contract');

  // The types: a program using them checks, one passing a wrong type does not.
  const tsc = path.join(here, 'node_modules', '.bin', 'tsc');
  const check = (name, source) => {
    fs.writeFileSync(path.join(project, name), source);
    try {
      execFileSync(tsc, ['--noEmit', '--strict', '--module', 'commonjs', '--moduleResolution',
        'node16', '--target', 'es2022', '--module', 'node16', name], { cwd: project, encoding: 'utf8' });
      return '';
    } catch (err) {
      return err.stdout || String(err);
    }
  };
  const good = `
    import { Referee } from 'referee-client';
    import type { GameState } from 'referee-client/types/proto/referee/v1/GameState';
    export async function play(r: Referee): Promise<string> {
      const { state } = await r.newGame(3, { seed: 42, portRoyal: { contracts: true } });
      const legal = await r.legalActions(state!);
      const outcome = await r.apply(state!, legal.defaultActions[0]);
      const next: GameState | null = outcome.applied?.state ?? null;
      return \`\${next?.sequence} \${legal.status.phase} \${legal.descriptions[0]}\`;
    }`;
  assert.equal(check('good.ts', good), '');
  const bad = `
    import { Referee } from 'referee-client';
    export async function play(r: Referee) {
      const { status } = await r.newGame(3);
      const n: number = status!.phase;
      return n;
    }`;
  assert.match(check('bad.ts', bad), /error TS2322/, 'a string is not a number');
});

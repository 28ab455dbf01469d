'use strict';
// Starts the referee binary (REFEREE_BIN, default the repository's release build) on a free
// 127.0.0.1 port for a test file, with a client of it, and stops it.
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const { Referee } = require('../src');

const REPO = path.join(__dirname, '..', '..', '..');
const BINARY = process.env.REFEREE_BIN || path.join(REPO, 'target', 'release', 'referee');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A referee binary on a free 127.0.0.1 port with extra environment, and a client for it. */
async function startReferee(env = {}) {
  const [port, metrics] = [await freePort(), await freePort()];
  const address = `127.0.0.1:${port}`;
  const child = spawn(BINARY, [], {
    env: {
      ...process.env,
      REFEREE_LISTEN: address,
      REFEREE_METRICS_LISTEN: `127.0.0.1:${metrics}`,
      RUST_LOG: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  const client = new Referee(address);
  await client.ready(20000);
  return {
    address,
    client,
    async stop() {
      client.close();
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0, 'the referee exits 0 on SIGTERM');
    },
  };
}

module.exports = { BINARY, REPO, freePort, startReferee };

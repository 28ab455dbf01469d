'use strict';
// A real browser (headless Chromium, Debian's) calls the referee from a page served on another
// origin, with @connectrpc/connect-web's Connect and gRPC-Web transports: CORS lets the allowed
// origin's calls through (a game dealt and played into, a refusal's code and its details read
// from the exposed headers) and stops another origin's. Needs `chromium` (or CHROMIUM); skipped
// without it unless REFEREE_BROWSER_TEST=required (scripts/test sets it and installs Chromium).
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { chromium, launch } = require('./chromium');
const { freePort, REPO, startReferee } = require('./server');

const here = path.join(__dirname, '..');
const modules = path.join(here, 'node_modules');

/** An import map for the browser: every ESM export of the packages the page imports. */
function importMap() {
  const imports = {};
  for (const pkg of ['@bufbuild/protobuf', '@connectrpc/connect', '@connectrpc/connect-web']) {
    const { exports } = JSON.parse(fs.readFileSync(path.join(modules, pkg, 'package.json'), 'utf8'));
    for (const [key, target] of Object.entries(exports)) {
      if (target.import) imports[path.posix.join(pkg, key)] = `/modules/${pkg}/${target.import.slice(2)}`;
    }
  }
  return { imports };
}

const PAGE = (map) => `<!doctype html>
<html><head><meta charset="utf-8"><script type="importmap">${JSON.stringify(map)}</script></head>
<body><pre id="out">running</pre>
<script type="module">
import { createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-web";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
const baseUrl = new URLSearchParams(location.search).get("referee");
const bytes = new Uint8Array(await (await fetch("/referee.binpb")).arrayBuffer());
const service = createFileRegistry(fromBinary(FileDescriptorSetSchema, bytes))
  .getService("referee.v1.RefereeService");
const results = {};
const transports = { connect: createConnectTransport({ baseUrl }), grpcweb: createGrpcWebTransport({ baseUrl }) };
for (const [name, transport] of Object.entries(transports)) {
  const client = createClient(service, transport);
  try {
    const { state } = await client.newGame({ game: "village", players: 3, seed: 7n });
    const legal = await client.legalActions({ state });
    const outcome = await client.apply({ state, action: legal.actions[0] });
    let refused = null;
    try {
      await client.newGame({ game: "port-royal", players: 9 });
    } catch (err) {
      refused = { code: err.code, message: err.rawMessage, detail: err.details[0]?.type ?? null };
    }
    results[name] = { outcome: outcome.outcome.case, sequence: String(outcome.outcome.value.state.sequence), refused };
  } catch (err) {
    results[name] = { error: String(err) };
  }
}
document.getElementById("out").textContent = JSON.stringify(results);
// Reported to the page's own server: the test waits for this, not for a moment in the page.
await fetch("/result", { method: "POST", body: JSON.stringify(results) });
</script></body></html>`;

/**
 * A static server for the page, the packages it imports and the descriptor set; `result()`
 * waits for the next result the page posts.
 */
async function pageServer(descriptors) {
  const page = PAGE(importMap());
  let reported = () => {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/result' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => { body += chunk; });
      req.on('end', () => {
        res.writeHead(204).end();
        reported(JSON.parse(body));
      });
    } else if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    } else if (url.pathname === '/referee.binpb') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(descriptors);
    } else if (url.pathname.startsWith('/modules/')) {
      const file = path.join(modules, path.normalize(url.pathname.slice('/modules/'.length)));
      if (!file.startsWith(modules) || !fs.existsSync(file)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(file));
    } else {
      res.writeHead(404).end();
    }
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    result: () => new Promise((resolve) => { reported = resolve; }),
    close: () => server.close(),
  };
}

/**
 * Opens `url` in headless Chromium and waits (at most four minutes: a hang guard, as a start
 * whose ~300 MB are no longer in the page cache reads them from disk, which took 70 s here once)
 * for the result its page posts to `pages`; then closes the browser.
 */
async function visit(browser, pages, url) {
  const result = pages.result();
  const run = launch(browser, [url]);
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('the page reported nothing within 240 s')), 240000);
  });
  try {
    return await Promise.race([result, timeout, run.exited.then((code) => {
      throw new Error(`Chromium exited (${code}) before the page reported`);
    })]);
  } finally {
    clearTimeout(timer);
    await run.close();
  }
}

const browser = chromium();
const required = process.env.REFEREE_BROWSER_TEST === 'required';
let referee;
let allowed;
let other;

before(async () => {
  if (!browser) return;
  const buf = path.join(modules, '.bin', 'buf');
  const descriptors = execFileSync(buf, ['build', path.join(REPO, 'proto'), '--as-file-descriptor-set', '-o', '-']);
  [allowed, other] = [await pageServer(descriptors), await pageServer(descriptors)];
  referee = await startReferee({ REFEREE_CORS_ALLOW_ORIGINS: allowed.origin });
});

after(async () => {
  if (!browser) return;
  allowed.close();
  other.close();
  await referee.stop();
});

test('a page on an allowed origin calls the referee over Connect and gRPC-Web', { skip: !browser && !required && 'no chromium' }, async () => {
  assert.ok(browser, 'REFEREE_BROWSER_TEST=required: Chromium must be installed');
  const url = `${allowed.origin}/?referee=${encodeURIComponent(`http://${referee.address}`)}`;
  const results = await visit(browser, allowed, url);
  for (const name of ['connect', 'grpcweb']) {
    const r = results[name];
    assert.equal(r.error, undefined, `${name}: ${r.error}`);
    assert.equal(r.outcome, 'applied', name);
    assert.equal(r.sequence, '1', name);
    assert.equal(r.refused.code, 3, `${name}: invalid_argument`);
    assert.match(r.refused.message, /^players: /, name);
    assert.equal(r.refused.detail, 'google.rpc.BadRequest', `${name}: the details reach the page`);
  }
});

test('a page on another origin is stopped by CORS', { skip: !browser && !required && 'no chromium' }, async () => {
  assert.ok(browser, 'REFEREE_BROWSER_TEST=required: Chromium must be installed');
  const url = `${other.origin}/?referee=${encodeURIComponent(`http://${referee.address}`)}`;
  const results = await visit(browser, other, url);
  for (const name of ['connect', 'grpcweb']) {
    assert.match(results[name].error ?? '', /fetch/i, `${name}: ${JSON.stringify(results[name])}`);
  }
});

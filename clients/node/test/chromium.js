'use strict';
// Headless Chromium (Debian's) for the browser tests: finding it, stopping it with its helper
// processes, and driving a page over the DevTools protocol on a pipe (--remote-debugging-pipe:
// no port, nothing listening), so a test waits on the page's own promises and events rather
// than on time.
const assert = require('node:assert/strict');
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** The browser, if this machine has one. */
function chromium() {
  for (const name of [process.env.CHROMIUM, 'chromium', 'chromium-browser'].filter(Boolean)) {
    try {
      execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
      return name;
    } catch {
      // not this one
    }
  }
  return null;
}

// No background work that reaches for the network or a desktop session, neither of which a test
// machine has. (A slow start, seen up to 70 s, is Chromium's files read back from disk after
// the page cache dropped them; callers bound their waits generously for it.)
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--no-default-browser-check', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-default-apps', '--password-store=basic', '--use-mock-keychain',
  '--hide-scrollbars', '--font-render-hinting=none'];

/** Kills a process group and waits (at most 10 s) until none of it is left to write files. */
async function stopGroup(pgid) {
  const alive = () => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-pgid, 'SIGKILL');
  for (let i = 0; i < 1000 && alive(); i += 1) await new Promise((r) => setTimeout(r, 10));
  assert.ok(!alive(), 'Chromium stopped');
}

/**
 * Starts Chromium with a fresh profile in its own process group and `args`; `close()` stops it
 * and removes the profile.
 */
function launch(browser, args, stdio = 'ignore') {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-'));
  // No D-Bus session bus to look for.
  const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'disabled:' };
  const child = spawn(browser, [...FLAGS, `--user-data-dir=${profile}`, ...args], { stdio, env, detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    exited,
    async close() {
      await stopGroup(child.pid);
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A page driven over the DevTools protocol: `evaluate(expression)` awaits the expression's
 * promise in the page and returns its value (an exception in the page fails the call);
 * `navigate(url)` resolves on the page's load event; `screenshot(width, until)` is the page as
 * PNG bytes, down to the bottom of the element `until` selects (or the whole page).
 */
async function openPage(browser) {
  const run = launch(browser, ['--remote-debugging-pipe', 'about:blank'],
    ['ignore', 'ignore', 'ignore', 'pipe', 'pipe']);
  const [toBrowser, fromBrowser] = [run.child.stdio[3], run.child.stdio[4]];
  let next = 1;
  const waiting = new Map();
  const listeners = [];
  let buffered = '';
  fromBrowser.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    let end;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (message.id && waiting.has(message.id)) {
        const { resolve, reject, method } = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      } else if (message.method) {
        for (const listener of [...listeners]) listener(message);
      }
    }
  });
  const gone = run.exited.then((code) => {
    for (const { reject } of waiting.values()) reject(new Error(`Chromium exited (${code})`));
    waiting.clear();
  });
  const send = (method, params = {}, sessionId = undefined) => new Promise((resolve, reject) => {
    const id = next;
    next += 1;
    waiting.set(id, { resolve, reject, method });
    toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
  });
  const once = (method, sessionId) => new Promise((resolve) => {
    const listener = (message) => {
      if (message.method === method && message.sessionId === sessionId) {
        listeners.splice(listeners.indexOf(listener), 1);
        resolve(message.params);
      }
    };
    listeners.push(listener);
  });
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const page = (method, params) => send(method, params, sessionId);
  await page('Page.enable');
  return {
    async navigate(url) {
      const loaded = once('Page.loadEventFired', sessionId);
      await page('Page.navigate', { url });
      await loaded;
    },
    async evaluate(expression) {
      const { result, exceptionDetails } = await page('Runtime.evaluate', {
        expression, awaitPromise: true, returnByValue: true,
      });
      if (exceptionDetails) {
        throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      }
      return result.value;
    },
    async screenshot(width, until = null) {
      await page('Emulation.setDeviceMetricsOverride', { width, height: 800, deviceScaleFactor: 1, mobile: false });
      const { cssContentSize } = await page('Page.getLayoutMetrics');
      const bottom = until && await this.evaluate(
        `Math.ceil(document.querySelector(${JSON.stringify(until)}).getBoundingClientRect().bottom + window.scrollY + 8)`);
      const height = Math.min(bottom || Infinity, Math.ceil(cssContentSize.height));
      await page('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
      const { data } = await page('Page.captureScreenshot', { format: 'png', clip: { x: 0, y: 0, width, height, scale: 1 } });
      return Buffer.from(data, 'base64');
    },
    async close() {
      toBrowser.destroy();
      await run.close();
      await gone;
    },
  };
}

module.exports = { chromium, launch, openPage };

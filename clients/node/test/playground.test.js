'use strict';
// The playground (--playground) in headless Chromium, driven over the DevTools protocol: for
// each game a scripted session deals, plays a few legal actions, steps back and forth through
// the log, asks the bot for a move and lets it play a seat, provokes a violation from the action
// editor and an INVALID_ARGUMENT from the editor or a pasted state, checks what the page shows,
// and round-trips the exported log and state. Each game's table is saved as a screenshot under
// target/playground/ (REFEREE_PLAYGROUND_SCREENSHOTS=<dir> saves them there instead; docs/ holds
// the ones the README shows). Needs Chromium, as browser.test.js does.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test, before, after } = require('node:test');
const { chromium, openPage } = require('./chromium');
const { REPO, startReferee } = require('./server');

const browser = chromium();
const required = process.env.REFEREE_BROWSER_TEST === 'required';
const skip = !browser && !required && 'no chromium';
const shots = process.env.REFEREE_PLAYGROUND_SCREENSHOTS || path.join(REPO, 'target', 'playground');
let referee;
let off;

before(async () => {
  if (!browser) return;
  [referee, off] = [await startReferee({ REFEREE_PLAYGROUND: 'true' }), await startReferee()];
});

after(async () => {
  if (!browser) return;
  await referee.stop();
  await off.stop();
});

/** Runs `script` in the page (its `$` is getElementById), then waits until the page is idle. */
async function act(page, script) {
  return page.evaluate(`(async () => {
    const $ = (id) => document.getElementById(id);
    const value = await (async () => { ${script} })();
    await window.playground.idle();
    return value;
  })()`);
}

/** What the page shows: the status line, the position in the log, the problem panel, … */
function shown(page) {
  return act(page, `return {
    status: $("status-line")?.textContent ?? "",
    position: $("position").textContent,
    problem: $("problem").hidden ? null : {
      code: $("problem-code")?.textContent ?? null,
      message: $("problem-message")?.textContent ?? null,
      details: [...document.querySelectorAll("#problem-details tr")].map((r) => r.textContent),
      fields: [...document.querySelectorAll("#problem .field-path")].map((c) => c.textContent),
    },
    answer: $("answer").hidden ? null : $("answer-message")?.textContent ?? null,
    answerBelowTheFold: !$("answer").hidden && $("answer").getBoundingClientRect().bottom > innerHeight,
    logNumbersFit: getComputedStyle($("log")).paddingLeft,
    scoreSheet: [...document.querySelectorAll("#result .score-sheet tr")].map((r) => r.textContent),
    buttons: [...document.querySelectorAll("#actions button.play")].map((b) => b.textContent),
    viewers: [...document.querySelectorAll("#views .viewer")].map((v) => v.dataset.viewer),
    seatsPerViewer: [...document.querySelectorAll("#views .viewer")].map((v) => v.querySelectorAll(":scope > .box").length),
    tableBoxes: [...document.querySelectorAll("#table .box > .title")].map((t) => t.textContent),
    cards: document.querySelectorAll("#table .card, #views .card").length,
    chips: document.querySelectorAll("#table .chip, #views .chip").length,
    events: [...document.querySelectorAll("#events li")].map((e) => e.textContent),
    log: [...document.querySelectorAll("#log li")].map((e) => e.textContent),
  };`);
}

/**
 * What a session provokes beyond the steps every game takes, for the games that have more to
 * show: options to deal with, a box their table shows, what a seat that is not to act is told,
 * and an action whose move is malformed. A game without an entry (Goofspiel) plays the generic
 * session, so a new game needs nothing here: ListGames lists it.
 */
const MORE = {
  'port-royal': { options: ['contracts'], table: 'harbor', notToAct: 'NOT_YOUR_TURN', malformedMove: { take: {} } },
  village: { options: ['port', 'lifeGoals'], table: 'spaces', notToAct: 'NOT_YOUR_TURN', malformedMove: { takeCube: {} } },
};

/** A Connect JSON call to the referee the playground is served by, as the page makes it. */
async function connect(method, body) {
  const response = await fetch(`http://${referee.address}/referee.v1.RefereeService/${method}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  return response.json();
}

test('the playground is off unless asked for', { skip }, async () => {
  const response = await fetch(`http://${off.address}/playground/`);
  assert.equal(response.status, 404);
  assert.match(await response.text(), /--playground/);
});

// Bounded (a hang guard): a session takes seconds, but a Chromium start whose files left the
// page cache reads ~300 MB from disk (70 s once here).
test('a scripted session plays each game ListGames lists in the playground', { skip, timeout: 600000 }, async (t) => {
  assert.ok(browser, 'REFEREE_BROWSER_TEST=required: Chromium must be installed');
  const { games } = await connect('ListGames', {});
  assert.ok(games.length >= 3, `${games.length} games`);
  for (const { game } of games) await t.test(game, () => session(game, MORE[game] ?? {}));
});

/** One game's scripted session (see the file's head). */
async function session(game, { options = [], table, notToAct, malformedMove }) {
  const page = await openPage(browser);
  try {
    await page.navigate(`http://${referee.address}/playground/`);
    await act(page, '');
    // Deal: the game, three players, a seed, its options.
    await act(page, `
      $("game").value = ${JSON.stringify(game)};
      $("game").dispatchEvent(new Event("change"));
      await window.playground.idle();
      $("players").value = "3";
      $("seed").value = "7";
      for (const o of ${JSON.stringify(options)}) document.querySelector('[data-option="' + o + '"]').checked = true;
      $("deal").click();`);
    let now = await shown(page);
    assert.equal(now.problem, null, JSON.stringify(now.problem));
    assert.match(now.status, /^sequence 0 · phase \S+ · to act: seat \d/);
    assert.deepEqual(now.viewers, ['0', '1', '2', 'spectator'], 'each seat and the spectator');
    assert.deepEqual(now.seatsPerViewer, [3, 3, 3, 3], 'every viewer sees the three seats');
    assert.ok(now.tableBoxes.length > 0 && (!table || now.tableBoxes.includes(table)), `the table: ${now.tableBoxes}`);
    // A game with drawings of its own (HOOKS) draws cards; one without, field by field, chips.
    assert.ok(now.cards + now.chips > 0, 'pieces are drawn as cards or chips, not a JSON tree');
    assert.ok(now.buttons.length > 0, 'the legal actions are buttons');

    // Four legal actions, each from its button: the sequence and the log follow.
    for (let i = 1; i <= 4; i += 1) {
      const clicked = await act(page, `
        const b = document.querySelector("#actions button.play");
        const text = b.textContent;
        b.click();
        return text;`);
      now = await shown(page);
      assert.equal(now.problem, null, `move ${i}: ${JSON.stringify(now.problem)}`);
      assert.match(now.status, new RegExp(`^sequence ${i} `));
      assert.equal(now.position, `${i} / ${i}`);
      assert.equal(now.log.at(-1), clicked, 'the log names the action played');
      assert.ok(now.events.length > 0, `move ${i} shows its events`);
    }

    // Replay: one back, to the start, then to the end again.
    await act(page, '$("back").click();');
    now = await shown(page);
    assert.equal(now.position, '3 / 4');
    assert.match(now.status, /^sequence 3 /);
    await act(page, '$("first").click();');
    assert.match((await shown(page)).status, /^sequence 0 /);
    await act(page, '$("last").click();');
    now = await shown(page);
    assert.equal(now.position, '4 / 4');
    assert.match(now.status, /^sequence 4 /);

    // A legal action sent by a seat that is not to act: the violation, with its details.
    await act(page, `
      const action = JSON.parse(document.querySelector("#actions button.play").title);
      const toAct = $("status-line").textContent.match(/to act: ([^·]*)/)[1];
      action.seat = [0, 1, 2].find((s) => !toAct.includes("seat " + s));
      $("editor").value = JSON.stringify(action);
      $("apply").click();`);
    now = await shown(page);
    // In Goofspiel a seat is off the list once it has bid: ALREADY_BID.
    assert.match(now.problem?.code ?? '', notToAct ? new RegExp(`^${notToAct}$`) : /^[A-Z_]+$/, JSON.stringify(now.problem));
    assert.match(now.problem.message, /seat \d/i);
    assert.ok(now.problem.details.length > 0, 'the violation has details');
    assert.match(now.status, /^sequence 4 /, 'a refused action changes nothing');

    // Malformed input: INVALID_ARGUMENT with the field path as the request spells it. Every
    // game: a pasted state of a rules version no referee plays; then the session goes on from
    // its log. A game with a malformed move: that action, from the editor.
    const refusedAt = (problem, field) => {
      assert.equal(problem?.code, 'invalid_argument', JSON.stringify(problem));
      assert.ok(problem.fields.length === 1 && problem.fields[0].startsWith(field), `the field path: ${problem.fields}`);
    };
    const log = await act(page, '$("export-log").click(); return $("transfer").value;');
    const unknown = JSON.parse(await act(page, '$("export-state").click(); return $("transfer").value;'));
    unknown.rulesVersion = `${game}/0`;
    await act(page, `$("transfer").value = ${JSON.stringify(JSON.stringify(unknown))}; $("load").click();`);
    refusedAt((await shown(page)).problem, 'state.rules_version');
    await act(page, `$("transfer").value = ${JSON.stringify(log)}; $("load").click();`);
    assert.equal((await shown(page)).position, '4 / 4');
    if (malformedMove) {
      await act(page, `
        const action = JSON.parse(document.querySelector("#actions button.play").title);
        const arm = Object.keys(action).find((k) => k !== "seat" && k !== "expectedSequence");
        action[arm] = ${JSON.stringify(malformedMove)};
        $("editor").value = JSON.stringify(action);
        $("validate").click();`);
      refusedAt((await shown(page)).problem, 'action.');
    }

    // Export the log, deal something else, paste the log back: the same moment returns.
    await act(page, '$("back").click();');
    const exported = JSON.parse(await act(page, '$("export-log").click(); return $("transfer").value;'));
    assert.equal(exported.setup.game, game);
    assert.equal(exported.actions.length, 4);
    assert.equal(exported.stopAfter, 3, 'the log exported where it was shown');
    await act(page, '$("deal").click();');
    assert.equal((await shown(page)).position, '0 / 0');
    await act(page, `$("transfer").value = ${JSON.stringify(JSON.stringify(exported))}; $("load").click();`);
    now = await shown(page);
    assert.equal(now.problem, null, JSON.stringify(now.problem));
    assert.equal(now.position, '3 / 4');
    assert.match(now.status, /^sequence 3 /);

    // Export the state and paste it alone: shown, with no log to step through.
    const state = await act(page, '$("export-state").click(); return $("transfer").value;');
    assert.equal(JSON.parse(state).sequence, '3');
    await act(page, '$("load").click();');
    now = await shown(page);
    assert.match(now.status, /^sequence 3 /);
    assert.equal(now.position, '0 / 0');
    assert.equal(await act(page, 'return $("back").disabled;'), true);

    // The table after the session's moves, for the README.
    await act(page, `$("transfer").value = ${JSON.stringify(JSON.stringify({ ...exported, stopAfter: undefined }))}; $("load").click();`);
    // Three more moves, so pieces have moved: the last action listed, then the first twice.
    for (const which of ['last', 'first', 'first']) {
      await act(page, `[...document.querySelectorAll("#actions button.play")].at(${which === 'last' ? -1 : 0}).click();`);
    }
    now = await shown(page);
    assert.equal(now.problem, null, JSON.stringify(now.problem));
    assert.equal(now.position, '7 / 7');
    // The bot: a suggestion for the seat to act, shown and put in the editor; then the bot
    // plays that seat until another seat is to act.
    const seat = Number(now.status.match(/to act: seat (\d)/)[1]);
    await act(page, `document.querySelector('.bot[data-seat="${seat}"] .suggest').click();`);
    now = await shown(page);
    // A suggestion is an answer, not a refusal: its own panel, brought into sight.
    assert.equal(now.problem, null, JSON.stringify(now.problem));
    assert.match(now.answer ?? '', /^The bot suggests: Seat \d .* worlds dealt from seat \d's view/,
      JSON.stringify(now.answer));
    assert.equal(now.answerBelowTheFold, false, 'the answer is in sight');
    const suggested = JSON.parse(await act(page, 'return $("editor").value;'));
    assert.equal(suggested.seat ?? 0, seat);
    await act(page, `document.querySelector('.bot[data-seat="${seat}"] .autoplay').click();`);
    now = await shown(page);
    assert.ok(now.position !== '7 / 7', 'the bot played');
    assert.ok(!now.status.includes(`to act: seat ${seat}`) || now.status.includes('finished'),
      `the bot plays its seat until another is to act: ${now.status}`);
    assert.ok(now.log.slice(7).every((line) => line.startsWith(`Seat ${seat} `)), `${now.log.slice(7)}`);
    await act(page, `document.querySelector('.bot[data-seat="${seat}"] .autoplay').click();`);
    // One at a time: "last" is disabled until "first" has moved away from the end.
    await act(page, '$("first").click();');
    await act(page, '$("last").click();');
    fs.mkdirSync(shots, { recursive: true });
    const png = await page.screenshot(1400, '#views');
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    fs.writeFileSync(path.join(shots, `playground-${game}.png`), png);
  } finally {
    await page.close();
  }
}

test('a finished game shows its score sheet, and a long log its step numbers', { skip, timeout: 240000 }, async () => {
  assert.ok(browser, 'REFEREE_BROWSER_TEST=required: Chromium must be installed');
  // A whole game played by the default actions over Connect's JSON (what the page speaks), then
  // pasted as a log.
  const setup = { game: 'port-royal', players: 2, seed: '9' };
  let { state, status } = await connect('NewGame', setup);
  const actions = [];
  while (!status.finished) {
    const legal = await connect('LegalActions', { state });
    const action = legal.defaultActions[0];
    ({ state, status } = (await connect('Apply', { state, action })).applied);
    actions.push(action);
    assert.ok(actions.length < 5000, 'the game ends');
  }
  const page = await openPage(browser);
  try {
    await page.navigate(`http://${referee.address}/playground/`);
    await act(page, '');
    await act(page, `$("transfer").value = ${JSON.stringify(JSON.stringify({ setup, actions }))}; $("load").click();`);
    const now = await shown(page);
    assert.equal(now.problem, null, JSON.stringify(now.problem));
    assert.match(now.status, /finished/);
    assert.equal(now.scoreSheet.length, 3, `a header and a row per seat: ${now.scoreSheet}`);
    assert.match(now.scoreSheet[0], /seat.*persons.*score.*coins.*rank/);
    assert.ok(now.scoreSheet.slice(1).some((row) => row.endsWith('wins')), `${now.scoreSheet}`);
    assert.ok(now.log.length >= 10, `${now.log.length} steps`);
    // Room for four digits of the list's numbers, which the browser draws in the padding.
    assert.ok(parseFloat(now.logNumbersFit) >= 30, `the log's padding: ${now.logNumbersFit}`);
  } finally {
    await page.close();
  }
});

'use strict';
/**
 * Checking a fair shuffle without trusting the platform (docs/fair-shuffles.md): the revealed
 * server seed opens the commitment shown before the deal, the game seed follows from it and every
 * seat's contribution, and a referee of your choice replays the log to the position you saw.
 */
const crypto = require('node:crypto');

const COMMITMENT_DOMAIN = Buffer.from('referee.v1/fair-shuffle/commitment\0');
const GAME_SEED_DOMAIN = Buffer.from('referee.v1/fair-shuffle/game-seed\0');

/** SHA-256 of the commitment's separator followed by the server seed. */
function commitment(serverSeed) {
  return crypto.createHash('sha256').update(COMMITMENT_DOMAIN).update(serverSeed).digest();
}

/** The game seed (a decimal string, as 64-bit integers are here): the first 8 bytes, big-endian,
 * of SHA-256 of the separator, the server seed and each contribution in seat order, each after
 * its length in one byte. */
function gameSeed(serverSeed, contributions) {
  const hash = crypto.createHash('sha256').update(GAME_SEED_DOMAIN).update(serverSeed);
  for (const c of contributions) {
    hash.update(Buffer.from([c.length])).update(c);
  }
  return hash.digest().readBigUInt64BE(0).toString();
}

/** The game does not check out; the message says which check failed. */
class UnfairGame extends Error {
  constructor(message) {
    super(message);
    this.name = 'UnfairGame';
  }
}

const bytes = (b) => Buffer.from(b || []);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks a finished fair game on `referee` (one you trust to replay). `setup` is the NewGame
 * request (fair_shuffle set, no seed), `actions` the whole log with the contributions,
 * `firstView` a view received before the deal, `finalView` your view of the finished game;
 * `seat` and `contribution` (optional) your seat and the bytes you sent. Resolves to
 * `{ serverSeed, gameSeed, contributions, lastContributor }` or rejects with UnfairGame.
 */
async function verifyFairGame(referee, { setup, actions, firstView, finalView, seat, contribution }) {
  const fail = (why) => {
    throw new UnfairGame(why);
  };
  if (!setup.fair_shuffle || setup.seed !== undefined) fail('the setup does not ask for a fair shuffle');
  if (!finalView.status || !finalView.status.finished) {
    fail('the game is not finished: the server seed is revealed only at the end');
  }
  const shown = bytes(firstView.fair_shuffle && firstView.fair_shuffle.commitment);
  if (firstView.game || shown.length !== 32) {
    fail('the first view was not taken before the deal, or shows no commitment');
  }
  const fair = finalView.fair_shuffle || {};
  const serverSeed = bytes(fair.server_seed);
  if (!commitment(serverSeed).equals(shown) || !bytes(fair.commitment).equals(shown)) {
    fail('the revealed server seed does not open the commitment shown at the start');
  }
  const made = new Map();
  const order = [];
  for (const action of actions) {
    if (action.contribution) {
      if (made.has(action.seat)) fail(`seat ${action.seat} contributes twice in the log`);
      made.set(action.seat, bytes(action.contribution.randomness));
      order.push(action.seat);
    }
  }
  const revealed = new Map((fair.contributions || []).map((c) => [c.seat || 0, bytes(c.randomness)]));
  const seats = [...Array(setup.players).keys()];
  const agree = seats.every((s) => made.has(s) && revealed.has(s) && made.get(s).equals(revealed.get(s)));
  if (!agree || made.size !== seats.length || revealed.size !== seats.length) {
    fail("the log's contributions are not the ones the game shows");
  }
  if (seat !== undefined && contribution !== undefined && !made.get(seat).equals(bytes(contribution))) {
    fail(`seat ${seat}'s contribution is not the one it made`);
  }
  const derived = gameSeed(serverSeed, seats.map((s) => made.get(s)));
  if (fair.game_seed !== derived) {
    fail('the game seed is not derived from the server seed and the contributions');
  }
  const replayed = await referee.replay(setup, actions, serverSeed);
  if (replayed.violation) {
    fail(`the log does not replay: action ${replayed.failed_index} is refused (${replayed.violation.code})`);
  }
  if (!same(await referee.view(replayed.state, finalView.viewer), finalView)) {
    fail('the replayed game ends in another position than the one shown');
  }
  const start = await referee.replay(setup, actions.slice(0, Number(firstView.sequence || 0)), serverSeed);
  if (!same(await referee.view(start.state, firstView.viewer), firstView)) {
    fail('the replayed game does not begin as the first view showed');
  }
  return { serverSeed, gameSeed: derived, contributions: made, lastContributor: order[order.length - 1] };
}

module.exports = { COMMITMENT_DOMAIN, GAME_SEED_DOMAIN, UnfairGame, commitment, gameSeed, verifyFairGame };

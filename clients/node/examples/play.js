'use strict';
// Plays one complete 3-player game of Port Royal against a referee and prints the result.
// Usage: node examples/play.js [host:port]   (default localhost:50051)
const { Referee, RefereeError } = require('../src');

async function main(address = 'localhost:50051') {
  const referee = new Referee(address);
  try {
    let { state, status } = await referee.newGame(3, { seed: 42 });
    let pick = 1; // a tiny deterministic choice of moves
    while (!status.finished) {
      const legal = await referee.legalActions(state);
      if (legal.status.finished) break;
      pick = (pick * 48271) % 2147483647;
      const outcome = await referee.apply(state, legal.actions[pick % legal.actions.length]);
      if (outcome.violation) throw new Error(`refused: ${outcome.violation.code}`);
      ({ state, status } = outcome.applied); // store the state; send it back next time
    }
    for (const seat of status.result.seats) {
      console.log(`seat ${seat.seat ?? 0}: ${seat.score ?? 0} VP, rank ${seat.rank}${seat.winner ? ', winner' : ''}`);
    }
    console.log(`${state.sequence} actions`);

    // An illegal move is an answer, not an error:
    const fresh = await referee.newGame(3, { seed: 42 });
    const stop = { seat: 0, port_royal: { stop: {} } };
    console.log((await referee.validate(fresh.state, stop)).code); // MUST_DRAW_FIRST

    // A malformed request is an error naming the field:
    try {
      await referee.newGame(9);
    } catch (err) {
      if (!(err instanceof RefereeError)) throw err;
      console.log(err.codeName, err.fields); // INVALID_ARGUMENT [ 'players' ]
    }
  } finally {
    referee.close();
  }
}

main(process.argv[2]).catch((err) => {
  console.error(err);
  process.exit(1);
});

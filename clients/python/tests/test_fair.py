"""Fair shuffles and undo through the Python client: a fair game played and verified, and
`verify_fair_game` catching a swapped seed, a changed contribution, a re-dealt game and an
edited log."""
import os

import pytest

from referee_client import UnfairGame, pb, pr, verify_fair_game
from referee_client.fair import commitment, game_seed

MINE = os.urandom(32)  # seat 0's contribution: randomness of our own


def setup_request():
    return pb.NewGameRequest(game="port-royal", players=2, fair_shuffle=True,
                             port_royal=pr.PortRoyalOptions())


def play_fair(referee):
    """A fair game as seat 0 sees it: (first view, log, final view)."""
    setup = setup_request()
    state, status = referee.new_game(2, fair_shuffle=True)
    assert status.phase == "fair_shuffle" and list(status.to_act) == [0, 1]
    first = referee.view(state, 0)
    assert len(first.fair_shuffle.commitment) == 32 and not first.fair_shuffle.server_seed
    log = []
    step = 0
    while True:
        actions, status = referee.legal_actions(state)
        if status.finished:
            return setup, first, log, referee.view(state, 0)
        action = actions[(step * 7) % len(actions)]
        if action.WhichOneof("game") == "contribution":
            assert action.contribution.randomness == b""  # listed empty, usable as is
            if action.seat == 0:
                action.contribution.randomness = MINE
        applied = referee.apply(state, action)
        assert isinstance(applied, pb.Applied), applied
        if action.WhichOneof("game") == "port_royal" and action.port_royal.HasField("draw"):
            assert not applied.undoable, "a card drawn face up cannot be taken back"
        view = referee.view(applied.state, 0)
        if not applied.status.finished:
            assert not view.fair_shuffle.server_seed and not view.fair_shuffle.HasField("game_seed")
        state = applied.state
        log.append(action)
        step += 1


@pytest.fixture(scope="module")
def game(address):
    from referee_client import Referee
    with Referee(address) as referee:
        yield play_fair(referee)


def test_a_fair_game_verifies(referee, game):
    setup, first, log, final = game
    checked = verify_fair_game(referee, setup, log, first, final, seat=0, contribution=MINE)
    assert checked.contributions[0] == MINE
    assert checked.server_seed == final.fair_shuffle.server_seed
    assert checked.game_seed == final.fair_shuffle.game_seed


def test_the_derivation_matches_the_referee_golden_values():
    seed = bytes(range(32))
    assert commitment(seed).hex() == \
        "6bb30a8f22daa77ad720a1903c9a10c187b467f4079a0cf0bbb6c6c56dd8228b"
    assert game_seed(seed, [b"alice", b"", b"\xff" * 64]) == 9595593628411860456


def test_a_swapped_seed_is_caught(referee, game):
    setup, first, log, final = game
    forged = pb.GameView()
    forged.CopyFrom(final)
    forged.fair_shuffle.server_seed = bytes(32)
    with pytest.raises(UnfairGame, match="does not open the commitment"):
        verify_fair_game(referee, setup, log, first, forged)


def test_a_changed_contribution_is_caught(referee, game):
    setup, first, log, final = game
    edited = [pb.Action.FromString(a.SerializeToString()) for a in log]
    mine = next(a for a in edited if a.WhichOneof("game") == "contribution" and a.seat == 0)
    mine.contribution.randomness = b"not what I sent"
    with pytest.raises(UnfairGame, match="contributions"):
        verify_fair_game(referee, setup, edited, first, final, seat=0, contribution=MINE)
    # The platform showing the changed contribution everywhere still fails the seat's own check.
    with pytest.raises(UnfairGame, match="seat 0's contribution"):
        verify_fair_game(referee, setup, log, first, final, seat=0, contribution=b"other")


def test_a_re_dealt_game_is_caught(referee, game):
    setup, first, log, final = game
    # The platform disliked the deal, began again and showed the new game's end: the new server
    # seed does not open the commitment the players saw first.
    _, other_first, other_log, other_final = play_fair(referee)
    with pytest.raises(UnfairGame, match="commitment"):
        verify_fair_game(referee, setup, other_log, first, other_final)


def test_an_edited_log_is_caught(referee, game):
    setup, first, log, final = game
    edited = list(log)
    del edited[5]  # an action taken out of the record
    with pytest.raises(UnfairGame, match="replay|position"):
        verify_fair_game(referee, setup, edited, first, final)

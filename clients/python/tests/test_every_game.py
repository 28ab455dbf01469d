"""Every game the server lists, through every path of the client, by the generic paths alone: a
game served later is exercised without naming it here. And the fairness check decides "dealt"
from the view's `game` oneof, whatever game fills it."""
import pytest

from referee_client import UnfairGame, pb, verify_fair_game


def test_every_listed_game_through_every_client_path(referee):
    games = referee.list_games()
    assert len(games) >= 2
    for info in games:
        # `min_players` is the fewest any variant seats (a cooperative game may seat one); two
        # seats suit every game's default options.
        players = max(2, info.min_players)
        state, status = referee.new_game(players, seed=3, game=info.game)
        assert list(status.to_act), info.game
        whole = referee.legal(state)
        action = whole.actions[0]
        assert list(whole.default_actions), info.game
        assert referee.validate(state, action) is None, info.game
        applied = referee.apply(state, action)
        assert isinstance(applied, pb.Applied), (info.game, applied)
        seat = status.to_act[0]
        view = referee.view(applied.state, seat)
        assert view.WhichOneof("game") is not None, info.game
        suggested = referee.suggest(applied.state, applied.status.to_act[0], level="random")
        assert suggested.HasField("action"), info.game
        setup = pb.NewGameRequest(game=info.game, players=players, seed=3)
        replayed = referee.replay(setup, [action])
        assert replayed.state == applied.state, info.game


@pytest.mark.parametrize("field", [f.name for f in pb.GameView.DESCRIPTOR.oneofs_by_name["game"].fields])
def test_a_dealt_view_of_any_game_fails_the_first_view_check(field):
    first = pb.GameView()
    first.fair_shuffle.commitment = bytes(32)
    getattr(first, field).SetInParent()
    final = pb.GameView()
    final.status.finished = True
    setup = pb.NewGameRequest(game="any", players=2, fair_shuffle=True)
    with pytest.raises(UnfairGame, match="before the deal"):
        verify_fair_game(None, setup, [], first, final, seat=0, contribution=b"")

"""Village through the Python client: seeded random complete games at 2-5 players, with and
without the starting compensation, with and without Life Goals; Validate agrees with Apply; Replay of the log gives the same
final state bytes; views never show the customer pile, the RNG, another seat's customers or its
face-down life goals; the
expansions that are not served are refused by name; and violations carry stable codes."""
import random

import pytest

from referee_client import Referee, RefereeError, pb, vg

KNOWN_CODES = {
    "MISSING_ACTION", "STALE_SEQUENCE", "GAME_FINISHED", "NO_SUCH_SEAT", "NOT_YOUR_TURN",
    "WRONG_GAME", "WRONG_DECISION", "NOTHING_THERE", "CANNOT_PAY", "NOT_OPEN",
    "NO_SUCH_MEMBER", "MEMBER_NOT_THERE", "SUPPLY_EMPTY", "HOLDS_FULL",
}
# The referee's catch-all sentence: a refusal that names no cause (docs/errors.md: never sent).
UNEXPLAINED = "That action is not open now."

GAMES = [(p, comp, goals, port) for p in range(2, 6)
         for comp, goals, port in ((False, False, False), (True, False, False), (False, True, False),
                                   (False, False, True), (True, True, True))]


def mutate(action: pb.Action, rng: random.Random) -> pb.Action:
    m = pb.Action()
    m.CopyFrom(action)
    choice = rng.randrange(3)
    if choice == 0:
        m.seat = rng.randrange(7)
    elif choice == 1:
        m.village.take_cube.space = rng.randrange(1, 8)
        m.village.take_cube.cube = rng.randrange(1, 6)
    else:
        m.village.recall.member = rng.randrange(12)
    return m


@pytest.mark.parametrize("players,no_comp,goals,port", GAMES,
                         ids=[f"{p}p-{'plain' if c else 'comp'}{'-goals' if g else ''}{'-port' if o else ''}"
                              for p, c, g, o in GAMES])
def test_random_complete_village_game(referee: Referee, players, no_comp, goals, port):
    rng = random.Random(f"village-{players}-{no_comp}" + ("-goals" if goals else "") + ("-port" if port else ""))
    seed = rng.randrange(2**32)
    options = vg.VillageOptions(no_starting_compensation=no_comp, life_goals=goals, port=port)
    setup = pb.NewGameRequest(game="village", players=players, seed=seed)
    setup.village.CopyFrom(options)
    state, status = referee.new_game(players, seed=seed, game="village", village=options)
    log = []
    for step in range(20_000):
        actions, status = referee.legal_actions(state)
        if status.finished:
            assert not actions
            break
        assert actions and len(status.to_act) == 1
        # village/2: other seats' free actions (a goal revealed, a chest cashed) are listed too.
        assert {a.seat for a in actions} == set(status.to_act) | set(status.free_to_act)
        for a in actions:
            if a.seat not in status.to_act:
                assert a.village.WhichOneof("action") in ("reveal_goal", "cash_chest"), a
        action = rng.choice(actions)
        if step % 11 == 0:
            assert referee.validate(state, action) is None
            bad = mutate(action, rng)
            verdict = referee.validate(state, bad)
            if bad not in actions and verdict is not None:
                assert verdict.code in KNOWN_CODES, verdict
                assert verdict.message != UNEXPLAINED, verdict
        if step % 13 == 0:
            for seat in [None, *range(players)]:
                view = referee.view(state, seat).village
                assert len(view.market.pile) == 0
                assert len(view.harbour.chests) == 0
                assert view.harbour.chest_count == len(state.village.harbour.chests)
                assert view.market.pile_count == len(state.village.market.pile)
                for i, s in enumerate(view.seats):
                    full = state.village.seats[i]
                    if i != seat:
                        assert len(s.customers) == 0
                        assert all(g.revealed for g in s.goals)
                        assert s.hidden_goals == sum(not g.revealed for g in full.goals)
                        assert len(s.chests) == 0 and s.chest_count == len(full.chests)
                        assert all(c.chest == 0 for c in s.ship.holds)
                    else:
                        assert list(s.goals) == list(full.goals)
                    assert s.customer_count == len(full.customers)
                    # village/2 deals the goals once the compensation cube is chosen.
                    dealt = goals and status.phase != "compensation_cube"
                    assert len(full.goals) == (2 if dealt else 0)
        applied = referee.apply(state, action)
        assert isinstance(applied, pb.Applied), applied
        state = applied.state
        log.append(action)
    assert status.finished
    assert any(s.winner for s in status.result.seats)

    replay = referee.replay(setup, log)
    assert not replay.HasField("violation")
    assert replay.state.SerializeToString(deterministic=True) == state.SerializeToString(deterministic=True)


@pytest.mark.parametrize("option", ["inn", "marriage"])
def test_expansions_not_served_are_refused_by_name(referee: Referee, option):
    with pytest.raises(RefereeError) as err:
        referee.new_game(3, seed=1, game="village", village=vg.VillageOptions(**{option: True}))
    assert err.value.code.name == "INVALID_ARGUMENT"
    assert err.value.reason == "UNSUPPORTED_EXPANSION"
    assert err.value.fields == (f"village.{option}",)


def test_list_games_reports_the_component_set(referee: Referee):
    village = next(g for g in referee.list_games() if g.game == "village")
    assert village.provisional
    assert village.component_set == "village-provisional-1"
    assert len(village.component_set_hash) == 64
    assert village.village.sha256 == village.component_set_hash
    assert "[life_track]" in village.village.toml


def test_a_port_royal_move_on_a_village_state_is_the_wrong_game(referee: Referee):
    state, status = referee.new_game(3, seed=5, game="village",
                                     village=vg.VillageOptions(no_starting_compensation=True))
    action = pb.Action(seat=status.to_act[0])
    action.port_royal.draw.SetInParent()
    assert referee.apply(state, action).code == "WRONG_GAME"

"""Conformance suite for the referee, driven only through the public gRPC API with the Python
client: for every Port Royal mode and player count, seeded random complete games played with
LegalActions and Apply; Validate agrees with Apply; Replay of the action log gives the same final
state bytes; views never show a hidden card; and actions by the wrong seat, with a stale
expected_sequence, without a game move, or mutated at random are refused with stable codes."""
import random

import pytest

from referee_client import Referee, RefereeError, pb, pr

MODES = (
    [("base", p, pr.PortRoyalOptions()) for p in range(2, 6)]
    + [("contracts", p, pr.PortRoyalOptions(contracts=True)) for p in range(2, 6)]
    + [("cooperative", p, pr.PortRoyalOptions(contracts=True, mode=pr.PORT_ROYAL_MODE_COOPERATIVE))
       for p in range(1, 6)]
)

KNOWN_CODES = {
    "MISSING_ACTION", "STALE_SEQUENCE", "GAME_FINISHED", "NO_SUCH_SEAT", "NOT_YOUR_TURN",
    "WRONG_PHASE", "MUST_DRAW_FIRST", "CARD_NOT_IN_HARBOR", "NO_TAKES_LEFT",
    "INSUFFICIENT_COINS", "ACTIVE_PLAYER_ONLY", "EXPEDITION_NOT_AVAILABLE",
    "EXPEDITION_REQUIREMENT_UNMET", "CARD_NOT_OWNED", "CONTRACT_NOT_AVAILABLE",
    "CONTRACT_REQUIREMENT_UNMET", "DECLINE_NOT_ALLOWED", "INVALID_GIFT",
}


def hidden_cards(state: pb.GameState) -> set:
    p = state.port_royal
    hidden = set(p.draw_pile) | set(p.discard_pile)
    for seat in p.seats:
        hidden |= set(seat.coins)
    if p.HasField("contracts"):
        hidden |= set(p.contracts.time_pile) | set(p.contracts.victory_pile)
    return hidden


def shown_cards(view: pb.GameView) -> set:
    v = view.port_royal
    shown = set(v.harbor) | set(v.expedition_row)
    for seat in v.seats:
        shown |= set(seat.display)
    if v.turn.HasField("pending_ship"):
        shown.add(v.turn.pending_ship)
    if v.HasField("contracts"):
        for s in v.contracts.set_aside:
            shown |= set(s.ships)
    return shown


def mutate(action: pb.Action, rng: random.Random) -> pb.Action:
    m = pb.Action()
    m.CopyFrom(action)
    kind = m.port_royal.WhichOneof("kind")
    choice = rng.randrange(4)
    if choice == 0:
        m.seat = rng.randrange(7)
    elif choice == 1:
        m.expected_sequence = m.expected_sequence + rng.choice([1, 2, 1000])
    elif choice == 2 and kind == "take":
        m.port_royal.take.card = rng.randrange(150)
    elif choice == 2 and kind == "claim_expedition":
        m.port_royal.claim_expedition.persons.append(rng.randrange(150))
    else:
        m.port_royal.complete_contract.contract = rng.randrange(20)
    return m


@pytest.mark.parametrize("name,players,options", MODES, ids=[f"{m[0]}-{m[1]}p" for m in MODES])
def test_random_complete_game(referee: Referee, name, players, options):
    rng = random.Random(f"{name}-{players}")
    seed = rng.randrange(2**32)
    setup = pb.NewGameRequest(game="port-royal", players=players, seed=seed)
    setup.port_royal.CopyFrom(options)
    state, status = referee.new_game(players, seed=seed, port_royal=options)
    log = []
    for step in range(20_000):
        actions, status = referee.legal_actions(state)
        if status.finished:
            assert not actions
            break
        assert actions, "an unfinished game always has an action open"
        assert {a.seat for a in actions} <= set(status.to_act)
        action = rng.choice(actions)
        assert referee.validate(state, action) is None

        if step % 7 == 0:
            # A random mutation is refused with a stable code, unless it is itself legal.
            bad = mutate(action, rng)
            verdict = referee.validate(state, bad)
            if bad not in actions and verdict is not None:
                assert verdict.code in KNOWN_CODES, verdict
                refused = referee.apply(state, bad)
                assert isinstance(refused, pb.Violation) and refused.code == verdict.code
        if step % 5 == 0:
            for seat in [None, *range(players)]:
                view = referee.view(state, seat)
                assert not (shown_cards(view) & hidden_cards(state)), "a view shows a hidden card"

        applied = referee.apply(state, action)
        assert isinstance(applied, pb.Applied), applied
        assert applied.state.sequence == state.sequence + 1
        state = applied.state
        log.append(action)
    assert status.finished, f"{name} {players}p did not finish"

    replay = referee.replay(setup, log)
    assert not replay.HasField("violation")
    assert replay.state.SerializeToString(deterministic=True) == state.SerializeToString(deterministic=True)


def test_wrong_seat_stale_sequence_and_missing_move(referee: Referee):
    state, status = referee.new_game(3, seed=7)
    actions, _ = referee.legal_actions(state)
    draw = actions[0]

    wrong_seat = pb.Action()
    wrong_seat.CopyFrom(draw)
    wrong_seat.seat = (draw.seat + 1) % 3
    assert referee.apply(state, wrong_seat).code == "NOT_YOUR_TURN"

    stale = pb.Action()
    stale.CopyFrom(draw)
    stale.expected_sequence = state.sequence + 1
    assert referee.apply(state, stale).code == "STALE_SEQUENCE"

    # The only game served is Port Royal: an action carrying no game move is refused.
    no_move = pb.Action(seat=draw.seat)
    assert referee.apply(state, no_move).code == "MISSING_ACTION"

    # A forgotten seat is not seat 0: the request is refused, naming the field.
    no_seat = pb.Action()
    no_seat.CopyFrom(draw)
    no_seat.ClearField("seat")
    with pytest.raises(RefereeError) as err:
        referee.apply(state, no_seat)
    assert err.value.code.name == "INVALID_ARGUMENT"
    assert err.value.fields == ("action.seat",)


def test_malformed_states_raise_with_the_field(referee: Referee):
    state, _ = referee.new_game(2, seed=3)
    broken = pb.GameState()
    broken.CopyFrom(state)
    broken.port_royal.harbor.append(broken.port_royal.draw_pile[0])
    with pytest.raises(RefereeError) as err:
        referee.legal_actions(broken)
    assert err.value.code.name == "INVALID_ARGUMENT"
    assert "state.port_royal.harbor[0]" in err.value.fields

    with pytest.raises(RefereeError) as err:
        referee.new_game(2, game="chess")
    assert err.value.reason == "UNSUPPORTED_GAME"


def test_tagged_states_survive_the_client_and_tampering_is_refused(keyed_referee: Referee):
    """docs/operations.md, "Tamper evidence": every state goes out tagged, the tag survives Python's protobuf
    (parsed and serialized again at every step), and a changed or untagged state is refused."""
    rng = random.Random(11)
    state, status = keyed_referee.new_game(4, seed=11, port_royal=pr.PortRoyalOptions(contracts=True))
    first = state
    while True:
        assert len(state.auth_tag) == 32
        actions, status = keyed_referee.legal_actions(state)
        if status.finished:
            break
        applied = keyed_referee.apply(state, rng.choice(actions))
        assert isinstance(applied, pb.Applied), applied
        state = applied.state

    for tamper in ("sequence", "coins", "untagged"):
        changed = pb.GameState()
        changed.CopyFrom(first)
        if tamper == "sequence":
            changed.sequence += 1
        elif tamper == "coins":
            changed.port_royal.seats[0].coins.append(changed.port_royal.draw_pile.pop())
        else:
            changed.ClearField("auth_tag")
        with pytest.raises(RefereeError) as err:
            keyed_referee.view(changed)
        assert err.value.code.name == "INVALID_ARGUMENT"
        assert err.value.fields == ("state.auth_tag",)
        assert err.value.reason == "STATE_TAMPERED"

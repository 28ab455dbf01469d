"""Checking a fair shuffle without trusting the platform (docs/fair-shuffles.md).

A game begun with `fair_shuffle` shows every seat the commitment to a secret server seed before
anything is dealt, takes a contribution from every seat, and reveals the server seed once the
game is finished. `verify_fair_game` checks, on a referee of your choice (one you run yourself
is best), that the game you played is the one those seeds deal.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Dict, Optional, Sequence

from referee.v1 import referee_service_pb2 as pb

__all__ = ["COMMITMENT_DOMAIN", "GAME_SEED_DOMAIN", "FairGame", "UnfairGame", "commitment",
           "game_seed", "verify_fair_game"]

COMMITMENT_DOMAIN = b"referee.v1/fair-shuffle/commitment\0"
GAME_SEED_DOMAIN = b"referee.v1/fair-shuffle/game-seed\0"


def commitment(server_seed: bytes) -> bytes:
    """SHA-256 of the commitment's domain separator followed by the server seed."""
    return hashlib.sha256(COMMITMENT_DOMAIN + server_seed).digest()


def game_seed(server_seed: bytes, contributions: Sequence[bytes]) -> int:
    """The first 8 bytes (big-endian) of SHA-256 of the game seed's separator, the server seed,
    and each seat's contribution in seat order, each preceded by its length in one byte."""
    h = hashlib.sha256(GAME_SEED_DOMAIN + server_seed)
    for c in contributions:
        h.update(bytes([len(c)]) + c)
    return int.from_bytes(h.digest()[:8], "big")


class UnfairGame(Exception):
    """The game does not check out; the message says which check failed."""


@dataclass(frozen=True)
class FairGame:
    """What a successful check established."""

    server_seed: bytes
    game_seed: int
    #: Each seat's contribution, by seat.
    contributions: Dict[int, bytes]
    #: The seat that contributed last. Whoever knows the server seed (the platform, which stores
    #: the state) and controls that seat could have tried contributions until one suited it:
    #: the shuffle is out of the platform's hands when the last contributor was honest.
    last_contributor: int


def verify_fair_game(referee, setup: pb.NewGameRequest, actions: Sequence[pb.Action],
                     first_view: pb.GameView, final_view: pb.GameView,
                     seat: Optional[int] = None,
                     contribution: Optional[bytes] = None) -> FairGame:
    """Checks a finished fair game; returns what it established or raises `UnfairGame`.

    - `referee`: a `Referee` you trust to replay (any referee of the game's rules version);
    - `setup`: the NewGameRequest the game was begun with (`fair_shuffle` set, no seed);
    - `actions`: the whole action log, contributions included, in order;
    - `first_view`: a view you received before anything was dealt (it shows the commitment);
    - `final_view`: your view of the finished game (it reveals the server seed);
    - `seat`, `contribution`: your seat and the bytes you contributed, to check they were used.
    """
    def fail(why: str) -> None:
        raise UnfairGame(why)

    if not setup.fair_shuffle or setup.HasField("seed"):
        fail("the setup does not ask for a fair shuffle")
    if not final_view.status.finished:
        fail("the game is not finished: the server seed is revealed only at the end")
    shown = first_view.fair_shuffle.commitment
    # Dealt means any game's view is set (its `game` oneof), whichever games the server serves.
    if first_view.WhichOneof("game") is not None or len(shown) != 32:
        fail("the first view was not taken before the deal, or shows no commitment")
    fair = final_view.fair_shuffle
    server_seed = bytes(fair.server_seed)
    if commitment(server_seed) != shown or fair.commitment != shown:
        fail("the revealed server seed does not open the commitment shown at the start")

    made: Dict[int, bytes] = {}
    order = []
    for action in actions:
        if action.WhichOneof("game") == "contribution":
            if action.seat in made:
                fail(f"seat {action.seat} contributes twice in the log")
            made[action.seat] = bytes(action.contribution.randomness)
            order.append(action.seat)
    revealed = {c.seat: bytes(c.randomness) for c in fair.contributions}
    if made != revealed or sorted(made) != list(range(setup.players)):
        fail("the log's contributions are not the ones the game shows")
    if seat is not None and contribution is not None and made.get(seat) != contribution:
        fail(f"seat {seat}'s contribution is not the one it made")
    derived = game_seed(server_seed, [made[s] for s in sorted(made)])
    if not fair.HasField("game_seed") or fair.game_seed != derived:
        fail("the game seed is not derived from the server seed and the contributions")

    viewer = final_view.viewer if final_view.HasField("viewer") else None
    replayed = referee.replay(setup, list(actions), server_seed=server_seed)
    if replayed.HasField("violation"):
        fail(f"the log does not replay: action {replayed.failed_index} is refused "
             f"({replayed.violation.code})")
    if referee.view(replayed.state, viewer) != final_view:
        fail("the replayed game ends in another position than the one shown")
    start = referee.replay(setup, list(actions)[:first_view.sequence], server_seed=server_seed)
    if referee.view(start.state, first_view.viewer if first_view.HasField("viewer") else None) \
            != first_view:
        fail("the replayed game does not begin as the first view showed")
    return FairGame(server_seed, derived, made, order[-1])

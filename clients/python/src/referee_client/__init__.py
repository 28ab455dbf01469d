"""A thin, typed client for the referee (referee.v1.RefereeService).

Illegal moves come back as values (`Violation`), as the referee answers them; transport or
request errors (a malformed state, an unknown game, limits) raise `RefereeError`, which names the
gRPC code and any field paths the server reported.
"""
from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Sequence, Tuple, Union

import grpc
from grpc_status import rpc_status
from google.rpc import error_details_pb2

from referee.v1 import port_royal_pb2 as pr
from referee.v1 import referee_service_pb2 as pb
from referee.v1 import referee_service_pb2_grpc as rpc
from referee.v1 import village_pb2 as vg

from .fair import FairGame, UnfairGame, verify_fair_game

__all__ = ["DEFAULT_SERVICE_CONFIG", "FairGame", "Referee", "RefereeError", "UnfairGame", "pb", "pr",
           "verify_fair_game", "vg"]

#: The gRPC service config every `Referee` uses unless told otherwise: every referee RPC is
#: idempotent, so a call that failed with UNAVAILABLE (no replica reachable, a connection
#: refused or reset) or UNKNOWN (an answer cut off mid-response, e.g. a replica killed) is sent
#: again, up to 4 attempts with exponential backoff from 50 ms to 1 s. Pass `service_config=`
#: to change it, or `None` to turn retries off.
DEFAULT_SERVICE_CONFIG: Dict[str, Any] = {
    "methodConfig": [{
        "name": [{"service": "referee.v1.RefereeService"}],
        "retryPolicy": {
            "maxAttempts": 4,
            "initialBackoff": "0.05s",
            "maxBackoff": "1s",
            "backoffMultiplier": 2,
            "retryableStatusCodes": ["UNAVAILABLE", "UNKNOWN"],
        },
    }],
}


@dataclass
class RefereeError(Exception):
    """A request the referee refused as a whole (not a rule violation)."""

    code: grpc.StatusCode
    message: str
    fields: Tuple[str, ...] = field(default_factory=tuple)
    reason: str = ""

    def __str__(self) -> str:
        where = f" ({', '.join(self.fields)})" if self.fields else ""
        return f"{self.code.name}: {self.message}{where}"

    @classmethod
    def from_rpc(cls, err: grpc.RpcError) -> "RefereeError":
        fields, reason = [], ""
        status = rpc_status.from_call(err) if hasattr(err, "trailing_metadata") else None
        for detail in status.details if status else []:
            bad = error_details_pb2.BadRequest()
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(bad):
                fields += [v.field for v in bad.field_violations]
            elif detail.Unpack(info):
                reason = info.reason
        return cls(err.code(), err.details() or "", tuple(fields), reason)


def _options_field(request: pb.NewGameRequest, options: Any) -> Any:
    """The field of `NewGameRequest.options` that holds a message of `options`' type."""
    for option in request.DESCRIPTOR.oneofs_by_name["options"].fields:
        if option.message_type.full_name == options.DESCRIPTOR.full_name:
            return getattr(request, option.name)
    raise TypeError(f"{type(options).__name__} is no game's options (NewGameRequest.options)")


class Referee:
    """`Referee("localhost:50051")`: one channel, every RPC of the service, retried as
    `DEFAULT_SERVICE_CONFIG` says. `credentials` (e.g. `grpc.ssl_channel_credentials(...)`) for
    a referee serving TLS; `channel` to bring a channel of your own (then `service_config` and
    `credentials` are yours to set on it)."""

    def __init__(self, address: str, timeout: float = 10.0, channel: Optional[grpc.Channel] = None,
                 service_config: Optional[Dict[str, Any]] = DEFAULT_SERVICE_CONFIG,
                 credentials: Optional[grpc.ChannelCredentials] = None):
        options = [("grpc.enable_retries", 1 if service_config else 0)]
        if service_config:
            options.append(("grpc.service_config", json.dumps(service_config)))
        if channel is None:
            channel = (grpc.secure_channel(address, credentials, options=options) if credentials
                       else grpc.insecure_channel(address, options=options))
        self._channel = channel
        self._stub = rpc.RefereeServiceStub(self._channel)
        self._timeout = timeout

    def close(self) -> None:
        self._channel.close()

    def __enter__(self) -> "Referee":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _call(self, method, request):
        try:
            return method(request, timeout=self._timeout)
        except grpc.RpcError as err:
            raise RefereeError.from_rpc(err) from None

    def list_games(self) -> Sequence[pb.GameInfo]:
        return list(self._call(self._stub.ListGames, pb.ListGamesRequest()).games)

    def new_game(self, players: int, seed: Optional[int] = None, game: str = "port-royal",
                 start_seat: Optional[int] = None,
                 port_royal: Optional[pr.PortRoyalOptions] = None,
                 village: Optional[vg.VillageOptions] = None,
                 fair_shuffle: bool = False,
                 options: Optional[Any] = None) -> Tuple[pb.GameState, pb.Status]:
        """A new game. With `fair_shuffle` (and no seed) nothing is dealt until every seat has
        sent a contribution (docs/fair-shuffles.md). `options` is any game's options message
        (the one of `NewGameRequest.options` of its type; `port_royal` and `village` name two of
        them); none: the game's defaults."""
        req = pb.NewGameRequest(game=game, players=players, seed=seed, start_seat=start_seat,
                                fair_shuffle=fair_shuffle)
        for given in (port_royal, village, options):
            if given is not None:
                _options_field(req, given).CopyFrom(given)
        res = self._call(self._stub.NewGame, req)
        return res.state, res.status

    def legal_actions(self, state: pb.GameState,
                      seat: Optional[int] = None) -> Tuple[Sequence[pb.Action], pb.Status]:
        res = self._call(self._stub.LegalActions, pb.LegalActionsRequest(state=state, seat=seat))
        return list(res.actions), res.status

    def legal(self, state: pb.GameState, seat: Optional[int] = None) -> pb.LegalActionsResponse:
        """The whole answer: actions, their descriptions, each deciding seat's default action
        (to play for a seat that timed out or left), and the status."""
        return self._call(self._stub.LegalActions, pb.LegalActionsRequest(state=state, seat=seat))

    def validate(self, state: pb.GameState, action: pb.Action) -> Optional[pb.Violation]:
        res = self._call(self._stub.Validate, pb.ValidateRequest(state=state, action=action))
        return res.violation if res.HasField("violation") else None

    def apply(self, state: pb.GameState, action: pb.Action) -> Union[pb.Applied, pb.Violation]:
        """The new state, status and events, or the violation (the state is then unchanged)."""
        res = self._call(self._stub.Apply, pb.ApplyRequest(state=state, action=action))
        return res.applied if res.WhichOneof("outcome") == "applied" else res.violation

    def view(self, state: pb.GameState, seat: Optional[int] = None) -> pb.GameView:
        return self._call(self._stub.View, pb.ViewRequest(state=state, seat=seat)).view

    def suggest(self, state: pb.GameState, seat: int, level: str = "search",
                max_iterations: int = 0, seed: int = 0,
                retries: int = 3) -> pb.SuggestResponse:
        """What a bot would play for `seat`, from that seat's view alone: `level` is "random",
        "greedy" or "search" (`max_iterations` its budget, 0 = the default of the game and
        mode); the same `seed` gives the same answer. `response.action` is ready for apply();
        a seat with nothing to decide gets `response.violation` instead. While every bot thread
        of the server is busy it answers RESOURCE_EXHAUSTED: that is retried up to `retries`
        times, after a jittered backoff (about 50, 100, 200 ms), before the error is raised."""
        levels = {"random": pb.BOT_LEVEL_RANDOM, "greedy": pb.BOT_LEVEL_GREEDY,
                  "search": pb.BOT_LEVEL_SEARCH}
        if level not in levels:
            raise ValueError(f"level must be one of {sorted(levels)}, not {level!r}")
        req = pb.SuggestRequest(state=state, seat=seat, level=levels[level],
                                max_iterations=max_iterations, seed=seed)
        for attempt in range(retries + 1):
            try:
                return self._call(self._stub.Suggest, req)
            except RefereeError as err:
                if err.code != grpc.StatusCode.RESOURCE_EXHAUSTED or attempt == retries:
                    raise
                time.sleep(0.05 * 2 ** attempt * random.uniform(0.5, 1.5))
        raise AssertionError("unreachable: the last attempt returns or raises")

    def replay(self, setup: pb.NewGameRequest, actions: Sequence[pb.Action],
               server_seed: bytes = b"", stop_after: Optional[int] = None) -> pb.ReplayResponse:
        """Replays a log from its setup (only its first `stop_after` actions, if given); a fair
        shuffle's setup needs the revealed server seed."""
        return self._call(self._stub.Replay, pb.ReplayRequest(setup=setup, actions=list(actions),
                                                              server_seed=server_seed,
                                                              stop_after=stop_after))

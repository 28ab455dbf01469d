"""The client retries what the referee's documentation says is safe to retry (UNAVAILABLE and
UNKNOWN, with backoff) by default, nothing else, and not at all when told so. A grpcio server on
127.0.0.1 stands in for a replica that fails a given number of times before it answers."""
from concurrent import futures

import grpc
import pytest

from referee.v1 import referee_service_pb2_grpc as rpc
from referee_client import Referee, RefereeError, pb


class Flaky(rpc.RefereeServiceServicer):
    """Fails ListGames `failures` times with `code`, then answers."""

    def __init__(self, code, failures):
        self.code, self.failures, self.calls = code, failures, 0

    def ListGames(self, request, context):
        self.calls += 1
        if self.calls <= self.failures:
            context.abort(self.code, "a replica went away")
        return pb.ListGamesResponse(games=[pb.GameInfo(game="port-royal")])


def flaky_server(code, failures):
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    servicer = Flaky(code, failures)
    rpc.add_RefereeServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    return server, servicer, f"127.0.0.1:{port}"


@pytest.mark.parametrize("code", [grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.UNKNOWN])
def test_unavailable_and_unknown_are_retried_by_default(code):
    server, servicer, address = flaky_server(code, failures=2)
    try:
        with Referee(address) as referee:
            assert [g.game for g in referee.list_games()] == ["port-royal"]
        assert servicer.calls == 3
    finally:
        server.stop(None)


def test_at_most_four_attempts():
    server, servicer, address = flaky_server(grpc.StatusCode.UNAVAILABLE, failures=10)
    try:
        with Referee(address) as referee, pytest.raises(RefereeError) as err:
            referee.list_games()
        assert err.value.code == grpc.StatusCode.UNAVAILABLE
        assert servicer.calls == 4
    finally:
        server.stop(None)


def test_other_codes_are_not_retried():
    server, servicer, address = flaky_server(grpc.StatusCode.INVALID_ARGUMENT, failures=1)
    try:
        with Referee(address) as referee, pytest.raises(RefereeError):
            referee.list_games()
        assert servicer.calls == 1
    finally:
        server.stop(None)


def test_retries_can_be_turned_off():
    server, servicer, address = flaky_server(grpc.StatusCode.UNAVAILABLE, failures=1)
    try:
        with Referee(address, service_config=None) as referee, pytest.raises(RefereeError):
            referee.list_games()
        assert servicer.calls == 1
    finally:
        server.stop(None)

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


@pytest.mark.parametrize("code, failures, options, calls, answered", [
    (grpc.StatusCode.UNAVAILABLE, 2, {}, 3, True),              # retried by default
    (grpc.StatusCode.UNKNOWN, 2, {}, 3, True),                  # an answer cut off: retried
    (grpc.StatusCode.UNAVAILABLE, 10, {}, 4, False),            # at most four attempts
    (grpc.StatusCode.INVALID_ARGUMENT, 1, {}, 1, False),        # the request's fault: not retried
    (grpc.StatusCode.UNAVAILABLE, 1, {"service_config": None}, 1, False),  # retries off
])
def test_the_retry_policy(code, failures, options, calls, answered):
    server, servicer, address = flaky_server(code, failures)
    try:
        with Referee(address, **options) as referee:
            try:
                assert [g.game for g in referee.list_games()] == ["port-royal"]
                got = True
            except RefereeError as err:
                assert err.code == code
                got = False
        assert (got, servicer.calls) == (answered, calls)
    finally:
        server.stop(None)


class BusyBots(grpc.RpcError):
    """What a Suggest gets while every bot thread is busy."""

    def code(self):
        return grpc.StatusCode.RESOURCE_EXHAUSTED

    def details(self):
        return "the bot threads are running the most bot requests this server runs at once"


def test_suggest_retries_busy_bots_a_bounded_number_of_times(monkeypatch):
    """RESOURCE_EXHAUSTED on Suggest (every bot thread busy) is retried after a jittered
    backoff, `retries` times, then raised; any other error is raised at once."""
    from referee_client import Referee, RefereeError, pb
    referee = Referee("127.0.0.1:1")
    slept = []
    monkeypatch.setattr("referee_client.time.sleep", slept.append)
    calls = []

    def busy_twice(request, timeout=None):
        calls.append(request)
        if len(calls) <= 2:
            raise BusyBots()
        return pb.SuggestResponse(iterations=7)

    monkeypatch.setattr(referee, "_stub", type("Stub", (), {"Suggest": staticmethod(busy_twice)}))
    assert referee.suggest(pb.GameState(), 0).iterations == 7
    assert len(calls) == 3 and len(slept) == 2
    assert 0.025 <= slept[0] <= 0.075 and 0.05 <= slept[1] <= 0.15, slept

    calls.clear()
    monkeypatch.setattr(referee, "_stub", type("Stub", (), {"Suggest": staticmethod(
        lambda request, timeout=None: (calls.append(request), (_ for _ in ()).throw(BusyBots())))}))
    with pytest.raises(RefereeError) as refused:
        referee.suggest(pb.GameState(), 0, retries=1)
    assert refused.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED and len(calls) == 2
    referee.close()

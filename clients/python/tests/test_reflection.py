"""A client with no proto files and no generated stubs (as grpcurl is) learns every message type
through server reflection, including google.rpc's error details, and so can read a refusal's
field paths and its ErrorInfo reason (docs/errors.md)."""
import grpc
from google.protobuf import descriptor_pool, message_factory
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

SERVICE = "referee.v1.RefereeService"


def reflected_pool(channel):
    # A pool of its own: nothing compiled into this process is used.
    return descriptor_pool.DescriptorPool(ProtoReflectionDescriptorDatabase(channel))


def message_class(pool, name):
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(name))


def call(channel, pool, method, request):
    m = pool.FindServiceByName(SERVICE).FindMethodByName(method)
    response = message_factory.GetMessageClass(m.output_type)
    stub = channel.unary_unary(
        f"/{SERVICE}/{method}",
        request_serializer=lambda r: r.SerializeToString(),
        response_deserializer=response.FromString,
    )
    return stub(request, timeout=10)


def refusal_details(pool, err):
    """The BadRequest field paths and the ErrorInfo reason of a refused call, decoded with
    descriptors obtained by reflection only."""
    raw = dict(err.trailing_metadata() or ())["grpc-status-details-bin"]
    status = message_class(pool, "google.rpc.Status").FromString(raw)
    fields, reason = [], ""
    for detail in status.details:
        type_name = detail.type_url.split("/")[-1]
        msg = message_class(pool, type_name).FromString(detail.value)
        if type_name == "google.rpc.BadRequest":
            fields += [v.field for v in msg.field_violations]
        elif type_name == "google.rpc.ErrorInfo":
            reason = msg.reason
    return status.code, fields, reason


def test_a_reflection_only_client_reads_field_paths_and_reasons(address):
    with grpc.insecure_channel(address) as channel:
        pool = reflected_pool(channel)
        new_game = message_class(pool, "referee.v1.NewGameRequest")

        try:
            call(channel, pool, "NewGame", new_game(game="port-royal", players=9, seed=1))
            raise AssertionError("nine players are refused")
        except grpc.RpcError as err:
            assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
            code, fields, reason = refusal_details(pool, err)
        assert code == grpc.StatusCode.INVALID_ARGUMENT.value[0]
        assert fields == ["players"]
        assert reason == ""

        try:
            call(channel, pool, "NewGame", new_game(game="chess", players=3, seed=1))
            raise AssertionError("chess is refused by this release")
        except grpc.RpcError as err:
            _, fields, reason = refusal_details(pool, err)
        assert fields == ["game"]
        assert reason == "UNSUPPORTED_GAME"

        # The service itself is described too, so a legal call works the same way.
        games = call(channel, pool, "ListGames", message_class(pool, "referee.v1.ListGamesRequest")())
        assert games.games and all(g.game and g.title for g in games.games)

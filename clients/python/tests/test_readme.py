"""The README's grpcurl quick start: every JSON request in it is valid under the standard protobuf
JSON mapping (the one grpcurl uses) and gets the answer the README describes; and the piped
session's first legal action has the JSON shape the README shows."""
import json
import pathlib
import re

import grpc
from google.protobuf import json_format

from referee.v1 import referee_service_pb2 as pb
from referee.v1 import referee_service_pb2_grpc as rpc

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"
CALL = re.compile(r"grpcurl -plaintext -d '(\{.*\})' localhost:50051 referee\.v1\.RefereeService/(\w+)")


def quick_start():
    text = README.read_text()
    return text[text.index("## grpcurl quick start"):text.index("## The API")]


def test_every_json_request_of_the_quick_start_is_answered_as_described(address):
    calls = CALL.findall(quick_start())
    assert len(calls) == 3, calls
    stub = rpc.RefereeServiceStub(grpc.insecure_channel(address))
    answers = []
    for body, method in calls:
        request = json_format.Parse(body, getattr(pb, f"{method}Request")())
        try:
            answers.append(getattr(stub, method)(request, timeout=10))
        except grpc.RpcError as err:
            answers.append(err)
    assert answers[0].state.port_royal.players == 3
    assert answers[1].state.port_royal.contracts.victory_pile  # difficulty 2 moved two cards
    assert isinstance(answers[2], grpc.RpcError)
    assert answers[2].code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "players" in answers[2].details()


def test_the_piped_session_shows_the_json_shapes_it_claims(address):
    stub = rpc.RefereeServiceStub(grpc.insecure_channel(address))
    game = stub.NewGame(json_format.Parse('{"game": "port-royal", "players": 3, "seed": "42"}',
                                          pb.NewGameRequest()), timeout=10)
    # What jq passes on: the state as JSON, parsed back into the next request.
    state_json = json_format.MessageToJson(game.state, indent=None)
    legal = stub.LegalActions(json_format.Parse(f'{{"state": {state_json}}}', pb.LegalActionsRequest()),
                              timeout=10)
    first = json.loads(json_format.MessageToJson(legal.actions[0], indent=None))
    shown = re.search(r"# (\{.*\})", quick_start()).group(1)
    assert first == json.loads(shown)
    applied = stub.Apply(json_format.Parse(
        f'{{"state": {state_json}, "action": {{"seat": 0, "expectedSequence": "0", '
        f'"portRoyal": {{"draw": {{}}}}}}}}', pb.ApplyRequest()), timeout=10)
    assert applied.WhichOneof("outcome") == "applied"
    view = stub.View(json_format.Parse(f'{{"state": {state_json}, "seat": 1}}', pb.ViewRequest()),
                     timeout=10)
    assert view.view.port_royal.draw_pile_count > 0


def test_the_fair_shuffle_example_plays_a_fair_game_and_verifies_it(address, capsys):
    text = README.read_text()
    section = text[text.index("## Fair shuffles"):text.index("## Undo")]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(code.replace("localhost:50051", address), "README.md", "exec"), {})
    assert capsys.readouterr().out.startswith("fair; game seed ")

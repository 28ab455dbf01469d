"""The README's first session runs as written and prints what its comments say; its grpcurl quick
start's JSON requests are valid under the standard protobuf JSON mapping (the one grpcurl uses)
and get the answers the README describes, and the piped session's first legal action has the
JSON shape the README shows; its curl quick start's requests, sent with the standard library's
HTTP client, get the answers and the error shape it shows; the fair shuffle example of
docs/fair-shuffles.md plays a fair game and verifies it."""
import base64
import json
import pathlib
import re
import subprocess
import sys
import urllib.error
import urllib.request

import grpc
from google.protobuf import json_format
from google.rpc import error_details_pb2

from referee.v1 import referee_service_pb2 as pb
from referee.v1 import referee_service_pb2_grpc as rpc

ROOT = pathlib.Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
CALL = re.compile(r"grpcurl -plaintext -d '(\{.*\})' localhost:50051 referee\.v1\.RefereeService/(\w+)")


def quick_start():
    text = README.read_text()
    return text[text.index("## grpcurl quick start"):text.index("## curl quick start")]


def curl_quick_start():
    text = README.read_text()
    return text[text.index("## curl quick start"):text.index("## Where to go next")]


CURL = re.compile(r"curl -d '(\{.*\})' -H 'content-type: application/json' "
                  r"http://localhost:50051(/referee\.v1\.RefereeService/\w+)")


def post_json(address, path, body):
    """A POST with a JSON body through urllib: the HTTP status and the decoded JSON answer."""
    request = urllib.request.Request(f"http://{address}{path}", data=body.encode(),
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_the_curl_quick_start_is_answered_as_shown(address):
    calls = CURL.findall(curl_quick_start())
    assert len(calls) == 2, calls
    (status, game), (refused_status, refused) = [post_json(address, path, body)
                                                 for body, path in calls]
    assert status == 200 and game["state"]["portRoyal"]["players"] == 3
    # The answer is the standard mapping: what gRPC answers, as JSON.
    stub = rpc.RefereeServiceStub(grpc.insecure_channel(address))
    native = stub.NewGame(json_format.Parse(calls[0][0], pb.NewGameRequest()), timeout=10)
    assert json_format.ParseDict(game, pb.NewGameResponse()) == native
    # The refusal has the error shape the README shows, its detail the field path.
    shown = json.loads(re.search(r"# (\{.*\})", curl_quick_start()).group(1))
    assert refused_status == 400
    assert refused["code"] == shown["code"] and refused["message"] == shown["message"]
    detail = refused["details"][0]
    assert detail["type"] == shown["details"][0]["type"] == "google.rpc.BadRequest"
    assert detail["value"].startswith(shown["details"][0]["value"].rstrip("…"))
    value = detail["value"] + "=" * (-len(detail["value"]) % 4)
    bad = error_details_pb2.BadRequest.FromString(base64.b64decode(value))
    assert [v.field for v in bad.field_violations] == ["players"]


def first_session():
    text = README.read_text()
    section = text[text.index("## A first session"):text.index("## grpcurl quick start")]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_first_session_runs_as_written_and_prints_what_it_says(address, capsys):
    code = first_session()
    exec(compile(code.replace("localhost:50051", address), "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    promised = [line.split("# ")[-1] for line in code.splitlines()
                if line.lstrip().startswith("print(") and "# " in line]
    assert len(promised) == 5, promised
    for claim in promised:
        assert any(line.endswith(claim) for line in out), (claim, out)


def test_the_first_session_type_checks(tmp_path):
    path = tmp_path / "first_session.py"
    path.write_text(first_session())
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                          str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


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
    text = (ROOT / "docs" / "fair-shuffles.md").read_text()
    section = text[text.index("## Fair shuffles"):text.index("## Undo")]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(code.replace("localhost:50051", address), "README.md", "exec"), {})
    assert capsys.readouterr().out.startswith("fair; game seed ")

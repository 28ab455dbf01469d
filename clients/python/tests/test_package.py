"""The package as a user installs it: typed (PEP 561, so mypy reads it), licensed, and the
README's example type-checks against it with mypy."""
import importlib.metadata
import importlib.resources
import pathlib
import re
import subprocess
import sys

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_the_package_and_its_generated_stubs_are_typed():
    assert importlib.resources.files("referee_client").joinpath("py.typed").is_file()
    assert importlib.resources.files("referee").joinpath("py.typed").is_file()
    assert importlib.resources.files("referee.v1").joinpath("referee_service_pb2.pyi").is_file()


def test_the_licence_is_in_the_metadata():
    assert importlib.metadata.metadata("referee-client")["License-Expression"] == "Apache-2.0"


def test_the_readme_example_type_checks(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks, "the README has a Python example"
    for i, code in enumerate(blocks):
        path = tmp_path / f"readme_{i}.py"
        path.write_text(code)
        out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                              str(path)], capture_output=True, text=True)
        assert out.returncode == 0, f"README example {i}:\n{out.stdout}{out.stderr}"

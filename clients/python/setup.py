"""Generates the gRPC stubs from the repository's proto/ at build time (grpcio-tools), so the
package never carries hand-written or stale stubs. The generated modules are the package
`referee.v1` (the proto package), next to the helper package `referee_client`. An sdist carries
a copy of proto/ (`python -m build` builds the wheel from the sdist, where the repository is not
at hand)."""
import pathlib
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = pathlib.Path(__file__).resolve().parent
# The copy an sdist carries, else the repository's.
PROTO_ROOT = next((p for p in (HERE / "proto", HERE.parent.parent / "proto")
                   if (p / "referee" / "v1").is_dir()), HERE / "proto")


class SdistWithProtos(sdist):
    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        shutil.copytree(PROTO_ROOT, pathlib.Path(base_dir) / "proto", dirs_exist_ok=True)


class BuildWithStubs(build_py):
    def run(self):
        from grpc_tools import protoc
        import grpc_tools

        out = HERE / "src"
        protos = sorted(str(p) for p in (PROTO_ROOT / "referee" / "v1").glob("*.proto"))
        if not protos:
            raise SystemExit(f"no .proto files under {PROTO_ROOT}")
        include = str(pathlib.Path(grpc_tools.__file__).parent / "_proto")
        args = ["protoc", f"-I{PROTO_ROOT}", f"-I{include}", f"--python_out={out}",
                f"--pyi_out={out}", f"--grpc_python_out={out}", *protos]
        if protoc.main(args) != 0:
            raise SystemExit("protoc failed")
        for pkg in [out / "referee", out / "referee" / "v1"]:
            (pkg / "__init__.py").touch()
            (pkg / "py.typed").touch()  # the generated .pyi stubs are the types
        generated = {"referee", "referee.v1"}
        self.packages = sorted(set(self.packages or []) | generated)
        self.distribution.packages = sorted(set(self.distribution.packages or []) | generated)
        super().run()


setup(cmdclass={"build_py": BuildWithStubs, "sdist": SdistWithProtos})

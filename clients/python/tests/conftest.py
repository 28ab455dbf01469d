"""Starts the referee binary on 127.0.0.1 for the suite (REFEREE_BIN, default the repository's
release build) and stops it afterwards; a second one with a state key for the tamper tests."""
import contextlib
import os
import pathlib
import socket
import subprocess
import time

import grpc
import pytest

from referee_client import Referee

REPO = pathlib.Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(credentials=None, **env):
    """A referee on a free 127.0.0.1 port, with extra environment; stopped (exit 0) afterwards.
    `credentials`: the channel credentials that reach it, for a referee serving TLS."""
    binary = os.environ.get("REFEREE_BIN", str(REPO / "target" / "release" / "referee"))
    port, metrics = free_port(), free_port()
    env = dict(os.environ, REFEREE_LISTEN=f"127.0.0.1:{port}",
               REFEREE_METRICS_LISTEN=f"127.0.0.1:{metrics}", RUST_LOG="warn", **env)
    proc = subprocess.Popen([binary], env=env, stderr=subprocess.DEVNULL)
    addr = f"127.0.0.1:{port}"
    channel = grpc.secure_channel(addr, credentials) if credentials else grpc.insecure_channel(addr)
    try:
        grpc.channel_ready_future(channel).result(timeout=20)
        yield addr
    finally:
        channel.close()
        proc.terminate()
        assert proc.wait(timeout=30) == 0, "the referee exits 0 on SIGTERM"


@pytest.fixture(scope="session")
def address():
    with serve() as addr:
        yield addr


@pytest.fixture()
def referee(address):
    with Referee(address) as r:
        yield r


@pytest.fixture()
def keyed_referee():
    """A referee with tamper evidence on (docs/operations.md, "Tamper evidence")."""
    with serve(REFEREE_STATE_KEY="conformance-suite-key-0123456789abcdef") as addr:
        with Referee(addr) as r:
            yield r

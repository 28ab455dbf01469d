"""The referee over TLS and mutual TLS, from grpcio (BoringSSL, another TLS stack than the
server's rustls): a client that trusts the server's CA plays; with a client CA configured, only a
client presenting a certificate it signed gets through. Certificates are made with openssl for
the test."""
import subprocess

import grpc
import pytest

from conftest import serve
from referee_client import Referee, RefereeError


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def ca(directory, name):
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-days", "1", "-subj", f"/CN={name}", "-keyout", f"{name}.key", "-out", f"{name}.pem",
            cwd=directory)


def leaf(directory, name, issuer, san):
    openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-subj", f"/CN={name}", "-keyout", f"{name}.key", "-out", f"{name}.csr", cwd=directory)
    (directory / f"{name}.ext").write_text(f"subjectAltName={san}\n")
    openssl("x509", "-req", "-in", f"{name}.csr", "-CA", f"{issuer}.pem", "-CAkey",
            f"{issuer}.key", "-CAcreateserial", "-days", "1", "-extfile", f"{name}.ext",
            "-out", f"{name}.pem", cwd=directory)


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    d = tmp_path_factory.mktemp("pki")
    ca(d, "server-ca")
    ca(d, "client-ca")
    ca(d, "other-ca")
    leaf(d, "server", "server-ca", "DNS:localhost,IP:127.0.0.1")
    leaf(d, "client", "client-ca", "DNS:platform-backend")
    leaf(d, "impostor", "other-ca", "DNS:impostor")
    return d


def credentials(pki, client=None):
    chain = key = None
    if client:
        chain, key = (pki / f"{client}.pem").read_bytes(), (pki / f"{client}.key").read_bytes()
    return grpc.ssl_channel_credentials(root_certificates=(pki / "server-ca.pem").read_bytes(),
                                        private_key=key, certificate_chain=chain)


def plays(address, creds):
    with Referee(address, credentials=creds, service_config=None) as referee:
        state, status = referee.new_game(3, seed=3)
        actions, _ = referee.legal_actions(state)
        return referee.apply(state, actions[0]).status.to_act is not None


def test_a_client_that_trusts_the_servers_ca_plays_over_tls(pki):
    env = dict(REFEREE_TLS_CERT=str(pki / "server.pem"), REFEREE_TLS_KEY=str(pki / "server.key"))
    with serve(credentials=credentials(pki), **env) as address:
        assert plays(address, credentials(pki))
        with pytest.raises(RefereeError) as err:
            plays(address, None)  # plaintext to a TLS port
        assert err.value.code == grpc.StatusCode.UNAVAILABLE


def test_with_mutual_tls_only_the_client_cas_certificates_get_through(pki):
    env = dict(REFEREE_TLS_CERT=str(pki / "server.pem"), REFEREE_TLS_KEY=str(pki / "server.key"),
               REFEREE_TLS_CLIENT_CA=str(pki / "client-ca.pem"))
    with serve(credentials=credentials(pki, "client"), **env) as address:
        assert plays(address, credentials(pki, "client"))
        for who in [None, "impostor"]:
            with pytest.raises(RefereeError) as err:
                plays(address, credentials(pki, who))
            assert err.value.code == grpc.StatusCode.UNAVAILABLE, who

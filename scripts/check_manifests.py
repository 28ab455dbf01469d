"""Checks rendered manifests against the deployment policy of deploy/README.md.

Usage: check_manifests.py [--binary REFEREE] RENDERED.yaml... ; exits 1 and names every breach.
It first checks itself: copies of the manifests with breaches planted must be refused.

A rendering whose objects carry a namespace is a production overlay: it must create that
namespace, require tamper evidence and mount Village's component set from a ConfigMap. With
--binary, each Deployment's container configuration (its environment, with the Secrets present or
absent, and the ConfigMaps it mounts, written to a folder) is given to `REFEREE --check-config`:
it must start with the Secret, and without it must refuse to start exactly when it requires a key.
"""
import copy
import os
import subprocess
import sys
import tempfile

import yaml

SERVER_GRACE_SECONDS = 20  # REFEREE_SHUTDOWN_GRACE_MS in deployment.yaml


def breaches(docs):
    out = []
    kinds = {}
    for d in docs:
        kinds.setdefault(d["kind"], []).append(d)
    for kind in ["Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget",
                 "NetworkPolicy", "ServiceAccount"]:
        if kind not in kinds:
            out.append(f"no {kind}")
    for dep in kinds.get("Deployment", []):
        spec = dep["spec"]
        pod = spec["template"]["spec"]
        if spec.get("replicas", 1) < 3:
            out.append("Deployment: fewer than 3 replicas")
        psc = pod.get("securityContext", {})
        if not psc.get("runAsNonRoot"):
            out.append("pod: runAsNonRoot is not set")
        if psc.get("seccompProfile", {}).get("type") != "RuntimeDefault":
            out.append("pod: seccomp is not RuntimeDefault")
        if not pod.get("topologySpreadConstraints"):
            out.append("pod: no topology spread")
        if pod.get("automountServiceAccountToken") is not False:
            out.append("pod: the service account token is mounted")
        for c in pod["containers"]:
            sc = c.get("securityContext", {})
            name = c["name"]
            if sc.get("allowPrivilegeEscalation") is not False:
                out.append(f"{name}: privilege escalation allowed")
            if sc.get("readOnlyRootFilesystem") is not True:
                out.append(f"{name}: root filesystem writable")
            if "ALL" not in sc.get("capabilities", {}).get("drop", []):
                out.append(f"{name}: capabilities not all dropped")
            env_names = {e["name"] for e in c.get("env", [])}
            for probe, path in [("readinessProbe", "/readyz"), ("livenessProbe", "/livez")]:
                spec_ = c.get(probe, {})
                if "REFEREE_TLS_CERT" in env_names:
                    # Kubernetes' gRPC probes cannot speak TLS: the plain-HTTP ones must be used.
                    http = spec_.get("httpGet", {})
                    if http.get("path") != path or http.get("port") != "metrics":
                        out.append(f"{name}: with TLS, {probe} must GET {path} on the metrics port")
                elif "grpc" not in spec_:
                    out.append(f"{name}: {probe} is not a gRPC probe")
            res = c.get("resources", {})
            if not res.get("requests") or not res.get("limits"):
                out.append(f"{name}: resource requests and limits are required")
            pre_stop = c.get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds", 0)
            env = {e["name"]: e.get("value") for e in c.get("env", [])}
            grace = int(env.get("REFEREE_SHUTDOWN_GRACE_MS", "20000")) / 1000
            if pre_stop <= 0:
                out.append(f"{name}: no preStop delay")
            if pod.get("terminationGracePeriodSeconds", 30) < pre_stop + grace:
                out.append(f"{name}: terminationGracePeriodSeconds < preStop + drain grace")
            ports = {p["name"]: p["containerPort"] for p in c.get("ports", [])}
            for var, port in [("REFEREE_LISTEN", "grpc"), ("REFEREE_METRICS_LISTEN", "metrics")]:
                if var in env and str(ports.get(port)) != env[var].rsplit(":", 1)[-1]:
                    out.append(f"{name}: {var} ({env[var]}) is not the {port} containerPort")
            annotated = spec["template"]["metadata"].get("annotations", {}).get("prometheus.io/port")
            if annotated != str(ports.get("metrics")):
                out.append(f"{name}: prometheus.io/port ({annotated}) is not the metrics port")
    namespaces = {d["metadata"].get("namespace") for d in docs} - {None}
    for ns in namespaces:
        if not any(d["kind"] == "Namespace" and d["metadata"]["name"] == ns for d in docs):
            out.append(f"namespace {ns}: no Namespace object (apply -k fails on a fresh cluster)")
    if namespaces:
        for dep in kinds.get("Deployment", []):
            pod = dep["spec"]["template"]["spec"]
            for c in pod["containers"]:
                env = {e["name"]: e.get("value") for e in c.get("env", [])}
                if env.get("REFEREE_REQUIRE_STATE_KEY") != "true":
                    out.append(f"{c['name']}: a production overlay must require the state key")
                if not village_mount(pod, c, docs):
                    out.append(f"{c['name']}: Village's component set is not mounted from a "
                               "ConfigMap of the rendering at REFEREE_VILLAGE_COMPONENTS")
    services = kinds.get("Service", [])
    if not any(s["spec"].get("clusterIP") == "None" for s in services):
        out.append("no headless Service for client-side round_robin")
    if not any(s["spec"].get("clusterIP") != "None" for s in services):
        out.append("no ClusterIP Service")
    return out


def village_mount(pod, container, docs):
    """Whether REFEREE_VILLAGE_COMPONENTS names a file of a ConfigMap the rendering has, mounted
    read-only."""
    env = {e["name"]: e.get("value") for e in container.get("env", [])}
    path = env.get("REFEREE_VILLAGE_COMPONENTS")
    if not path:
        return False
    for mount in container.get("volumeMounts", []):
        directory = mount["mountPath"].rstrip("/") + "/"
        if not path.startswith(directory) or not mount.get("readOnly"):
            continue
        for volume in pod.get("volumes", []):
            name = volume.get("configMap", {}).get("name")
            if volume["name"] == mount["name"] and name:
                maps = [d for d in docs if d["kind"] == "ConfigMap" and d["metadata"]["name"] == name]
                if maps and path[len(directory):] in maps[0].get("data", {}):
                    return True
    return False


def pod_starts(binary, pod, container, docs, with_secrets):
    """Runs `binary --check-config` with the container's environment and ConfigMap mounts.
    Secret references get a key as if the Secret existed, or are left out (they are optional)."""
    with tempfile.TemporaryDirectory() as root:
        env = {"PATH": os.environ.get("PATH", "")}
        mounts = {}
        for mount in container.get("volumeMounts", []):
            for volume in pod.get("volumes", []):
                name = volume.get("configMap", {}).get("name")
                if volume["name"] != mount["name"] or not name:
                    continue
                folder = os.path.join(root, mount["name"])
                os.makedirs(folder)
                for d in docs:
                    if d["kind"] == "ConfigMap" and d["metadata"]["name"] == name:
                        for key, text in d.get("data", {}).items():
                            with open(os.path.join(folder, key), "w") as f:
                                f.write(text)
                mounts[mount["mountPath"].rstrip("/") + "/"] = folder + "/"
        for e in container.get("env", []):
            if "value" in e:
                value = e["value"]
                for mount_path, folder in mounts.items():
                    if value.startswith(mount_path):
                        value = folder + value[len(mount_path):]
                env[e["name"]] = value
            elif "secretKeyRef" in e.get("valueFrom", {}) and with_secrets:
                env[e["name"]] = "0123456789abcdef" * 4
        proc = subprocess.run([binary, "--check-config"], env=env, capture_output=True, text=True)
        return proc.returncode == 0, (proc.stdout + proc.stderr).strip()


def start_breaches(binary, docs):
    """What --check-config says of each Deployment's configuration, with and without Secrets."""
    out = []
    for dep in [d for d in docs if d["kind"] == "Deployment"]:
        pod = dep["spec"]["template"]["spec"]
        for c in pod["containers"]:
            env = {e["name"]: e.get("value") for e in c.get("env", [])}
            ok, said = pod_starts(binary, pod, c, docs, with_secrets=True)
            if not ok:
                out.append(f"{c['name']}: does not start with its Secret present: {said}")
            ok, said = pod_starts(binary, pod, c, docs, with_secrets=False)
            if ok == (env.get("REFEREE_REQUIRE_STATE_KEY") == "true"):
                out.append(f"{c['name']}: without the Secret it {'starts' if ok else 'fails'}: "
                           f"{said}")
    return out


def plants(docs):
    """Copies of docs, each with one breach planted, and the words that must catch it."""
    def deployment(d):
        return [x for x in d if x["kind"] == "Deployment"][0]

    def container(d):
        return deployment(d)["spec"]["template"]["spec"]["containers"][0]

    out = []
    planted = copy.deepcopy(docs)
    container(planted)["securityContext"].pop("readOnlyRootFilesystem")
    out.append((planted, "root filesystem"))
    planted = copy.deepcopy(docs)
    deployment(planted)["spec"]["template"]["metadata"]["annotations"]["prometheus.io/port"] = "1"
    out.append((planted, "prometheus.io/port"))
    if any(e["name"] == "REFEREE_TLS_CERT" for e in container(docs).get("env", [])):
        planted = copy.deepcopy(docs)
        container(planted)["readinessProbe"] = {"grpc": {"port": 50051}}
        out.append((planted, "with TLS, readinessProbe"))
    if any(d["metadata"].get("namespace") for d in docs):
        out.append(([d for d in docs if d["kind"] != "Namespace"], "no Namespace"))
        planted = copy.deepcopy(docs)
        container(planted)["env"] = [e for e in container(planted)["env"]
                                     if e["name"] != "REFEREE_REQUIRE_STATE_KEY"]
        out.append((planted, "require the state key"))
        planted = copy.deepcopy(docs)
        container(planted)["volumeMounts"][0]["readOnly"] = False
        out.append((planted, "component set is not mounted"))
    return out


def readme_patch(readme, heading):
    """The JSON patch of the yaml block under `heading` in deploy/README.md."""
    text = open(readme).read()
    block = text[text.index(heading):]
    block = block[block.index("```yaml\n") + 8:]
    return yaml.safe_load(block[:block.index("```")])


def apply_patch(docs, ops):
    """`docs` with the JSON patch `ops` (add and replace, as the README uses) applied to the
    Deployment."""
    docs = copy.deepcopy(docs)
    deployment = [d for d in docs if d["kind"] == "Deployment"][0]
    for op in ops:
        *parents, last = op["path"].strip("/").split("/")
        node = deployment
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if op["op"] == "add" and last == "-":
            node.append(op["value"])
        elif isinstance(node, list):
            node[int(last)] = op["value"]
        else:
            node[last] = op["value"]
    return docs


def main(args):
    binary = None
    if args[:1] == ["--binary"]:
        binary, args = args[1], args[2:]
    if args[:1] == ["--readme-patch"]:
        # Writes RENDERED.yaml with the README's patch under HEADING applied, to validate it.
        readme, heading, rendered, out = args[1:5]
        with open(rendered) as f:
            docs = [d for d in yaml.safe_load_all(f) if d]
        with open(out, "w") as f:
            yaml.safe_dump_all(apply_patch(docs, readme_patch(readme, heading)), f)
        return 0
    for path in args:
        with open(path) as f:
            docs = [d for d in yaml.safe_load_all(f) if d]
        for planted, words in plants(docs):
            if not any(words in b for b in breaches(planted)):
                print(f"check_manifests.py: the self-check did not catch a planted breach ({words})")
                return 1
        found = breaches(docs)
        tls = any(e["name"] == "REFEREE_TLS_CERT" for d in docs if d["kind"] == "Deployment"
                  for c in d["spec"]["template"]["spec"]["containers"] for e in c.get("env", []))
        if binary and not tls:  # the TLS files are a Secret's, which a rendering does not have
            found += start_breaches(binary, docs)
        if found:
            for b in found:
                print(f"{path}: {b}")
            return 1
        started = (", and each pod's configuration passes --check-config" if binary and not tls
                   else ", TLS files not checked: they come from a Secret" if tls else "")
        print(f"{path}: policy ok ({len(docs)} objects{started})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

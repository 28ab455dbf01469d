"""Checks rendered manifests against the deployment policy of deploy/README.md.

Usage: check_manifests.py RENDERED.yaml... ; exits 1 and names every breach. It first checks
itself: a copy of the manifests with a breach planted must be refused.
"""
import copy
import sys

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
            for probe in ["readinessProbe", "livenessProbe"]:
                if "grpc" not in c.get(probe, {}):
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
    services = kinds.get("Service", [])
    if not any(s["spec"].get("clusterIP") == "None" for s in services):
        out.append("no headless Service for client-side round_robin")
    if not any(s["spec"].get("clusterIP") != "None" for s in services):
        out.append("no ClusterIP Service")
    return out


def main(paths):
    for path in paths:
        with open(path) as f:
            docs = [d for d in yaml.safe_load_all(f) if d]
        found = breaches(docs)
        planted = copy.deepcopy(docs)
        for d in planted:
            if d["kind"] == "Deployment":
                d["spec"]["template"]["spec"]["containers"][0]["securityContext"].pop(
                    "readOnlyRootFilesystem")
        if not any("root filesystem" in b for b in breaches(planted)):
            print("check_manifests.py: the self-check did not catch a planted breach")
            return 1
        if found:
            for b in found:
                print(f"{path}: {b}")
            return 1
        print(f"{path}: policy ok ({len(docs)} objects)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

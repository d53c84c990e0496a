"""deploy/k8s/: each manifest is valid against the Kubernetes (and Kubeflow MPIJob) schemas vendored in
tests/fixtures/k8s_schemas (no network), and the pieces agree: the launcher's flags parse, --master names pod 0
through the headless service, the node count and ports match."""
import json
from pathlib import Path

import pytest

from purepaddle.distributed.launch import args as launch_args
from tests.checkout import ROOT
from tests.deploy import json_schema, yaml_subset

K8S = ROOT / "deploy" / "k8s"
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "k8s_schemas" / "k8s-subset.json").read_text())
MANIFESTS = sorted(K8S.glob("*.yaml"))


def _docs(path):
    return yaml_subset.load_all(path.read_text())


def _schema_errors(doc):
    name = SCHEMA["kinds"].get(f"{doc.get('apiVersion')}/{doc.get('kind')}")
    if name is None:
        return [f"no vendored schema for {doc.get('apiVersion')}/{doc.get('kind')}"]
    return json_schema.errors(doc, SCHEMA["definitions"][name], SCHEMA)


def test_the_two_routes_are_there():
    assert [p.name for p in MANIFESTS] == ["mpijob.yaml", "paddle-job.yaml"]


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_manifest_matches_the_kubernetes_schemas(path):
    docs = _docs(path)
    assert docs
    for doc in docs:
        assert _schema_errors(doc) == [], doc.get("kind")


def test_the_schemas_catch_mistakes():
    job = next(d for d in _docs(K8S / "paddle-job.yaml") if d["kind"] == "Job")
    bad = json.loads(json.dumps(job))
    bad["spec"]["template"]["spec"]["contianers"] = bad["spec"]["template"]["spec"].pop("containers")
    bad["spec"]["completions"] = "2"
    bad["spec"]["template"]["spec"]["restartPolicy"] = "Sometimes"
    errs = "\n".join(_schema_errors(bad))
    assert "unknown field 'contianers'" in errs and "missing required field 'containers'" in errs
    assert "$.spec.completions: expected an integer" in errs and "'Sometimes' is not one of" in errs


def test_paddle_job_pieces_agree():
    docs = {d["kind"]: d for d in _docs(K8S / "paddle-job.yaml")}
    svc, job = docs["Service"], docs["Job"]
    pod = job["spec"]["template"]["spec"]
    [container] = pod["containers"]
    assert svc["spec"]["clusterIP"] == "None" and svc["spec"]["publishNotReadyAddresses"] is True
    assert svc["spec"]["selector"] == {"job-name": job["metadata"]["name"]}  # the label the Job controller sets
    assert pod["subdomain"] == svc["metadata"]["name"] and pod["restartPolicy"] == "Never"
    assert job["spec"]["completionMode"] == "Indexed"
    cmd = container["command"]
    assert cmd[:3] == ["python", "-m", "paddle.distributed.launch"]
    a = launch_args.parse(cmd[3:], environ={})
    assert int(a.nnodes) == job["spec"]["completions"] == job["spec"]["parallelism"]
    host, port = a.master.rsplit(":", 1)
    assert host == f"{job['metadata']['name']}-0.{svc['metadata']['name']}"
    assert int(port) == svc["spec"]["ports"][0]["port"] == container["ports"][0]["containerPort"]
    env = {e["name"]: e for e in container["env"]}
    assert env["PADDLE_RANK"]["valueFrom"]["fieldRef"]["fieldPath"] == \
        "metadata.annotations['batch.kubernetes.io/job-completion-index']"
    assert launch_args.ENV_ARGS["PADDLE_RANK"][0] == "rank" and "PADDLE_JOIN_TIMEOUT" in launch_args.ENV_ARGS


def test_mpijob_pieces_agree():
    [job] = _docs(K8S / "mpijob.yaml")
    spec = job["spec"]
    cmd = spec["mpiReplicaSpecs"]["Launcher"]["template"]["spec"]["containers"][0]["command"]
    assert cmd[0] == "mpirun" and cmd[-3:] == ["-m", "purepaddle", "train.py"]
    assert int(cmd[cmd.index("-np") + 1]) == spec["slotsPerWorker"] * spec["mpiReplicaSpecs"]["Worker"]["replicas"]


@pytest.mark.parametrize("text, docs", [
    ("a: 1\nb:\n  c: 'x'\n  d: \"y\"\n", [{"a": 1, "b": {"c": "x", "d": "y"}}]),
    ("# c\nl:\n  - 1\n  - name: n\n    v: true\n  -\n    k: null\n---\nx: 8Gi\n",
     [{"l": [1, {"name": "n", "v": True}, {"k": None}]}, {"x": "8Gi"}]),
    ("p: metadata.annotations['a']\n", [{"p": "metadata.annotations['a']"}]),
])
def test_yaml_subset(text, docs):
    assert yaml_subset.load_all(text) == docs


@pytest.mark.parametrize("text", ["a: [1, 2]\n", "a: |\n  x\n", "a: 1\na: 2\n", "a:\n  b: 1\n    c: 2\n"])
def test_yaml_outside_the_subset_fails_loudly(text):
    with pytest.raises(ValueError):
        yaml_subset.load_all(text)

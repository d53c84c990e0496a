"""fleet.CommunicateTopology arithmetic (against real Paddle) and HybridCommunicateGroup in a world of one;
the groups on 4 ranks are checked in test_hybrid_job.py."""
import json
import subprocess

import pytest

import purepaddle.distributed as dist
import purepaddle.distributed.fleet as fleet
from purepaddle.distributed.fleet.base import topology as base_topology

SURVEY = """
import json, sys
import {mod}.distributed.fleet as fleet
out = []
for names, dims in [(["data", "pipe", "sharding", "sep", "model"], [2, 2, 1, 1, 2]),
                    (["data", "pipe", "sharding", "sep", "context", "model"], [1, 3, 2, 1, 1, 2])]:
    t = fleet.CommunicateTopology(names, dims)
    out.append({{"world": t.world_size(), "names": t.get_hybrid_group_names(),
                "comm": {{n: t.get_comm_list(n) for n in names}},
                "axis": {{n: [t.get_axis_list(n, i) for i in range(t.get_dim(n))] for n in names}},
                "coord": [list(t.get_coord(r)) for r in range(t.world_size())],
                "fields": list(t.get_coord(0)._fields),
                "fused": sorted(t.get_fused_ranks(["data", "sep"])),
                "stage": [t.get_rank_from_stage(r, pipe=0) for r in range(t.world_size())],
                "rank": t.get_rank(**dict(zip(names, [d - 1 for d in dims])))}})
print(json.dumps(out))
"""


def _survey(python, mod):
    proc = subprocess.run([str(python), "-c", SURVEY.format(mod=mod)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_topology_matches_paddle(ref_python):
    import sys
    assert _survey(sys.executable, "purepaddle") == _survey(ref_python, "paddle")


def test_topology_defaults_and_paths():
    t = fleet.CommunicateTopology()
    assert t.get_hybrid_group_names() == ["data", "pipe", "sharding", "sep", "context", "model"]
    assert (t.world_size(), t.get_dim("model"), t.get_dim_size("data")) == (1, 1, 1)
    assert base_topology.CommunicateTopology is fleet.CommunicateTopology
    assert base_topology.HybridCommunicateGroup is fleet.HybridCommunicateGroup


def test_hybrid_group_in_a_world_of_one(solo):
    dist.init_parallel_env()
    hcg = fleet.HybridCommunicateGroup(fleet.CommunicateTopology())
    assert hcg.get_parallel_mode() is None
    assert (hcg.get_data_parallel_rank(), hcg.get_model_parallel_world_size(), hcg.get_stage_id()) == (0, 1, 0)
    assert hcg.is_first_stage and hcg.is_last_stage
    for g in (hcg.get_data_parallel_group(), hcg.get_model_parallel_group(), hcg.get_pipe_parallel_group(),
              hcg.get_sharding_parallel_group(), hcg.get_check_parallel_group()):
        assert g.ranks == [0] and g.nranks == 1
    assert hcg.get_data_parallel_group_src_rank() == 0 and hcg.topology().world_size() == 1
    with pytest.raises(AssertionError, match="sep not exist"):
        hcg.get_sep_parallel_group()
    with pytest.raises(ValueError, match="the degrees multiply to 2 but the job has 1 ranks"):
        fleet.HybridCommunicateGroup(fleet.CommunicateTopology(dims=[2, 1, 1, 1, 1, 1]))

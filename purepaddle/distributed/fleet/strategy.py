"""fleet.DistributedStrategy: Paddle's fields and defaults; unknown names fail loudly, inert ones warn.

Which fields purepaddle applies (data parallelism on MPI): find_unused_parameters,
fuse_grad_size_in_MB and last_comm_group_size_MB (DataParallel's buckets) and fuse_all_reduce_ops
(False: one all-reduce per parameter); gradient_merge and localsgd (their *_configs; see
meta_optimizers.py and program_rewrites.py), in static programs amp (amp_configs, through
paddle.static.amp) and recompute (recompute_configs' checkpoints, through RecomputeOptimizer). Every
other field is accepted with Paddle's default, and turning it on warns once that purepaddle does not
apply it yet (in dygraph, recompute: use fleet.utils.recompute; ...).
"""

from __future__ import annotations

import copy
import warnings

__all__ = ["DistributedStrategy"]

_F32_08, _F32_001, _F32_0001, _F32_00005 = 0.800000011920929, 0.009999999776482582, 0.0010000000474974513, \
    0.0005000000237487257  # Paddle keeps these in float32 proto fields

# field -> default (a dict for *_configs fields: assigning a dict merges its known keys)
DEFAULTS = {
    "a_sync": True,
    "a_sync_configs": {"k_steps": -1, "max_merge_var_num": 1, "send_queue_size": 16, "independent_recv_thread": False,
                       "min_send_grad_num_before_recv": 1, "thread_pool_size": 1, "send_wait_times": 1,
                       "runtime_split_send_recv": False, "launch_barrier": True, "heter_worker_device_guard": "cpu",
                       "lr_decay_steps": 10, "use_ps_gpu": 0, "use_gpu_graph": 0},
    "adam_d2sum": False,
    "adaptive_localsgd": False,
    "adaptive_localsgd_configs": {"init_k_steps": 1, "begin_step": 1},
    "amp": False,
    "amp_configs": {"init_loss_scaling": 32768.0, "incr_every_n_steps": 1000, "decr_every_n_nan_or_inf": 2,
                    "incr_ratio": 2.0, "decr_ratio": _F32_08, "use_dynamic_loss_scaling": True,
                    "custom_white_list": [], "custom_black_list": [], "custom_black_varnames": [],
                    "use_pure_fp16": False, "use_fp16_guard": True, "use_optimizer_fp16": False,
                    "use_pure_bf16": False},
    "asp": False,
    "auto": False,
    "auto_search": False,
    "conv_workspace_size_limit": 512,
    "cudnn_batchnorm_spatial_persistent": False,
    "cudnn_exhaustive_search": False,
    "dgc": False,
    "dgc_configs": {"rampup_begin_step": 0, "rampup_step": 1, "sparsity": []},
    "elastic": False,
    "find_unused_parameters": False,
    "fp16_allreduce": False,
    "fuse_all_reduce_ops": True,
    "fuse_grad_merge": False,
    "fuse_grad_size_in_MB": 32,
    "fuse_grad_size_in_num": 8,
    "gradient_merge": False,
    "gradient_merge_configs": {"k_steps": 1, "avg": True},
    "gradient_scale_configs": {"scale_strategy": "avg", "scale_gradient": False},
    "heter_ccl_mode": False,
    "hierarchical_allreduce_inter_nranks": 1,
    "hybrid_configs": {"dp_degree": -1, "mp_degree": 1, "pp_degree": 1, "sharding_degree": 1, "sep_degree": 1},
    "is_fl_ps_mode": False,
    "is_with_coordinator": False,
    "lamb": False,
    "lamb_configs": {"lamb_weight_decay": _F32_001, "exclude_from_weight_decay": []},
    "lars": False,
    "lars_configs": {"lars_coeff": _F32_0001, "lars_weight_decay": _F32_00005, "epsilon": 0.0,
                     "exclude_from_weight_decay": []},
    "last_comm_group_size_MB": 1.0,
    "localsgd": False,
    "localsgd_configs": {"k_steps": 1, "begin_step": 1},
    "nccl_comm_num": 1,
    "pipeline": False,
    "pipeline_configs": {"micro_batch_size": 1, "accumulate_steps": 1, "schedule_mode": "1F1B",
                         "p2p_cache_shape": True, "enable_partial_send_recv": True},
    "qat": False,
    "qat_configs": {"channel_wise_abs_max": True, "weight_bits": 8, "activation_bits": 8, "not_quant_pattern": [],
                    "algo": ""},
    "recompute": False,
    "recompute_configs": {"checkpoints": [], "enable_offload": False, "checkpoint_shape": [], "enable_tuning": False,
                          "refined_ops_patterns": []},
    "semi_auto": False,
    "sharding": False,
    "sharding_configs": {"sharding_segment_strategy": "segment_broadcast_MB", "segment_broadcast_MB": 32.0,
                         "segment_anchors": [], "sharding_degree": 8, "mp_degree": 1, "dp_degree": 1,
                         "hybrid_dp": False, "gradient_merge_acc_step": 1, "optimize_offload": False,
                         "pp_allreduce_in_optimize": False, "pp_degree": 1, "optimize_cast": False,
                         "_dp_as_optimizer_sharding": False, "stage": 1, "enable_tuning": False,
                         "use_calc_stream": False},
    "split_data": True,
    "sync_batch_norm": False,
    "sync_nccl_allreduce": True,
    "tensor_parallel": False,
    "tensor_parallel_configs": {"tensor_parallel_degree": 1, "tensor_init_seed": -1},
    "use_hierarchical_allreduce": False,
    "without_graph_optimization": True,
}

# fields purepaddle applies; the rest are accepted and (when changed) said to be inert
APPLIED = {"find_unused_parameters", "fuse_grad_size_in_MB", "last_comm_group_size_MB", "fuse_all_reduce_ops",
           "without_graph_optimization", "split_data", "a_sync", "gradient_merge", "localsgd"}
# applied by the dygraph DistributedOptimizer only (static programs do not get them), and the reverse
DYGRAPH_ONLY = set()
STATIC_ONLY = {"amp", "recompute"}
# what to use instead of a field purepaddle does not apply
_INSTEAD = {"recompute": " in dygraph (static programs get it through recompute_configs' checkpoints); wrap "
                         "blocks in paddle.distributed.fleet.utils.recompute there",
            "amp": " in dygraph (static programs get it); use paddle.amp.auto_cast and GradScaler there"}
# configuration with no meaning for CPU processes on MPI (NCCL streams, cuDNN)
NO_EFFECT_ON_CPU = {"sync_nccl_allreduce", "nccl_comm_num", "use_hierarchical_allreduce",
                    "hierarchical_allreduce_inter_nranks", "conv_workspace_size_limit",
                    "cudnn_batchnorm_spatial_persistent", "cudnn_exhaustive_search", "fuse_grad_size_in_num",
                    "heter_ccl_mode", "fp16_allreduce"}


class DistributedStrategy:
    """The knobs of fleet's distributed training, with Paddle's names and defaults.

    Setting a name Paddle does not have raises TypeError (old 1.x names such as `use_local_sgd`
    or `forward_recompute` fail loudly). Assigning a dict to a `*_configs` field merges its keys.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.fleet as fleet
            >>> strategy = fleet.DistributedStrategy()
            >>> strategy.recompute_configs = {"checkpoints": ["fc_0.tmp_0"]}
            >>> strategy.recompute_configs["checkpoints"], strategy.amp
            (['fc_0.tmp_0'], False)
    """

    def __init__(self) -> None:
        object.__setattr__(self, "_values", copy.deepcopy(DEFAULTS))
        object.__setattr__(self, "_warned", set())

    def __getattr__(self, name):
        values = self.__dict__.get("_values")
        if values is not None and name in values:
            v = values[name]
            return copy.deepcopy(v) if isinstance(v, (dict, list)) else v
        raise AttributeError(f"'DistributedStrategy' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        values = self._values
        if name not in values:
            raise TypeError(f"{name} is not a attribute of DistributedStrategy")
        default = DEFAULTS[name]
        if isinstance(default, dict):
            if not isinstance(value, dict):
                warnings.warn(f"DistributedStrategy.{name} should be a dict, but received {type(value).__name__}; "
                              "it was left unchanged")
                return
            for key, v in value.items():
                if key not in default:
                    raise AssertionError(f"key:{key} not in {name}")
                values[name][key] = copy.deepcopy(v)
            return
        if isinstance(default, bool):
            if not isinstance(value, bool):
                warnings.warn(f"DistributedStrategy.{name} should have value of bool type, but received "
                              f"{value!r}; it was left unchanged")
                return
        elif isinstance(default, (int, float)) and (isinstance(value, bool) or not isinstance(value, (int, float))):
            warnings.warn(f"DistributedStrategy.{name} should be a number, but received {value!r}; it was left "
                          "unchanged")
            return
        values[name] = value

    def __deepcopy__(self, memo):
        new = DistributedStrategy()
        object.__setattr__(new, "_values", copy.deepcopy(self._values, memo))
        object.__setattr__(new, "_warned", set(self._warned))
        return new

    def changed(self):
        """{field: value} for the fields that differ from Paddle's defaults."""
        return {k: v for k, v in self._values.items() if v != DEFAULTS[k]}

    def warn_inert(self, static=False):
        """Warn once per field turned on that purepaddle accepts but does not apply (yet)."""
        for name, value in self.changed().items():
            base = name[:-len("_configs")] if name.endswith("_configs") else name
            if name in APPLIED or base in APPLIED or name in self._warned:
                continue
            if (base in DYGRAPH_ONLY and not static) or (base in STATIC_ONLY and static):
                continue
            if base in DYGRAPH_ONLY and not name.endswith("_configs"):
                self._warned.add(name)
                warnings.warn(f"DistributedStrategy.{name}={value!r} is applied by purepaddle in dygraph only; this "
                              "static program trains as plain data parallelism without it")
                continue
            self._warned.add(name)
            if name in NO_EFFECT_ON_CPU:
                warnings.warn(f"DistributedStrategy.{name}={value!r} has no effect on purepaddle's CPU workers "
                              "(it configures NCCL/cuDNN)")
            elif not name.endswith("_configs"):
                warnings.warn(f"DistributedStrategy.{name}={value!r} is accepted but not applied by purepaddle yet: "
                              f"training runs as plain data parallelism without it{_INSTEAD.get(name, '')}")

    def __repr__(self):
        changed = self.changed()
        body = ", ".join(f"{k}={v!r}" for k, v in changed.items()) if changed else "Paddle's defaults"
        return f"DistributedStrategy({body})"

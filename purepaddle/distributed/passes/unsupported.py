"""Paddle's passes that purepaddle does not have, and why: new_pass names them in a clear error instead of
Paddle's bare "not registered"."""

__all__ = ["why_unavailable"]

_AUTO_PARALLEL = ("rewrites the static auto-parallel planner's distributed programs (dist_attr annotations, "
                  "reshard ops), which purepaddle's auto-parallel (dygraph, over MPI) does not build")
_PS = ("rewrites programs for Paddle's transpiler parameter server (send/recv/listen_and_serv ops); purepaddle's "
       "parameter-server mode (distributed/ps/) trains without those program rewrites")
_REASONS = {
    "build_cinn": "compiles subgraphs with the CINN compiler, a native toolchain purepaddle does not have",
    "allreduce_matmul_grad_overlapping": "overlaps NCCL all-reduce with matmul gradients on CUDA streams",
    "ps_gpu_pass": "prepares programs for the GPU parameter server (PSGPU)",
}
for _n in ("auto_parallel_amp", "auto_parallel_c_embedding_pass", "auto_parallel_data_parallel_optimization",
           "auto_parallel_fp16", "auto_parallel_fused_linear_promotion", "auto_parallel_grad_clip",
           "auto_parallel_gradient_merge_pass", "auto_parallel_master_grad_pass", "auto_parallel_quantization",
           "auto_parallel_recompute", "auto_parallel_recompute_pir", "auto_parallel_sequence_parallel_optimization",
           "auto_parallel_sharding", "auto_parallel_supplement_explicit_dependencies",
           "auto_parallel_sync_shared_params", "replace_with_parallel_cross_entropy", "pipeline_scheduler_1F1B",
           "pipeline_scheduler_Eager1F1B", "pipeline_scheduler_FThenB", "pipeline_scheduler_VPP",
           "pipeline_scheduler_ZBH1", "pipeline_scheduler_ZBVPP"):
    _REASONS[_n] = _AUTO_PARALLEL
for _n in ("add_geo_optimizer_pass", "add_listen_and_serv_pass", "add_lr_decay_table_pass", "add_optimizer_pass",
           "add_rpc_global_flags_pass", "append_send_ops_pass", "build_pserver_startup_program_pass",
           "delete_extra_optimizer_pass", "delete_optimizer_pass", "delete_unused_in_startup_pass",
           "distributed_ops_pass", "fake_init_ops_pass", "ps_transpile_pass", "set_heter_pipeline_opt_pass",
           "split_fl_ops_pass", "split_heter_worker_ops_pass", "split_trainer_ops_pass"):
    _REASONS[_n] = _PS


def why_unavailable(name):
    """Why Paddle's pass `name` is not in purepaddle (a phrase after "it"), or None when it is or is unknown."""
    return _REASONS.get(name)

"""The fusion passes (and fuse_all_reduce) of paddle.distributed.passes.

In Paddle each rewrites a program so that groups of ops run as one fused kernel (or gradients travel in fewer,
larger all-reduces): the program computes the same values, faster on GPU. purepaddle's executor runs every op on
NumPy, where a fused kernel would compute the same thing the same way, so these passes leave the program as it is;
they exist so that code which builds and applies them runs, and they take part in PassManager's ordering rules.
"""
from .pass_base import PassBase, PassType, register_pass

__all__ = []


class _ProgramPreserving(PassBase):
    """A pass whose rewrite would not change what purepaddle computes: it leaves the programs unchanged."""

    kind = PassType.FUSION_OPT

    def _type(self):
        return self.kind

    def _apply_single_impl(self, main_program, startup_program, context):
        return None


for _name in ("fuse_elewise_add_act", "fuse_bn_act", "fuse_bn_add_act", "fuse_relu_depthwise_conv",
              "fused_attention", "fused_feedforward", "fuse_gemm_epilogue", "fuse_adamw",
              "fuse_dot_product_attention", "fuse_optimizer", "fuse_resunit"):
    register_pass(_name)(type(f"Pass_{_name}", (_ProgramPreserving,), {}))


@register_pass("fuse_all_reduce")
class FuseAllReducePass(_ProgramPreserving):
    """Bucket gradient all-reduces up to max_memory_size bytes (a pass that only runs with a positive size)."""

    kind = PassType.COMM_OPT

    def __init__(self):
        super().__init__()
        self.set_attr("max_memory_size", -1)

    def _check_self(self):
        return self.get_attr("max_memory_size") > 0

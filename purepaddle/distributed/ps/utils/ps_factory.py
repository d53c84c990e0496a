"""Paddle's `paddle.distributed.ps.utils.ps_factory` program builders (internals of Paddle's PS passes).

Paddle's fleet runs a pass pipeline whose context (`pass_ctx._attrs`: loss, programs, role maker, ps_mode, ...)
a builder turns into the worker and server programs. purepaddle splits the program in
`fleet.distributed_optimizer(opt).minimize(loss)` (distributed/ps/program.py) and has no pass pipeline: the CPU
builders keep Paddle's names and attributes and point there from `_build_programs`; the GPU, heter, FL and Nu
(local sparse table) builders raise at construction, since purepaddle's parameter server is CPU only.
"""

__all__ = ["PsProgramBuilder", "GeoPsProgramBuilder", "CpuSyncPsProgramBuilder", "CpuAsyncPsProgramBuilder",
           "GpuPsProgramBuilder", "HeterAsyncPsProgramBuilder", "FlPsProgramBuilder", "NuPsProgramBuilder"]

_SPLIT = ("purepaddle builds parameter-server programs in fleet.distributed_optimizer(optimizer).minimize(loss) "
          "(the worker program and the servers' plan); {name} has no pass pipeline to run")


class PsProgramBuilder:
    """Builds the worker/server programs from Paddle's pass context (`pass_ctx._attrs`).

    Examples:
        .. code-block:: python

            >>> from types import SimpleNamespace
            >>> from paddle.distributed.ps.utils.ps_factory import CpuSyncPsProgramBuilder
            >>> ctx = SimpleNamespace(_attrs={"loss": None, "ps_mode": "sync", "is_worker": True})
            >>> CpuSyncPsProgramBuilder(ctx).is_worker
            True
    """

    def __init__(self, pass_ctx):
        self.pass_ctx = pass_ctx
        self.attrs = getattr(pass_ctx, "_attrs", {})
        get = self.attrs.get
        self.loss = get("loss")
        self.origin_startup_program = get("origin_startup_program")
        self.main_program = get("origin_main_programs")
        self.cloned_main, self.cloned_startup = get("cloned_main"), get("cloned_startup")
        self.use_ps_gpu, self.use_heter_ps = get("use_ps_gpu", False), get("is_heter_ps_mode", False)
        self.is_worker, self.is_server = get("is_worker", False), get("is_server", False)
        self.is_heter_worker = get("is_heter_worker", False)
        self.ps_mode = get("ps_mode")

    def _build_trainer_programs(self):
        raise NotImplementedError(_SPLIT.format(name=type(self).__name__))

    def _build_pserver_programs(self):
        raise NotImplementedError(_SPLIT.format(name=type(self).__name__))

    def _build_programs(self):
        raise NotImplementedError(_SPLIT.format(name=type(self).__name__))


class GeoPsProgramBuilder(PsProgramBuilder):
    """Geo mode (a_sync with k_steps): see PsProgramBuilder."""


class CpuSyncPsProgramBuilder(PsProgramBuilder):
    """Sync mode (a_sync=False): see PsProgramBuilder."""


class CpuAsyncPsProgramBuilder(CpuSyncPsProgramBuilder):
    """Async mode (a_sync=True): see PsProgramBuilder."""


class _Unsupported(PsProgramBuilder):
    what = ""

    def __init__(self, pass_ctx):
        raise NotImplementedError(f"{type(self).__name__}: {self.what} is not supported by purepaddle (its parameter "
                                  "server runs CPU workers and servers: sync, async and geo modes)")


class GpuPsProgramBuilder(_Unsupported):
    """GPU parameter server (PSGPU): not supported; raises NotImplementedError."""
    what = "the GPU parameter server"


class HeterAsyncPsProgramBuilder(_Unsupported):
    """Heterogeneous PS (heter workers): not supported; raises NotImplementedError."""
    what = "heterogeneous parameter-server training"


class FlPsProgramBuilder(_Unsupported):
    """Federated-learning PS: not supported; raises NotImplementedError."""
    what = "federated-learning parameter-server training"


class NuPsProgramBuilder(_Unsupported):
    """Geo mode with local sparse tables: not supported; raises NotImplementedError."""
    what = "geo mode with local sparse tables"

"""The Fleet class and its singleton `fleet`: fleet.init, the role queries, distributed_model and
distributed_optimizer for collective (data-parallel) training on MPI; the fleet.<api> functions are the
singleton's bound methods. Parameter-server mode (servers and workers on MPI) lives in distributed/ps/.
"""
import warnings
import weakref

from ..._core.mode import in_dynamic_mode
from .. import group as _group
from ..parallel import DataParallel
from .optimizer import DistributedOptimizer
from .role_maker import PaddleCloudRoleMaker
from .saving import save_inference_model as _save_inference_model, save_persistables as _save_persistables
from .strategy import DistributedStrategy
from .util_base import UtilBase
from ..ps import role as _ps
from ..ps.inference import save_inference_model as _ps_save_inference_model

__all__ = ["Fleet", "fleet", "init", "is_first_worker", "worker_index", "worker_num", "is_worker", "is_server",
           "worker_endpoints", "server_num", "barrier_worker", "distributed_model", "distributed_optimizer",
           "init_worker", "stop_worker", "init_server", "run_server", "save_inference_model", "save_persistables"]

_PS_HINT = ("parameter-server training needs servers, and this job has none: launch it with --server_num S --worker_num W (or give "
            "the role maker server_endpoints); collective training needs none of these calls: "
            "fleet.init(is_collective=True), then fleet.distributed_model and fleet.distributed_optimizer")


class Fleet:
    """The fleet singleton: `import paddle.distributed.fleet as fleet; fleet.init(is_collective=True)`."""

    def __init__(self):
        self._role_maker = None
        self._strategy = None
        self._is_collective = False
        self._models = []        # weakrefs to the DataParallel models distributed_model made
        self._optimizer = None   # the last DistributedOptimizer (it decides when models all-reduce)
        self._ps_plan = None     # parameter-server mode: what minimize split (ps/program.py)

    def _role(self, api):
        if self._role_maker is None:
            raise RuntimeError(f"fleet.{api}: call fleet.init() first")
        return self._role_maker

    def init(self, role_maker=None, is_collective=False, strategy=None, log_level="INFO"):
        """Set up this process's role (from the launcher's environment by default) and the strategy.

        Examples:
            .. code-block:: python

                >>> import paddle.distributed.fleet as fleet
                >>> fleet.init(is_collective=True)
                >>> fleet.worker_index(), fleet.worker_num()
                (0, 1)
        """
        if strategy is not None and not isinstance(strategy, DistributedStrategy):
            raise TypeError(f"fleet.init: strategy must be a fleet.DistributedStrategy, but received "
                            f"{type(strategy).__name__}")
        if role_maker is None:
            role_maker = PaddleCloudRoleMaker(is_collective=is_collective)
        elif not hasattr(role_maker, "_worker_index"):
            raise TypeError(f"fleet.init: role_maker must be a fleet RoleMaker, but received "
                            f"{type(role_maker).__name__}")
        self._role_maker = role_maker
        self._is_collective = bool(is_collective or getattr(role_maker, "_is_collective", False))
        self._strategy = strategy if strategy is not None else DistributedStrategy()
        self._models, self._optimizer, self._ps_plan = [], None, None
        if self._is_collective:
            _group.init_global_group()  # dygraph collectives and static all_reduce ops need the group
        return None

    def is_first_worker(self):
        """Whether this process is worker 0."""
        return self._role("is_first_worker")._is_first_worker()

    def worker_index(self):
        """This worker's index (its rank)."""
        return self._role("worker_index")._worker_index()

    def worker_num(self):
        """The number of workers."""
        return self._role("worker_num")._worker_num()

    def is_worker(self):
        """Whether this process trains (always, in collective mode)."""
        return self._role("is_worker")._is_worker()

    def is_server(self):
        """Whether this process is a parameter server."""
        return self._role("is_server")._is_server()

    def worker_endpoints(self, to_string=False):
        """The workers' ip:port list (a comma-joined string with to_string=True)."""
        eps = self._role("worker_endpoints")._get_trainer_endpoints()
        return ",".join(eps) if to_string else eps

    def server_index(self):
        """This server's index among the parameter servers."""
        return self._role("server_index")._role_id()

    def server_endpoints(self, to_string=False):
        """The parameter servers' ip:port list (a comma-joined string with to_string=True)."""
        eps = self._role("server_endpoints")._get_pserver_endpoints()
        return ",".join(eps) if to_string else eps

    def server_num(self):
        """The number of parameter servers (0 in collective mode)."""
        return self._role("server_num")._server_num()

    def _is_ps(self):
        return not self._is_collective and self._role_maker is not None and self._role_maker._server_num() > 0

    def barrier_worker(self):
        """Wait for every worker."""
        self._role("barrier_worker")
        if self._is_ps():
            return _ps.barrier_worker(self)
        if _group.is_initialized():
            from ..communication import barrier
            barrier()

    def distributed_model(self, model):
        """Wrap a dygraph model for data parallelism (paddle.DataParallel with the strategy's settings).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> import paddle.distributed.fleet as fleet
                >>> fleet.init(is_collective=True)
                >>> model = fleet.distributed_model(paddle.nn.Linear(2, 2))
                >>> type(model).__name__
                'DataParallel'
        """
        self._role("distributed_model")
        s = self._strategy
        s.warn_inert()
        fused = s.fuse_all_reduce_ops  # unfused: one all-reduce per parameter
        dp = DataParallel(model, comm_buffer_size=s.fuse_grad_size_in_MB if fused else 1e-6,
                          last_comm_buffer_size=s.last_comm_group_size_MB if fused else 1e-6,
                          find_unused_parameters=s.find_unused_parameters)
        self._models.append(weakref.ref(dp))
        self._sync_models()
        return dp

    def _dp_models(self):
        models = [m() for m in self._models]
        self._models = [weakref.ref(m) for m in models if m is not None]
        return [m for m in models if m is not None]

    def _sync_models(self):
        """Tell the DataParallel models whether their next backward all-reduces (gradient merge, LocalSGD)."""
        opt = self._optimizer
        if opt is not None:
            sync = opt._next_backward_syncs()
        else:  # no optimizer yet: what the strategy will most likely do
            s = self._strategy
            merge = s.gradient_merge and s.gradient_merge_configs["k_steps"] > 1
            sync = not (merge or (s.localsgd and self.worker_num() > 1))
        for m in self._dp_models():
            m.grad_need_sync = sync

    def distributed_optimizer(self, optimizer, strategy=None):
        """The optimizer for distributed training: static minimize() all-reduces (averages) every gradient
        between the backward and the update; in dygraph DataParallel already averaged them.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> import paddle.distributed.fleet as fleet
                >>> fleet.init(is_collective=True)
                >>> layer = paddle.nn.Linear(2, 2)
                >>> opt = fleet.distributed_optimizer(paddle.optimizer.SGD(0.1, parameters=layer.parameters()))
        """
        self._role("distributed_optimizer")
        if strategy is not None:
            if not isinstance(strategy, DistributedStrategy):
                raise TypeError(f"fleet.distributed_optimizer: strategy must be a fleet.DistributedStrategy, but "
                                f"received {type(strategy).__name__}")
            warnings.warn("fleet.distributed_optimizer: the strategy passed here replaces the one given to "
                          "fleet.init (Paddle's newer code passes it to fleet.init)")
            self._strategy = strategy
        if not self._is_collective:
            if not self._is_ps():
                raise NotImplementedError(f"fleet.distributed_optimizer: {_PS_HINT}")
            return _ps.PSOptimizer(optimizer, self._strategy, self)
        self._strategy.warn_inert(static=not in_dynamic_mode())
        dopt = DistributedOptimizer(optimizer, self._strategy, self)
        if in_dynamic_mode():
            self._optimizer = dopt
            self._sync_models()
        return dopt

    def save_inference_model(self, executor, dirname, feeded_var_names, target_vars, main_program=None,
                             export_for_deployment=True, mode=0):
        """Rank 0 writes the inference program and its parameters into `dirname` (`__model__` and one file
        per variable); the other ranks write nothing. See fleet.saving.save_inference_model."""
        self._role("save_inference_model")
        if self._is_ps():
            return _ps_save_inference_model(self, executor, dirname, feeded_var_names, target_vars, main_program,
                                            export_for_deployment, mode)
        return _save_inference_model(self.worker_index(), executor, dirname, feeded_var_names, target_vars,
                                     main_program, export_for_deployment, mode)

    def save_persistables(self, executor, dirname, main_program=None, mode=0):
        """Rank 0 writes every persistable variable of the program into `dirname`, one file each; the other
        ranks write nothing. See fleet.saving.save_persistables."""
        self._role("save_persistables")
        if self._is_ps():
            return _ps.save_persistables(self, dirname)
        return _save_persistables(self.worker_index(), executor, dirname, main_program, mode)

    def _ps_call(self, api):
        self._role(api)
        if not self._is_ps():
            raise NotImplementedError(f"fleet.{api}: {_PS_HINT}")

    def init_worker(self, scopes=None):
        """Parameter-server mode: connect to the servers and take the dense parameters from them (after the
        startup program ran). Collective mode: nothing to do."""
        if self._is_collective:
            return None
        self._ps_call("init_worker")
        return _ps.init_worker(self)

    def stop_worker(self):
        """Parameter-server mode: tell the servers this worker is done. Collective mode: nothing to do."""
        if self._is_collective:
            return None
        self._ps_call("stop_worker")
        return _ps.stop_worker(self)

    def init_server(self, *args, **kwargs):
        """Parameter-server mode: build this server's shard of the parameters and tables;
        init_server(dirname) loads them from a directory fleet.save_persistables wrote (incremental training).

        Examples:
            .. code-block:: python

                >>> import paddle.distributed.fleet as fleet
                >>> fleet.init()  # doctest: +SKIP("runs in a job launched with --server_num S --worker_num W")
                >>> if fleet.is_server():  # doctest: +SKIP("runs in a job launched with --server_num S --worker_num W")
                ...     fleet.init_server()
                ...     fleet.run_server()
        """
        self._ps_call("init_server")
        dirname = args[0] if args else kwargs.get("dirname", kwargs.get("model_dir"))
        return _ps.init_server(self, dirname)

    def run_server(self):
        """Parameter-server mode: serve the workers until all of them called stop_worker."""
        self._ps_call("run_server")
        return _ps.run_server(self)


fleet = Fleet()
util = UtilBase()
init = fleet.init
is_first_worker = fleet.is_first_worker
worker_index = fleet.worker_index
worker_num = fleet.worker_num
is_worker = fleet.is_worker
is_server = fleet.is_server
worker_endpoints = fleet.worker_endpoints
server_num = fleet.server_num
server_index = fleet.server_index
server_endpoints = fleet.server_endpoints
barrier_worker = fleet.barrier_worker
distributed_model = fleet.distributed_model
distributed_optimizer = fleet.distributed_optimizer
init_worker = fleet.init_worker
stop_worker = fleet.stop_worker
init_server = fleet.init_server
run_server = fleet.run_server
save_inference_model = fleet.save_inference_model
save_persistables = fleet.save_persistables

"""paddle.distributed.fleet: collective (data-parallel) training through fleet.init / distributed_model /
distributed_optimizer, on MPI. Parameter-server mode is not supported by purepaddle yet.
"""
import warnings

from ..._core.mode import STATE
from .. import group as _group
from ..parallel import DataParallel
from .role_maker import PaddleCloudRoleMaker, Role, UserDefinedRoleMaker
from .strategy import DistributedStrategy

__all__ = ["DistributedStrategy", "Fleet", "PaddleCloudRoleMaker", "UserDefinedRoleMaker", "Role", "init",
           "is_first_worker", "worker_index", "worker_num", "is_worker", "is_server", "worker_endpoints",
           "server_num", "barrier_worker", "distributed_model", "distributed_optimizer", "init_worker",
           "stop_worker", "init_server", "run_server"]

_PS_HINT = ("parameter-server training (fleet.init_server/run_server/init_worker) is not supported by purepaddle "
            "yet; collective training needs none of these calls: fleet.init(is_collective=True), then "
            "fleet.distributed_model and fleet.distributed_optimizer")


class Fleet:
    """The fleet singleton: `import paddle.distributed.fleet as fleet; fleet.init(is_collective=True)`."""

    def __init__(self):
        self._role_maker = None
        self._strategy = None
        self._is_collective = False

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

    def server_num(self):
        """The number of parameter servers (0 in collective mode)."""
        return self._role("server_num")._server_num()

    def barrier_worker(self):
        """Wait for every worker."""
        self._role("barrier_worker")
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
        return DataParallel(model, comm_buffer_size=s.fuse_grad_size_in_MB if fused else 1e-6,
                            last_comm_buffer_size=s.last_comm_group_size_MB if fused else 1e-6,
                            find_unused_parameters=s.find_unused_parameters)

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
            raise NotImplementedError(f"fleet.distributed_optimizer: {_PS_HINT}")
        self._strategy.warn_inert()
        return DistributedOptimizer(optimizer, self._strategy)

    def init_worker(self, scopes=None):
        """Parameter-server mode only: not supported."""
        if self._is_collective:
            return None
        raise NotImplementedError(f"fleet.init_worker: {_PS_HINT}")

    def stop_worker(self):
        """Parameter-server mode only: not supported."""
        if self._is_collective:
            return None
        raise NotImplementedError(f"fleet.stop_worker: {_PS_HINT}")

    def init_server(self, *args, **kwargs):
        """Parameter-server mode only: not supported."""
        raise NotImplementedError(f"fleet.init_server: {_PS_HINT}")

    def run_server(self):
        """Parameter-server mode only: not supported."""
        raise NotImplementedError(f"fleet.run_server: {_PS_HINT}")


class DistributedOptimizer:
    """An optimizer whose static minimize() averages the gradients over the workers before the update."""

    def __init__(self, optimizer, strategy):
        self.inner_opt = optimizer
        self.user_defined_strategy = strategy

    def __getattr__(self, name):
        return getattr(self.inner_opt, name)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Static mode: backward, an all_reduce (AVG) per gradient, then the update; and the startup program
        broadcasts rank 0's initial parameters. Returns (ops, params_grads)."""
        if not STATE.static:
            return self.inner_opt.minimize(loss, startup_program, parameters, no_grad_set)
        from ...static.program import default_startup_program, program_guard
        from ..communication import ReduceOp, all_reduce, broadcast
        startup = startup_program if startup_program is not None else default_startup_program()
        params_grads = self.inner_opt.backward(loss, startup_program, parameters, no_grad_set)
        with program_guard(loss.block.program, startup):
            for _, g in params_grads:
                if g is not None:
                    all_reduce(g, op=ReduceOp.AVG)
            ops = self.inner_opt.apply_gradients(params_grads)
        block = startup.global_block()
        with program_guard(startup, startup):
            for p, _ in params_grads:  # every rank starts from rank 0's initial values
                if block.has_var(p.name):
                    broadcast(block.var(p.name), src=0)
        return ops, params_grads

    def step(self):
        return self.inner_opt.step()

    def clear_grad(self, set_to_zero=True):
        return self.inner_opt.clear_grad(set_to_zero)


fleet = Fleet()
init = fleet.init
is_first_worker = fleet.is_first_worker
worker_index = fleet.worker_index
worker_num = fleet.worker_num
is_worker = fleet.is_worker
is_server = fleet.is_server
worker_endpoints = fleet.worker_endpoints
server_num = fleet.server_num
barrier_worker = fleet.barrier_worker
distributed_model = fleet.distributed_model
distributed_optimizer = fleet.distributed_optimizer
init_worker = fleet.init_worker
stop_worker = fleet.stop_worker
init_server = fleet.init_server
run_server = fleet.run_server

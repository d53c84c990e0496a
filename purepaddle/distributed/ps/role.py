"""What fleet's parameter-server calls do: minimize (the split), init_server/run_server on servers,
init_worker/stop_worker/barrier_worker on workers, and saving through the servers."""
import atexit

import numpy as np

from . import ops  # noqa: F401  (registers the PS ops the split programs carry)
from .runtime import STATE, WorkerState

__all__ = ["PSOptimizer", "init_server", "run_server", "init_worker", "stop_worker", "barrier_worker",
           "save_persistables"]


def _layout(role_maker):
    """(worker MPI ranks by worker index, server MPI ranks by server index). The launcher names them
    (PUREPADDLE_PS_WORKER_RANKS / _SERVER_RANKS: a job of several hosts interleaves the roles by node); without it,
    as under a role maker of the user's, workers are MPI ranks 0..W-1 and servers W..W+S-1."""
    import os
    w, s = role_maker._worker_num(), role_maker._server_num()
    if s < 1:
        raise RuntimeError("parameter-server training needs at least one server: launch with --server_num S "
                           "(or give the role maker server_endpoints)")
    workers, servers = (os.environ.get(k, "") for k in ("PUREPADDLE_PS_WORKER_RANKS", "PUREPADDLE_PS_SERVER_RANKS"))
    if workers and servers:
        workers, servers = [int(r) for r in workers.split(",")], [int(r) for r in servers.split(",")]
        if (len(workers), len(servers)) == (w, s):
            return workers, servers
    return list(range(w)), list(range(w, w + s))


class PSOptimizer:
    """fleet.distributed_optimizer in parameter-server mode: minimize() splits the static program."""

    def __init__(self, optimizer, strategy, fleet_):
        self.inner_opt, self.user_defined_strategy, self._fleet = optimizer, strategy, fleet_

    def __getattr__(self, name):
        return getattr(self.inner_opt, name)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Split loss's program: the worker keeps forward, backward and the PS ops; the servers get the plan.
        Returns (ops, params_grads) as Optimizer.minimize."""
        from ..._core.mode import in_dynamic_mode
        from ...static.program import default_startup_program
        from .program import split_program
        if in_dynamic_mode():
            raise NotImplementedError("parameter-server training on purepaddle runs static programs (as Paddle's "
                                      "CPU parameter server does): call paddle.enable_static() and build the program")
        startup = startup_program if startup_program is not None else default_startup_program()
        plan = split_program(loss, self.inner_opt, self.user_defined_strategy, startup,
                             self._fleet._role_maker._server_num())
        self._fleet._ps_plan = plan
        return [], plan["params_grads"]


def _plan(fleet_, api):
    plan = getattr(fleet_, "_ps_plan", None)
    if plan is None:
        raise RuntimeError(f"fleet.{api}: build the program and call fleet.distributed_optimizer(opt).minimize(loss) "
                           "first (the servers and workers derive their parts from it)")
    return plan


def init_server(fleet_, dirname=None):
    """Build this server's shard: its dense parameters (the startup program's values, or `dirname`'s) and
    its part of every sparse table (rows of `dirname`'s saved shards with id % S == this server)."""
    from ...static.executor import Executor
    from ...static.scope import Scope
    from . import shards
    from .server import Server
    from .tables import RowInit, SparseTable
    from .wire import world
    plan = _plan(fleet_, "init_server")
    rm = fleet_._role_maker
    workers, servers = _layout(rm)
    s = len(servers)
    me = rm._role_id()
    scope = Scope()
    Executor().run(plan["startup"], scope=scope)
    dense, dense_state = {}, {}
    rule = plan["rule"]
    for n in plan["dense"]:
        if plan["owner"][n] != me:
            continue
        saved = shards.load_dense(dirname, n) if dirname else None
        dense[n] = np.array(saved if saved is not None else scope._array(n), copy=True)
        if dirname:  # the optimizer continues where the saved run left off
            dense_state[n] = shards.load_dense_state(dirname, n, rule, dense[n].size, dense[n].dtype)
    tables = {}
    for name, t in plan["tables"].items():
        kind, attrs = t["init"]
        table = SparseTable(name, t["dim"], RowInit(kind, attrs, t["dim"], t["dtype"]), plan["rule"], t["dtype"],
                            t["entry"])
        saved = shards.load_table(dirname, name) if dirname else None
        if saved is not None:
            ids, values, states = saved
            mine = ids % s == me
            table.load(ids[mine], values[mine], None if states is None else states[mine])
        tables[name] = table
    STATE.server = Server(world(), workers, me, plan["mode"], dense, rule, tables)
    STATE.server.dense_state.update(dense_state)


def run_server(fleet_):
    """Serve the workers until every one of them has called stop_worker."""
    if STATE.server is None:
        raise RuntimeError("fleet.run_server: call fleet.init_server() first")
    STATE.server.serve()


def init_worker(fleet_):
    """Connect to the servers and take the dense parameters from them (every worker starts alike)."""
    from ...static.scope import global_scope
    from .client import Client
    from .wire import world
    plan = _plan(fleet_, "init_worker")
    workers, servers = _layout(fleet_._role_maker)
    w = len(workers)
    client = Client(world(), servers, plan["owner"])
    state = WorkerState(client, plan["mode"], plan["k_steps"], plan["tables"], plan["rule"])
    state.n_workers = w
    state.scheduler = plan.get("scheduler")
    STATE.worker = state
    # a worker whose script ends without stop_worker still tells the servers (else run_server would wait for
    # it forever); registered after mpi4py's own exit handler, so it runs before MPI is finalized
    atexit.register(_stop_at_exit)
    scope = global_scope()
    for name, value in client.pull_dense().items():
        scope._set_array(name, np.array(value, copy=True))
        state.base[name] = np.array(value, copy=True)  # geo: deltas count from here


def _stop_at_exit():
    if STATE.worker is not None:
        stop_worker(None)


def stop_worker(fleet_):
    """Tell every server this worker is done (a server returns from run_server once all workers are)."""
    if STATE.worker is None:
        return
    STATE.worker.client.call("stop")
    STATE.worker = None


def barrier_worker(fleet_):
    """Wait for every live worker (server 0 answers once all have asked)."""
    if STATE.worker is None:
        raise RuntimeError("fleet.barrier_worker: call fleet.init_worker() first")
    client = STATE.worker.client
    client._ask({0: ("barrier", None)})


def save_persistables(fleet_, dirname):
    """Every server writes its shard into `dirname` (worker 0 asks; the others write nothing)."""
    if STATE.worker is None:
        raise RuntimeError("fleet.save_persistables: call fleet.init_worker() first")
    if fleet_.worker_index() == 0:
        import os
        STATE.worker.client.call("save", os.path.abspath(dirname))

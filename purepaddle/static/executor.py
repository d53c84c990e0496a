"""Executor (and CompiledProgram): run a Program's block 0 on NumPy arrays against a Scope."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import PlaceLike
    from purepaddle._core.place import Place

import contextlib
import os
import weakref

import numpy as np

from .._core import dtype as _dt
from .._core import hooks
from .._core.exclusions import unavailable
from .._core.dispatch import _KERNEL_ERRORS, _to_array, kernel_error
from .._core.op import OP_RAN, OPS, timed_kernel
from .._core.place import CPU, CPUPlace
from .._core.tensor import Tensor
from . import control_flow as _cf
from .program import Program, Variable, default_main_program
from .scope import DenseTensor, LoDTensor, Scope, ScopeVar, global_scope, scope_guard  # noqa: F401

__all__ = ["Executor", "Scope", "global_scope", "scope_guard", "DenseTensor", "CompiledProgram", "BuildStrategy",
           "ExecutionStrategy", "cpu_places", "cuda_places"]

_ndarray = np.ndarray
# the environment key of a variable's LoD (level offsets), held beside its array: fed with a LoD tensor or written
# by an op that declares `lod_inputs` (ops/sequence.py); no variable name ends in "@LOD"
_LOD = "@LOD"
# NumPy's own int64 type code where it is not 'q' (C long on LP64): fetched int64 arrays are re-viewed
# as long long, so they print `dtype=int64` exactly as the arrays real Paddle's Executor returns
_INT64_CHAR = np.dtype(np.int64).char if np.dtype(np.int64).char != "q" else None


def cpu_places(device_count=None):
    """A list of `device_count` CPUPlace (default: $CPU_NUM or 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.static.cpu_places(2)
            [Place(cpu), Place(cpu)]
    """
    if device_count is None:
        device_count = int(os.environ.get("CPU_NUM", "1"))
    return [CPUPlace() for _ in range(device_count)]


def cuda_places(device_ids: Sequence[int] | None = None) -> list[Place]:
    """CUDA places are unavailable in this CPU build: raises RuntimeError.

    Args:
        device_ids (Sequence[int]|None, optional): The GPU numbers; None means all. Default: None.

    Returns:
        list[Place]: one CUDAPlace per id (a RuntimeError without CUDA).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> if paddle.is_compiled_with_cuda():
            ...     places = paddle.static.cuda_places()
    """
    raise RuntimeError("purepaddle here is not compiled with CUDA; use paddle.static.cpu_places()")


@contextlib.contextmanager
def device_guard(device=None):
    """Place the ops built inside the block on `device` ('cpu', 'gpu', 'gpu:0', 'xpu', ...; None or '' for no
    choice). The device is checked as Paddle checks it; purepaddle's Executor runs every op where purepaddle
    computes, so the choice changes nothing else.

    Args:
        device (str|None, optional): The device. Default None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> with paddle.static.device_guard("cpu"):
            ...     x = paddle.full(shape=[2], fill_value=1.0, dtype="float32")
            >>> paddle.disable_static()
    """
    if device is not None and device != "":
        kind, _, index = str(device).partition(":")
        if kind == "cpu" and index:
            raise ValueError("Should not set device id for cpu.")
        if kind not in ("cpu", "xpu", "dcu", "gpu"):  # no custom device type is registered in purepaddle
            raise ValueError("The Attr(device) should be 'cpu', 'xpu', 'dcu', 'gpu' or custom device, and it can "
                             "also be empty string or None when there is no need to specify device. But received "
                             f"{device}")
    yield


# Paddle's XPU and IPU entry points: declared stubs (purepaddle/_core/exclusions.py says why)
xpu_places = unavailable("paddle.static.xpu_places")
IpuStrategy = unavailable("paddle.static.IpuStrategy", "class")
IpuCompiledProgram = unavailable("paddle.static.IpuCompiledProgram", "class")
ipu_shard_guard = unavailable("paddle.static.ipu_shard_guard")
set_ipu_shard = unavailable("paddle.static.set_ipu_shard")


class BuildStrategy:
    """Graph build options (accepted; the NumPy executor has nothing to tune)."""

    def __init__(self):
        self.__dict__.update(enable_inplace=False, fuse_all_reduce_ops=False, memory_optimize=False,
                             fuse_elewise_add_act_ops=False, build_cinn_pass=False, debug_graphviz_path="")


class ExecutionStrategy:
    """Execution options (accepted; the NumPy executor has nothing to tune)."""

    def __init__(self):
        self.__dict__.update(num_threads=1, num_iteration_per_drop_scope=100, num_iteration_per_run=1,
                             use_thread_barrier=False)


class CompiledProgram:
    """A Program with build options; Executor.run runs the program it wraps.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import numpy as np
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main, paddle.static.Program()):
            ...     x = paddle.static.data('x', [1])
            ...     y = x + 1.0
            >>> compiled = paddle.static.CompiledProgram(main, paddle.static.BuildStrategy())
            >>> paddle.static.Executor().run(compiled, feed={'x': np.ones(1, 'float32')}, fetch_list=[y])
            [array([2.], dtype=float32)]
            >>> paddle.disable_static()
    """

    def __init__(self, program_or_graph, build_strategy=None):
        self._program = program_or_graph
        self._build_strategy = build_strategy or BuildStrategy()
        self._is_inference = False
        self._infer_config = None

    def _with_inference_optimize(self, config):
        """Mark the program for inference with `config` (a paddle.inference.Config), as Paddle 3 keeps this
        private hook; the Executor runs the same program (its results are what the predictor would give).
        Returns self."""
        assert not self._is_inference, "Already compiled with inference, cannot be recompiled."
        self._is_inference = True
        self._infer_config = config
        return self

    def __getattr__(self, name):
        return getattr(self.__dict__["_program"], name)


# -- the executor ---------------------------------------------------------------------------


FLAG_READER = hooks.declare(
    "flag_reader", "get(name, default) -> the FLAGS_* value; the Executor reads FLAGS_eager_delete_tensor_gb "
    "through it (the environment when none); framework/__init__ installs the flags registry's get")


def gc_enabled():
    """FLAGS_eager_delete_tensor_gb >= 0: temporaries are freed after their last use."""
    get = FLAG_READER.active
    try:
        if get is not None:
            return float(get("FLAGS_eager_delete_tensor_gb", 0.0)) >= 0
        return float(os.environ.get("FLAGS_eager_delete_tensor_gb", "0")) >= 0
    except (TypeError, ValueError):
        return True


class _Plan:
    """A compiled (program, feeds, fetches): op instances with resolved names and free lists."""

    __slots__ = ("steps", "loads", "feeds", "fetch", "writeback", "copy_fetch", "version", "gc", "persist")


class Executor:
    """Runs Programs: feeds arrays by name, runs block 0's ops in order, returns fetched values.

    Args:
        place (PlaceLike|None, optional): The place to run on; None means the current device. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import numpy as np
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [2])
            >>> y = x * 2
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> exe.run(feed={'x': np.array([1., 2.], 'float32')}, fetch_list=[y])
            [array([2., 4.], dtype=float32)]
            >>> paddle.disable_static()
    """

    def __init__(self, place: PlaceLike | None = None) -> None:
        self.place = place if place is not None else CPU
        self._plans = weakref.WeakKeyDictionary()
        self._last_env = None
        self._closed = False

    def close(self):
        self._closed = True

    def train_from_dataset(self, program=None, dataset=None, scope=None, thread=0, debug=False, fetch_list=None,
                           fetch_info=None, print_period=100, fetch_handler=None):
        """Run `program` once per batch of `dataset` (paddle.distributed.InMemoryDataset / QueueDataset), printing
        the fetch_list values (labelled by fetch_info) every print_period batches.

        Examples:
            .. code-block:: python

                >>> import os, tempfile
                >>> import paddle
                >>> paddle.enable_static()
                >>> d = tempfile.mkdtemp()
                >>> with open(os.path.join(d, "a.txt"), "w") as f:
                ...     _ = f.write("1 0.5 1 1.0\\n1 1.5 1 3.0\\n")
                >>> x = paddle.static.data("x", [None, 1], "float32")
                >>> y = paddle.static.data("y", [None, 1], "float32")
                >>> loss = paddle.mean((paddle.static.nn.fc(x, 1) - y) ** 2)
                >>> paddle.optimizer.SGD(0.1).minimize(loss)
                >>> exe = paddle.static.Executor()
                >>> _ = exe.run(paddle.static.default_startup_program())
                >>> dataset = paddle.distributed.QueueDataset()
                >>> dataset.init(batch_size=2, use_var=[x, y], pipe_command="cat")
                >>> dataset.set_filelist([os.path.join(d, "a.txt")])
                >>> exe.train_from_dataset(paddle.static.default_main_program(), dataset)
                >>> paddle.disable_static()
        """
        from .dataset_run import run_from_dataset
        return run_from_dataset(self, program, dataset, scope, fetch_list, fetch_info, print_period, fetch_handler,
                                infer=False)

    def infer_from_dataset(self, program=None, dataset=None, scope=None, thread=0, debug=False, fetch_list=None,
                           fetch_info=None, print_period=100, fetch_handler=None):
        """As train_from_dataset, running the program without its backward and optimizer ops.

        Examples:
            .. code-block:: python

                >>> import os, tempfile
                >>> import paddle
                >>> paddle.enable_static()
                >>> d = tempfile.mkdtemp()
                >>> with open(os.path.join(d, "a.txt"), "w") as f:
                ...     _ = f.write("1 0.5\\n1 1.5\\n")
                >>> x = paddle.static.data("x", [None, 1], "float32")
                >>> out = paddle.static.nn.fc(x, 1)
                >>> exe = paddle.static.Executor()
                >>> _ = exe.run(paddle.static.default_startup_program())
                >>> dataset = paddle.distributed.QueueDataset()
                >>> dataset.init(batch_size=2, use_var=[x], pipe_command="cat")
                >>> dataset.set_filelist([os.path.join(d, "a.txt")])
                >>> exe.infer_from_dataset(dataset=dataset, fetch_list=[out], fetch_info=["out"], print_period=1)
                ... # doctest: +ELLIPSIS
                out: ...
                >>> paddle.disable_static()
        """
        from .dataset_run import run_from_dataset
        return run_from_dataset(self, program, dataset, scope, fetch_list, fetch_info, print_period, fetch_handler,
                                infer=True)

    def run(self, program=None, feed=None, fetch_list=None, feed_var_name="feed", fetch_var_name="fetch",
            scope=None, return_numpy=True, use_program_cache=False, use_prune=False):
        """Run `program` (default main) and return the values of `fetch_list` (numpy arrays)."""
        if self._closed:
            raise RuntimeError("Attempted to use a closed Executor")
        if program is None:
            program = default_main_program()
        if isinstance(program, CompiledProgram):
            program = program._program
        if not isinstance(program, Program):
            raise TypeError(f"Executor requires Program as its Parameter. But you passed in {type(program)}")
        if scope is None:
            scope = global_scope()
        feed = {} if feed is None else feed
        if isinstance(feed, (list, tuple)) and len(feed) == 1 and isinstance(feed[0], dict):
            feed = feed[0]  # one place's feed, as a static DataLoader(return_list=False) yields it
        if not isinstance(feed, dict):
            raise TypeError(f"feed requires dict as its Parameter. But you passed in {type(feed)}")
        fetch_names = _fetch_names(fetch_list)
        block = program.global_block()
        feed_names = tuple(n for n in feed if n in block.vars)
        gc = gc_enabled()
        key = (feed_names, fetch_names, gc)
        cache = self._plans.get(program)
        if cache is None:
            cache = self._plans[program] = {}
        plan = cache.get(key)
        if plan is None or plan.version != program._version:
            plan = _compile(program, feed_names, fetch_names, gc)
            plan.version = program._version
            cache[key] = plan
        for n in (feed_var_name, fetch_var_name):
            scope.var(n)
        env = {None: None}
        for name in plan.loads:
            a = scope._array(name)
            if a is not None:
                env[name] = a
        for name, var in plan.feeds:
            lod = feed[name].lod() if isinstance(feed[name], DenseTensor) else None
            if lod:
                env[name + _LOD] = lod
            a = _feed_array(feed[name], var)
            if var._persistable:  # the scope and the run share one private copy (updated in place)
                a = a.copy()
                scope._set_array(name, a)
            env[name] = a
        for name, first_op in plan.loads.items():
            if name not in env and not _runner_read(first_op):
                raise _uninitialized(first_op, name, program)
        _execute(plan.steps, env)
        for name in plan.writeback:
            scope._set_array(name, env[name])
        self._last_env = env
        out = []
        scoped = set(id(env[n]) for n in plan.persist if n in env) if plan.fetch else ()
        for name, copy in zip(plan.fetch, plan.copy_fetch):
            a = env.get(name)
            if a is None:
                raise ValueError(f"(InvalidArgument) The fetched variable {name} was not computed by the program "
                                 "(an optional output its op did not produce).")
            if copy or a.base is not None or id(a) in scoped:  # never hand out an array the scope holds
                a = a.copy()
            if a.dtype.char == _INT64_CHAR:  # int64 fetches come back as C long long, as Paddle's do
                a = a.view(np.longlong)
            lod = env.get(name + _LOD)
            if lod and return_numpy:
                raise RuntimeError("Some of your fetched tensors hold LoD information. They can not be completely "
                                   "cast to Python ndarray. Please set the parameter 'return_numpy' as 'False' to "
                                   "return DenseTensor itself directly.")
            t = a if return_numpy else DenseTensor(a)
            if lod:
                t.set_lod(lod)
            out.append(t)
        return out


def _fetch_names(fetch_list):
    if fetch_list is None:
        return ()
    if isinstance(fetch_list, (Variable, str)):
        fetch_list = [fetch_list]
    names = []
    for i, f in enumerate(fetch_list):
        if isinstance(f, Variable):
            names.append(f.name)
        elif isinstance(f, str):
            names.append(f)
        else:
            raise TypeError(f"Require fetch_list[{i}] 's type shall be one of (Value, str), but received "
                            f"{type(f).__name__}.")
    return tuple(names)


def _feed_array(value, var):
    """The array to feed into `var`: lists are converted, arrays are checked against the data var."""
    d = var.dtype
    if isinstance(value, _ndarray):
        a = value
    elif isinstance(value, Tensor):
        a = value._data
    elif isinstance(value, DenseTensor):
        a = np.asarray(value)
    else:
        a = np.asarray(value, dtype=d.np_dtype)
    if var.need_check_feed:
        if a.dtype != d.np_dtype:
            raise ValueError(f"The data type of fed Variable '{var.name}' must be '{d.name}', but received "
                             f"'{_dt.from_numpy(a.dtype).name}'")
        shape = var.shape
        if len(shape) != a.ndim or any(s >= 0 and s != n for s, n in zip(shape, a.shape)):
            raise ValueError(f"The fed Variable '{var.name}' should have dimensions = {len(shape)}, shape = "
                             f"{tuple(shape)}, but received fed shape {list(a.shape)} on each device")
    elif a.dtype != d.np_dtype and var._dtype is not None:
        a = a.astype(d.np_dtype)
    return a


def _runner_read(op):
    """Whether a name is first read by a control-flow op: its sub-block may read it on a path that does not run
    (an untaken branch's values, read by that branch's gradient), so only the runner can tell it is missing."""
    return op is not None and op.type in _cf.RUNNERS


def _uninitialized(op, name, program):
    if op is None:
        return RuntimeError(f"(NotFound) {name} not in VariableScope.\n  [Hint: Expected HasVar(name) == true, but "
                            "received HasVar(name):0 != true:1.]")
    slot = next((s for s, ns in op.inputs.items() if name in ns), "X")
    return ValueError(f"(InvalidArgument) The DenseTensor in the {op.type} Op's Input Variable {slot}({name}) "
                      "is not initialized.")


def _compile(program, feed_names, fetch_names, gc):
    """Resolve block 0 into a plan: op instances, input/output names, scope loads, frees."""
    block = program.global_block()
    bvars = block.vars
    steps = []
    available = set(feed_names)
    loads = {}      # name -> first op reading it (None: only fetched), read from the scope before running
    last = {}       # name -> index of the last step touching it
    persist = set()
    for op in block.ops:
        if op.type in ("feed", "fetch"):  # a loaded inference program's I/O ops: run() binds feeds/fetches by name
            continue
        i = len(steps)
        step, reads, writes = _make_step(op)
        for n in reads:
            if n not in available and n not in loads:
                loads[n] = op
            last[n] = i
        for n in writes:
            available.add(n)
            last[n] = i
            v = bvars.get(n)
            if v is not None and v._persistable:
                persist.add(n)
        steps.append(step)
    for n in fetch_names:
        if n not in available and n not in loads:
            loads[n] = None
    # persistables read from the scope are also kept there; fed persistables are written at feed time
    for n in list(loads):
        v = bvars.get(n)
        if v is not None and v._persistable:
            persist.add(n)
    if any(type(st[1]) is _LoDReader for st in steps):
        _share_lod(steps)
    if gc:
        frees = {}
        keep = set(fetch_names) | persist
        for n, i in last.items():
            if n not in keep:
                frees.setdefault(i, []).append(n)
        for i, names in frees.items():
            steps[i][4] = tuple(names)
    plan = _Plan()
    plan.steps = [tuple(s) for s in steps]
    plan.loads = loads
    plan.feeds = [(n, bvars[n]) for n in feed_names]
    plan.fetch = fetch_names
    plan.writeback = [n for n in persist if n in available and n not in feed_names]
    plan.copy_fetch = [n in persist for n in fetch_names]
    plan.persist = tuple(persist)
    plan.gc = gc
    return plan


def _make_step(op):
    """(step, names read, names written) for one op.

    A step is [simple, op instance, input names, output names, names freed after it, OpDesc].
    simple=True: one input per slot and one output (the hot path); False: duplicable or several
    outputs; None: a control-flow op, whose step[1] is a runner called on the environment.
    """
    cls = OPS.get(op.type)
    if cls is None:
        raise NotImplementedError(f"(Unimplemented) Operator ({op.type}) is not registered in purepaddle, so "
                                  "this program can not be run.")
    runner = _cf.RUNNERS.get(op.type)
    if runner is not None:
        reads, writes = _cf.op_io(op)
        return [None, runner(op, _compile_block, _execute), (), (), (), op], reads, writes
    inst = cls(dict(op.attrs))
    if hasattr(inst, "bind"):  # ops that need their OpDesc (print names the variable it prints)
        inst.bind(op)
    if getattr(cls, "_state_idx", ()) and _updates_in_place(op, cls):  # optimizer ops: as eager step()
        inst = _InPlaceUpdate(inst)
    if getattr(cls, "lod_inputs", ()):
        inst = _LoDReader(inst, op)
    dup = cls.duplicable
    ins, reads = [], []
    for slot in cls.inputs:
        names = op.inputs.get(slot, [])
        reads.extend(names)
        if slot in dup:
            ins.append(list(names))
        else:
            ins.append(names[0] if names else None)
    outs, writes = [], []
    for slot in cls.outputs:
        names = op.outputs.get(slot, [])
        writes.extend(names)
        outs.append((slot in dup, list(names)))
    if not dup and not cls._multi and not isinstance(inst, _LoDReader):
        return [True, inst, tuple(ins), outs[0][1][0] if outs and outs[0][1] else None, (), op], reads, writes
    return [False, inst, ins, outs, (), op], reads, writes


class _InPlaceUpdate:
    """An optimizer op whose outputs are its persistable state inputs: its rule runs in place.

    Those arrays belong to this run and the scope only (fetches and feeds of persistables are
    copies), so the update needs no copy of the parameter, as an eager step() does.
    """

    __slots__ = ("op", "_multi", "n")

    def __init__(self, op):
        self.op, self._multi, self.n = op, op._multi, len(op.inputs)

    def forward(self, xp, *arrays):
        if len(arrays) < self.n:
            arrays = arrays + (None,) * (self.n - len(arrays))
        out = self.op.update(xp, *arrays)
        return out if self._multi else out[0]


class _LoDReader:
    """An op that reads LoD (ops/sequence.py): its kernel gets the LoD of its `lod_inputs` from the environment,
    and the LoD it gives its outputs is written back there. Runs on the general path (it needs env)."""

    __slots__ = ("op", "_multi", "lod_names", "out_names", "env")

    def __init__(self, inst, desc):
        self.op, self._multi, self.env = inst, inst._multi, None
        self.lod_names = {s: (desc.inputs.get(s) or [None])[0] for s in type(inst).lod_inputs}
        self.out_names = {s: (desc.outputs.get(s) or [None])[0] for s in type(inst).outputs}

    def __getattr__(self, name):  # type, attrs, ... of the op, for hooks and error messages
        return getattr(self.op, name)

    def forward(self, xp, *arrays):
        env = self.env
        lods = {s: env.get(n + _LOD) if n else None for s, n in self.lod_names.items()}
        self.env = None  # the run's environment is not kept past the op
        out, out_lods = self.op.forward_lod(xp, lods, *arrays)
        for slot, lod in out_lods.items():
            name = self.out_names.get(slot)
            if name:
                if lod:
                    env[name + _LOD] = lod
                else:
                    env.pop(name + _LOD, None)
        return out


class _ShareLoD:
    """A row-wise op (Out the shape of X) in a program with LoD ops: Out takes X's LoD, as Paddle's ShareLoD in most
    ops' shape inference (the bias add and activation after a sequence layer keep its LoD)."""

    __slots__ = ("op", "_multi", "x", "out", "env")

    def __init__(self, inst, x, out):
        self.op, self._multi, self.x, self.out, self.env = inst, False, x, out, None

    def __getattr__(self, name):
        return getattr(self.op, name)

    def forward(self, xp, *arrays):
        env, self.env = self.env, None
        out = self.op.forward(xp, *arrays)
        lod = env.get(self.x + _LOD)
        if lod and np.shape(out) == np.shape(env[self.x]):
            env[self.out + _LOD] = lod
        return out


def _share_lod(steps):
    """Wrap the single-output steps reading an X into Out so that Out shares X's LoD (steps of a plan holding LoD
    ops only: other programs keep the hot path)."""
    for i, st in enumerate(steps):
        if not st[0]:
            continue
        op = st[5]
        x, out = (op.inputs.get("X") or [None])[0], st[3]
        if x is None or out is None:
            continue
        steps[i] = [False, _ShareLoD(st[1], x, out), list(st[2]), [(False, [out])], st[4], op]


def _updates_in_place(op, cls):
    """Whether every state output of an update op names its (persistable) state input."""
    block = op.block
    for i, out_slot in zip(cls._state_idx, cls.outputs):
        ins, outs = op.inputs.get(cls.inputs[i], []), op.outputs.get(out_slot, [])
        if outs != ins:
            return False
        for n in ins:
            v = block._find_var_recursive(n)
            if v is None or not v.persistable:
                return False
    return True


def _compile_block(block):
    """The steps of a sub-block (no frees: the op running it owns the liveness of what it touches)."""
    return [tuple(_make_step(op)[0]) for op in block.ops]


def _execute(steps, env):
    """Run the plan's steps on env (name -> array), freeing dead temporaries as it goes."""
    if OP_RAN.active is not None:
        return _execute_hooked(steps, env)
    step = None
    try:
        for step in steps:
            if step[0]:
                out = step[1].forward(np, *[env[n] for n in step[2]])
                if type(out) is not _ndarray:
                    out = _to_array(out)
                if step[3]:
                    env[step[3]] = out
            else:
                _run_general(step, env)
            if step[4]:
                for n in step[4]:
                    env.pop(n, None)  # an optional output the kernel did not produce is simply absent
    except _KERNEL_ERRORS as e:
        if getattr(e, "paddle_kernel", False):  # already worded as Paddle words it, as in eager mode
            raise
        raise _explain(step, env, e) from e


def _gather(step, env):
    args = []
    for n in step[2]:
        if type(n) is list:
            args.append([env[x] for x in n])
        else:
            args.append(env[n])
    return args


def _store(step, out, env):
    inst = step[1]
    if not inst._multi:
        out = (out,)
    flat = []
    for (is_dup, names), val in zip(step[3], out):
        if is_dup:
            vals = list(val) if val is not None else []
            for n, a in zip(names, vals):
                a = a if type(a) is _ndarray else _to_array(a)
                env[n] = a
                flat.append(a)
        elif names:
            a = val if type(val) is _ndarray else _to_array(val)
            env[names[0]] = a
            flat.append(a)
    return flat


_ENV_STEPS = (_LoDReader, _ShareLoD)  # steps whose kernels read or write LoD beside env's arrays


def _run_general(step, env):
    if step[0] is None:  # a control-flow op: its runner works on the environment itself
        step[1](env)
        return
    if type(step[1]) in _ENV_STEPS:
        step[1].env = env
    out = step[1].forward(np, *_gather(step, env))
    _store(step, out, env)


def _execute_hooked(steps, env):
    """The slow path when diagnostics hooks (nan/inf check, profiler) are installed."""
    make = Tensor._make
    step = None
    try:
        for step in steps:
            if step[0] is None:  # a control-flow op: its sub-block's ops call the hooks themselves
                step[1](env)
                if step[4]:
                    for n in step[4]:
                        env.pop(n, None)
                continue
            args = [env[n] for n in step[2]] if step[0] else _gather(step, env)
            if type(step[1]) in _ENV_STEPS:
                step[1].env = env
            out = timed_kernel(step[1], step[1].forward, np, *args)
            if step[0]:
                out = out if type(out) is _ndarray else _to_array(out)
                if step[3]:
                    env[step[3]] = out
                flat = [out]
            else:
                flat = _store(step, out, env)
            ins = [None if a is None else ([make(x) for x in a] if type(a) is list else make(a)) for a in args]
            outs = [make(a) for a in flat]
            for hook in OP_RAN.active or ():
                hook(step[1], ins, outs)
            if step[4]:
                for n in step[4]:
                    env.pop(n, None)  # an optional output the kernel did not produce is simply absent
    except _KERNEL_ERRORS as e:
        if getattr(e, "paddle_kernel", False):  # already worded as Paddle words it, as in eager mode
            raise
        raise _explain(step, env, e) from e


def _explain(step, env, err):
    """The error for a kernel failure inside a run, naming the op and its input arrays."""
    op = step[5]

    def desc(n):
        a = env.get(n)
        if a is None:
            return f"{n}(None)"
        return f"{n}(shape={list(np.shape(a))}, dtype={np.asarray(a).dtype})"

    parts = ", ".join(f"{s}=[{', '.join(desc(n) for n in ns)}]" for s, ns in op.inputs.items())
    return kernel_error(op, parts, err)

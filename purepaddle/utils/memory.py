"""paddle.utils.estimate_memory: how much memory a training step will take, before running it.

The model is traced on shapes only: its layers run in static mode into a scratch Program (parameters
stand in as variables, unknown dims stay -1), so no activation is computed. From the traced ops we
count what eager training keeps alive: the tensors each recording op saves for backward (its op
class's `saves`), the inputs and outputs; the optimizer's state is counted by asking the optimizer
which accumulators it creates for a probe parameter (Adam: 2 moments + 2 scalar beta powers,
Momentum: 1 velocity, Adadelta: 2, ...).
"""
import copy
from collections import defaultdict

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import BUILDER
from .._core.mode import in_dynamic_mode, set_static
from .._core.op import OPS
from .._core.tensor import Parameter as EagerParameter
from .._core.tensor import Tensor

__all__ = ["estimate_memory", "MemoryEstimate"]


class MemoryEstimate(dict):
    """Bytes by category: parameters, gradients, optimizer_state, activations, transient, peak (a dict).

    `str()` is a small table in MB; `optimizer_slots` says how many parameter-sized accumulators the
    optimizer keeps and `optimizer_scalars` how many scalar ones per parameter.
    """

    def __str__(self):
        rows = [("parameters", self["parameters"]), ("gradients", self["gradients"]),
                ("optimizer state", self["optimizer_state"]), ("activations (saved for backward)", self["activations"]),
                ("largest temporaries", self["transient"]), ("peak (estimated)", self["peak"])]
        head = f"Memory estimate (batch_size={self['batch_size']}, optimizer={self['optimizer']})"
        lines = [head, "-" * len(head)]
        lines += [f"{name:<34}{nbytes / 2**20:>12.2f} MB" for name, nbytes in rows]
        if self["optimizer"] != "None":
            lines.append(f"optimizer keeps {self['optimizer_slots']} parameter-sized accumulator(s) and "
                         f"{self['optimizer_scalars']} scalar(s) per parameter: parameters + gradients + state = "
                         f"{(self['parameters'] + self['gradients'] + self['optimizer_state']) / max(self['parameters'], 1):.1f}x "
                         "the parameters")
        return "\n".join(lines)


def _spec_shape(spec, k):
    """(shape list with None for unknown dims, DType) of one input spec."""
    from ..static.input import InputSpec
    if isinstance(spec, InputSpec):
        return [None if d is None or d < 0 else int(d) for d in spec.shape], spec.dtype
    if isinstance(spec, Tensor):
        return list(spec._data.shape), _dt.from_numpy(spec._data.dtype)
    if isinstance(spec, np.ndarray):
        return list(spec.shape), _dt.from_numpy(spec.dtype)
    if isinstance(spec, (list, tuple)) and all(d is None or isinstance(d, (int, np.integer)) for d in spec):
        return [None if d is None or d < 0 else int(d) for d in spec], _dt.float32
    raise TypeError(f"paddle.utils.estimate_memory: input_spec[{k}] must be an InputSpec, a Tensor, an ndarray or "
                    f"a shape list, but received {type(spec).__name__}")


class _Trace:
    """Static-mode tracing into a scratch program, with eager tensors replaced by variables."""

    def __init__(self, block):
        self.block = block
        self.vars = {}
        self.params = set()

    def var(self, t):
        v = self.vars.get(id(t))
        if v is None:
            name = f"__estimate_{len(self.vars)}"
            v = self.block.create_var(name=name, shape=list(t._data.shape), dtype=_dt.from_numpy(t._data.dtype),
                                      persistable=True)
            v.stop_gradient = t.stop_gradient
            self.vars[id(t)] = v
            self.params.add(name)
        return v

    def builder(self, build):
        def conv(t):
            if type(t) is list:
                return [conv(x) for x in t]
            return self.var(t) if isinstance(t, Tensor) else t

        def tracing_build(op_cls, inputs, attrs):
            return build(op_cls, tuple(conv(t) for t in inputs), attrs)
        return tracing_build


def _flatten(out):
    """The static Variables in a model's (nested) output."""
    if isinstance(out, (list, tuple)):
        for o in out:
            yield from _flatten(o)
    elif isinstance(out, dict):
        for o in out.values():
            yield from _flatten(o)
    elif out is not None and hasattr(out, "block"):
        yield out


def _trace(model, specs, batch_size, loss_fn):
    """Trace the model on shapes into a scratch Program; (program, trace, output names)."""
    from ..static.program import Program, program_guard
    main, startup = Program(), Program()
    trace = _Trace(main.global_block())
    prev_static = set_static(True)
    builder = BUILDER.install(trace.builder(BUILDER.active))
    try:
        with program_guard(main, startup):
            from ..static.input import data
            feeds = []
            for k, (shape, d) in enumerate(specs):
                dims = [-1 if s is None else s for s in shape]
                if batch_size is not None and dims:
                    dims[0] = -1
                x = data(f"__estimate_input_{k}", dims, d)
                x.stop_gradient = True
                feeds.append(x)
            out = model(*feeds)
            if loss_fn is not None:
                out = loss_fn(out)
    finally:
        builder.remove()
        set_static(prev_static)
    return main, trace, [v.name for v in _flatten(out)]


def _bytes(var, batch):
    """Bytes of a traced variable with unknown dims set to the batch size."""
    n = 1
    for d in var.shape:
        n *= batch if d is None or d < 0 else int(d)
    dt = var.dtype.np_dtype if var.dtype.np_dtype is not None else np.dtype(np.float32)
    return int(n) * dt.itemsize


def _activations(program, trace, outputs, batch):
    """Bytes eager training keeps until backward: what recording ops save, plus inputs and outputs."""
    block = program.global_block()
    keep = set(outputs)
    largest = 0
    for op in block.ops:
        cls = OPS.get(op.type)
        names_in = [n for ns in op.inputs.values() for n in ns]
        for n in (m for ns in op.outputs.values() for m in ns):
            v = block.vars.get(n)
            if v is not None and n not in trace.params:
                largest = max(largest, _bytes(v, batch))
        if cls is None or not cls.differentiable:
            continue
        records = any(not block.vars[n].stop_gradient for n in names_in if n in block.vars)
        if not records:
            continue
        for slot in cls.saves:
            keep.update(op.inputs.get(slot, []))
            keep.update(op.outputs.get(slot, []))
    keep.update(n for n, v in block.vars.items() if getattr(v, "is_data", False))
    total = sum(_bytes(block.vars[n], batch) for n in keep if n in block.vars and n not in trace.params)
    return total, largest


def _optimizer_state(optimizer, params):
    """(bytes of the optimizer's state for these params, param-sized slots, scalar slots) via a probe."""
    if optimizer is None:
        return 0, 0, 0
    probe = copy.copy(optimizer)
    probe._accumulators = defaultdict(dict)
    probe._already_create_accumulator = set()
    probe._accumulators_holder = {}
    probe._master_weights = {}
    probe._opti_name_list = []
    fake = EagerParameter(np.zeros([2, 3], dtype=np.float32), name="__estimate_probe_param")
    probe._create_accumulators(None, [fake])
    slots, scalar_elems = 0, 0
    for accs in probe._accumulators.values():
        for acc in accs.values():
            if acc._data.size == fake._data.size:
                slots += 1
            else:
                scalar_elems += int(acc._data.size)
    total = 0
    for p in params:
        total += slots * int(p._data.nbytes) + scalar_elems * p._data.dtype.itemsize
    return total, slots, scalar_elems


def estimate_memory(model, input_spec, optimizer=None, batch_size=None, loss_fn=None):
    """Estimate the memory of one training step of `model` without running it (shapes only).

    Args:
        model (Layer|callable): the network; it is traced on shapes in a scratch static program.
        input_spec (list): one entry per model input: paddle.static.InputSpec, a Tensor/ndarray (its
            shape), or a shape list; None/-1 dims take `batch_size`.
        optimizer (Optimizer|None): counts its accumulators (Adam 2 + 2 scalars, Momentum 1, Adadelta 2, ...).
        batch_size (int|None): the batch size (the first dim of every input).
        loss_fn (callable|None): applied to the model's output(s) to trace the loss too.

    Returns:
        MemoryEstimate: a dict of bytes: parameters, gradients, optimizer_state, activations,
        transient, peak (= all of them together), plus batch_size, optimizer, optimizer_slots.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> net = paddle.nn.Sequential(paddle.nn.Linear(784, 256), paddle.nn.ReLU(), paddle.nn.Linear(256, 10))
            >>> opt = paddle.optimizer.Adam(parameters=net.parameters())
            >>> est = paddle.utils.estimate_memory(net, [paddle.static.InputSpec([None, 784])], opt, batch_size=64)
            >>> # two moments per parameter, and two float32 beta powers for each of the 4 parameters
            >>> est['optimizer_state'] == 2 * est['parameters'] + 4 * 2 * 4
            True
    """
    if batch_size is not None and (not isinstance(batch_size, (int, np.integer)) or batch_size <= 0):
        raise ValueError(f"paddle.utils.estimate_memory: batch_size must be a positive int, but received {batch_size!r}")
    if not isinstance(input_spec, (list, tuple)):
        input_spec = [input_spec]
    specs = [_spec_shape(s, k) for k, s in enumerate(input_spec)]
    if batch_size is None:
        unknown = [k for k, (shape, _) in enumerate(specs) if None in shape]
        if unknown:
            raise ValueError(f"paddle.utils.estimate_memory: input_spec[{unknown[0]}] has an unknown dim "
                             f"{specs[unknown[0]][0]}; pass batch_size")
        batch = specs[0][0][0] if specs and specs[0][0] else 1
    else:
        batch = int(batch_size)
    if not in_dynamic_mode():
        raise RuntimeError("paddle.utils.estimate_memory estimates dynamic-graph training; call it in dynamic mode "
                           "(paddle.disable_static())")
    program, trace, outputs = _trace(model, specs, batch_size, loss_fn)
    params = list(model.parameters()) if hasattr(model, "parameters") else []
    seen, uniq = set(), []
    for p in params:
        if id(p) not in seen:
            seen.add(id(p))
            uniq.append(p)
    p_bytes = sum(int(p._data.nbytes) for p in uniq)
    trainable = [p for p in uniq if not p.stop_gradient]
    g_bytes = sum(int(p._data.nbytes) for p in trainable)
    opt_params = trainable
    if optimizer is not None and getattr(optimizer, "_parameter_list", None):
        ids = {id(p) for p in optimizer._all_params()}
        opt_params = [p for p in trainable if id(p) in ids]
    o_bytes, slots, scalars = _optimizer_state(optimizer, opt_params)
    act, largest = _activations(program, trace, outputs, batch)
    if optimizer is not None and opt_params:  # the update's temporaries are parameter-sized
        largest = max(largest, max(1, slots) * max(int(p._data.nbytes) for p in opt_params))
    est = MemoryEstimate(parameters=p_bytes, gradients=g_bytes, optimizer_state=o_bytes, activations=act,
                         transient=largest, batch_size=batch,
                         optimizer=type(optimizer).__name__ if optimizer is not None else "None",
                         optimizer_slots=slots, optimizer_scalars=scalars)
    est["peak"] = p_bytes + g_bytes + o_bytes + act + largest
    return est

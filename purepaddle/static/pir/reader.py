"""A PIR program (Paddle 3's `model.json`) -> a legacy Program that purepaddle's executor, predictor and passes run.

One internal IR: every PIR op becomes the legacy op Paddle's legacy IR uses for it (op_table.py's rows, or a
translator registered by op name), so nothing downstream knows the file was PIR. PIR values have no names:
parameters keep theirs (`builtin.parameter`), inputs take their `pd_op.data` name, outputs their
`pd_op.fetch` name (`fetch_name_0`, ...: what Paddle's predictor reports), the rest `<legacy op>_<n>.tmp_<k>`.
Constants (`pd_op.full`, `pd_op.full_int_array`) fold into the attributes of the legacy ops that hold them
as attributes, and become `fill_constant` / `assign_value` ops only where a tensor takes them.
"""
from ..files import load_from_path
from ..operator import Operator
from ..program import Program
from ..variable import Parameter, Variable, VarType
from .codec import NULL_VALUE, TensorType, VectorType, parse_program
from .dtypes import dtype_of_name, dtype_of_tag
from .op_table import BY_PIR, READERS, Aux, Const, Seq, register_reader

__all__ = ["Reader", "program_from_pir", "program_from_pir_bytes", "program_from_pir_file", "is_pir_bytes"]


def is_pir_bytes(data):
    """Whether data looks like a PIR JSON program (a `.pdmodel` is protobuf, which never starts with `{`)."""
    return bytes(data[:64]).lstrip()[:1] == b"{"


class Reader:
    """The translation context: the Program being built and the legacy name of every PIR value.

    Translators (op_table.register_reader) use `var(vid)` / `vars(vid)` for operands, `const(vid)` for a
    constant's value, `define(vid, type)` for results, `append(type, inputs, outputs, attrs)` for legacy ops
    and `translate_block(pir_block, block)` for the ops of a region (control flow)."""

    def __init__(self, pir_program, where="<memory>"):
        self.pir, self.where = pir_program, where
        self.program = Program()
        self.block = self.program.global_block()
        self.names = {}      # value id -> var name, or list of names for a vector value
        self.consts = {}     # value id -> (value, dtype name, shape) of pd_op.full / full_int_array
        self.fetch_names = {}
        self._counts = {}
        self._feed_col = 0

    # -- values --------------------------------------------------------------------------------------------
    def fresh_name(self, legacy_type, k=0):
        n = self._counts.get(legacy_type, 0)
        self._counts[legacy_type] = n + 1
        return f"{legacy_type}_{n}.tmp_{k}"

    def define(self, vid, t, name=None, block=None, legacy_type="tmp", k=0, stop_gradient=False):
        """A variable for PIR value vid of type t (TensorType); returns its name."""
        block = block or self.block
        if name is None:
            name = self.fetch_names.pop(vid, None) or self.fresh_name(legacy_type, k)
        shape = dtype = None
        if isinstance(t, TensorType):
            shape, dtype = list(t.dims), dtype_of_tag(t.dtype)
        Variable(block, name=name, shape=shape, dtype=dtype, stop_gradient=stop_gradient)
        self.names[vid] = name
        return name

    def const(self, vid):
        """(value, dtype name, shape) when vid is a constant, else None."""
        return self.consts.get(vid)

    def var(self, vid):
        """The legacy variable name of a tensor value (a constant becomes a fill_constant/assign_value here)."""
        name = self.names.get(vid)
        if name is None and vid in self.consts:
            name = self._materialize(vid)
        if name is None:
            raise ValueError(f"{self.where}: the PIR value %{vid} is used before any op defines it")
        if isinstance(name, list):
            raise ValueError(f"{self.where}: the PIR value %{vid} is a vector where a tensor is expected")
        return name

    def vars(self, vid):
        """The names of a vector value's tensors (builtin.combine, or a vector result)."""
        names = self.names.get(vid)
        if isinstance(names, list):
            return list(names)
        return [self.var(vid)]

    def _materialize(self, vid):
        value, dtype, shape = self.consts[vid]
        d = dtype_of_name(dtype)
        name = self.fresh_name("full" if not isinstance(value, list) else "full_int_array")
        Variable(self.block, name=name, shape=list(shape), dtype=d, stop_gradient=True)
        if isinstance(value, list):
            self.append("assign_value", {}, {"Out": [name]},
                        {"shape": list(shape), "dtype": d.proto, "values": list(value)})
        else:
            self.append("fill_constant", {}, {"Out": [name]},
                        {"shape": list(shape), "dtype": d.proto, "value": float(value), "str_value": "",
                         "force_cpu": False})
        self.names[vid] = name
        return name

    def append(self, type, inputs, outputs, attrs, block=None):
        block = block or self.block
        op = Operator(block, type, inputs, outputs, attrs, {"op_device": "", "op_namescope": "/", "op_role": 0,
                                                            "op_role_var": []})
        block.ops.append(op)
        return op

    # -- ops -----------------------------------------------------------------------------------------------
    def translate_block(self, pir_block, block):
        outer, self.block = self.block, block
        try:
            for op in pir_block.ops:
                self.translate_op(op)
        finally:
            self.block = outer

    def translate_op(self, op):
        fn = READERS.get(op.name)
        if fn is not None:
            return fn(self, op)
        row = BY_PIR.get(op.name)
        if row is None:
            raise ValueError(f"{self.where}: the PIR op '{op.name}' (PIR version {self.pir.version}) is not "
                             "supported by purepaddle")
        return self._translate_row(row, op)

    def _translate_row(self, row, op):
        inputs, attrs = {}, {}
        operands = list(op.operands) + [NULL_VALUE] * (len(row.inputs) - len(op.operands))
        for spec, vid in zip(row.inputs, operands):
            if isinstance(spec, Aux):
                continue
            if isinstance(spec, Const):
                c = self.const(vid)
                if c is not None:
                    attrs[spec.attr] = _const_attr(spec, c[0])
                elif vid == NULL_VALUE:
                    continue
                elif spec.slot is not None:
                    inputs[spec.slot] = [self.var(vid)]
                else:
                    raise ValueError(f"{self.where}: '{op.name}' takes its '{spec.attr}' from a computed value; "
                                     f"purepaddle's '{row.legacy}' needs it constant")
            elif vid == NULL_VALUE:
                if not spec.optional:
                    raise ValueError(f"{self.where}: '{op.name}' has no value for its input '{spec.slot}'")
            elif isinstance(spec, Seq):
                inputs[spec.slot] = self.vars(vid)
            else:
                inputs[spec.slot] = [self.var(vid)]
        for a in row.attrs:
            if a.name in op.attrs and not a.pir_only:
                v = op.attr(a.name)
                attrs[a.legacy] = a.read(v) if a.read else v
        attrs.update(row.fixed)
        if row.derive:
            attrs.update(row.derive(attrs))
        outputs, casts = {}, []
        stops = op.attr("stop_gradient") if "stop_gradient" in op.result_attrs else None
        for k, (slot, (vid, t)) in enumerate(zip(row.outputs, op.results)):
            if vid == NULL_VALUE:
                continue
            sg = bool(stops[k]) if stops and k < len(stops) else False
            if isinstance(slot, Seq):
                items = t.items if isinstance(t, VectorType) else []
                names = [self.fresh_name(row.legacy, j) for j in range(len(items))]
                for n, it in zip(names, items):
                    shape, dt = (list(it.dims), dtype_of_tag(it.dtype)) if isinstance(it, TensorType) else (None, None)
                    Variable(self.block, name=n, shape=shape, dtype=dt, stop_gradient=sg)
                self.names[vid] = names
                outputs[slot.slot] = names
            elif slot in row.inplace and row.inplace[slot] in inputs:
                name = inputs[row.inplace[slot]][0]
                self.names[vid] = name
                outputs[slot] = [name]
            elif row.cast_to and k == 0:
                final = self.define(vid, t, legacy_type=row.legacy, k=k, stop_gradient=sg)
                tmp = self.fresh_name(row.legacy)
                Variable(self.block, name=tmp, shape=list(t.dims), stop_gradient=sg)
                outputs[slot] = [tmp]
                casts.append((tmp, final, dtype_of_name(op.attr(row.cast_to))))
            else:
                outputs[slot] = [self.define(vid, t, legacy_type=row.legacy, k=k, stop_gradient=sg)]
        self.append(row.legacy, inputs, outputs, attrs)
        for tmp, final, d in casts:
            self.append("cast", {"X": [tmp]}, {"Out": [final]}, {"out_dtype": d.proto})


def _const_attr(spec, value):
    if spec.kind == "int_array":
        return [int(v) for v in value] if isinstance(value, list) else [int(value)]
    if isinstance(value, list):
        value = value[0]
    v = int(value) if spec.dtype.startswith("int") else float(value)
    return [v] if spec.as_list else v


# -- the ops no row describes ------------------------------------------------------------------------------------
@register_reader("builtin.parameter")
def _parameter(r, op):
    (vid, t), = op.results
    name = op.attr("parameter_name")
    trainable = bool(op.result_attrs["trainable"].plain()) if "trainable" in op.result_attrs else True
    persistable = bool(op.result_attrs["persistable"].plain()) if "persistable" in op.result_attrs else True
    shape, dtype = list(t.dims), dtype_of_tag(t.dtype)
    block = r.program.global_block()
    if name in block.vars:
        pass
    elif not persistable:  # a parameter op whose value is not saved (rnn's dropout state): no .pdiparams record
        Variable(block, name=name, shape=shape, dtype=dtype, stop_gradient=True)
    elif trainable and dtype is not None and all(d >= 0 for d in shape):
        Parameter(block, shape, dtype, name=name, trainable=True)
    else:
        Variable(block, name=name, shape=shape, dtype=dtype, persistable=True, stop_gradient=True)
    r.names[vid] = name


@register_reader("builtin.constant")
def _constant(r, op):  # a persistable value named by the op (Paddle's constant-folded weights)
    (vid, t), = op.results
    name = op.attr("value")
    block = r.program.global_block()
    if name not in block.vars:
        Variable(block, name=name, shape=list(t.dims), dtype=dtype_of_tag(t.dtype), persistable=True,
                 stop_gradient=True)
    r.names[vid] = name


def _feed_fetch_vars(r):
    block = r.program.global_block()
    if "feed" not in block.vars:
        Variable(block, name="feed", type=VarType.FEED_MINIBATCH, persistable=True)
        Variable(block, name="fetch", type=VarType.FETCH_LIST, persistable=True)


@register_reader("pd_op.data")
def _data(r, op):
    (vid, t), = op.results
    name = op.attr("name")
    _feed_fetch_vars(r)
    shape = list(t.dims) if isinstance(t, TensorType) else list(op.attr("shape"))
    Variable(r.block, name=name, shape=shape, dtype=dtype_of_name(op.attr("dtype")))  # PIR checks no fed shape
    r.names[vid] = name
    r.append("feed", {"X": ["feed"]}, {"Out": [name]}, {"col": r._feed_col})
    r._feed_col += 1


@register_reader("pd_op.fetch")
def _fetch(r, op):
    _feed_fetch_vars(r)
    src = r.var(op.operands[0])
    name = op.attr("name")
    if src != name:  # the fetched value was named otherwise (an input, a parameter, a twice-fetched value)
        v = r.block._find_var_recursive(src)
        Variable(r.block, name=name, shape=None if v is None else v._shape, dtype=None if v is None else v._dtype)
        r.append("assign", {"X": [src]}, {"Out": [name]}, {})
    r.append("fetch", {"X": [name]}, {"Out": ["fetch"]}, {"col": int(op.attr("col", 0))})
    if op.results:
        r.names[op.results[0][0]] = name


@register_reader("pd_op.full")
def _full(r, op):
    (vid, t), = op.results
    r.consts[vid] = (op.attr("value"), op.attr("dtype"), list(op.attr("shape")))


@register_reader("pd_op.full_int_array")
def _full_int_array(r, op):
    (vid, t), = op.results
    value = [int(v) for v in op.attr("value")]
    r.consts[vid] = (value, op.attr("dtype"), [len(value)])


@register_reader("pd_op.assign_value_")
@register_reader("pd_op.assign_value")
def _assign_value(r, op):
    vid, t = op.results[0]
    d = dtype_of_name(op.attr("dtype"))
    name = r.define(vid, t, legacy_type="assign_value", stop_gradient=True)
    values = [v for v in op.attr("values")]
    r.append("assign_value", {}, {"Out": [name]}, {"shape": list(op.attr("shape")), "dtype": d.proto,
                                                    "values": values})


@register_reader("pd_op.full_with_tensor")
def _full_with_tensor(r, op):  # a constant of a computed shape: the value expanded to it
    (vid, t), = op.results
    name = r.define(vid, t, legacy_type="full_with_tensor", stop_gradient=True)
    r.append("expand_v2", {"X": [r.var(op.operands[0])], "Shape": [r.var(op.operands[1])]}, {"Out": [name]},
             {"shape": []})


@register_reader("pd_op.addmm")
def _addmm(r, op):  # beta * input + alpha * (x @ y): purepaddle composes it from matmul, scale and add
    (vid, t), = op.results
    inp, x, y = (r.var(i) for i in op.operands)
    name = r.define(vid, t, legacy_type="addmm")

    def tmp(kind):
        n = r.fresh_name(kind)
        Variable(r.block, name=n, shape=list(t.dims), dtype=dtype_of_tag(t.dtype))
        return n
    prod, a, b = tmp("matmul_v2"), tmp("scale"), tmp("scale")
    r.append("matmul_v2", {"X": [x], "Y": [y]}, {"Out": [prod]}, {"trans_x": False, "trans_y": False})
    r.append("scale", {"X": [prod]}, {"Out": [a]}, {"scale": float(op.attr("alpha", 1.0)), "bias": 0.0,
                                                     "bias_after_scale": True})
    r.append("scale", {"X": [inp]}, {"Out": [b]}, {"scale": float(op.attr("beta", 1.0)), "bias": 0.0,
                                                   "bias_after_scale": True})
    r.append("elementwise_add", {"X": [b], "Y": [a]}, {"Out": [name]}, {"axis": -1})


@register_reader("builtin.combine")
def _combine(r, op):
    (vid, _), = op.results
    r.names[vid] = [r.var(i) for i in op.operands]


@register_reader("builtin.split")
def _split(r, op):
    names = r.vars(op.operands[0])
    for (vid, _), n in zip(op.results, names):
        r.names[vid] = n


@register_reader("builtin.slice")
def _slice(r, op):
    names = r.vars(op.operands[0])
    (vid, _), = op.results
    r.names[vid] = names[int(op.attr("index"))]


@register_reader("builtin.shadow_output")
def _shadow_output(r, op):  # names a value as an output (`output_name`) without a fetch op
    src = r.var(op.operands[0])
    name = op.attr("output_name")
    if src != name:
        v = r.block._find_var_recursive(src)
        Variable(r.block, name=name, shape=None if v is None else v._shape, dtype=None if v is None else v._dtype)
        r.append("assign", {"X": [src]}, {"Out": [name]}, {})


# -- entry points ------------------------------------------------------------------------------------------------
def program_from_pir(pir_program, where="<memory>"):
    """The legacy Program of a parsed PirProgram (ValueError naming `where` and the op for what is unsupported)."""
    r = Reader(pir_program, where)
    ops = pir_program.block.ops
    fetched = {}
    for op in ops:
        if op.name == "pd_op.fetch":
            fetched.setdefault(op.operands[0], []).append(op.attr("name"))
    produced_by_op = {vid for op in ops if op.name not in ("builtin.parameter", "pd_op.data", "builtin.constant")
                      for vid, _ in op.results}
    r.fetch_names = {vid: names[0] for vid, names in fetched.items() if len(names) == 1 and vid in produced_by_op}
    r.translate_block(pir_program.block, r.block)
    r.program._version += 1
    return r.program


def program_from_pir_bytes(data, where="<memory>"):
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data).decode("utf-8")
    return program_from_pir(parse_program(data, where), where)


def program_from_pir_file(path):
    """The legacy Program of a PIR `model.json` file (errors name the file)."""
    return program_from_pir_bytes(load_from_path(path), str(path))

"""A legacy inference Program (with feed/fetch ops) -> a PIR program, as Paddle 3 writes `model.json`.

The inverse of reader.py through the same op table: each legacy op becomes its row's PIR op; legacy
attributes that PIR takes as operands become `pd_op.full_int_array` / `pd_op.full` constants; duplicable
slots become `builtin.combine` (inputs) and `builtin.split` (outputs); persistable variables become
`builtin.parameter` ops (their values go to `.pdiparams` sorted by name, as Paddle's PIR save does); feeds
become `pd_op.data` and fetches `pd_op.fetch` named `fetch_name_<col>`, as Paddle names them. A legacy
variable rewritten in place (batch_norm's MeanOut) gets a new PIR value, so reads follow program order.
"""
from ..variable import Parameter, VarType
from .codec import NULL_VALUE, Attr, PirBlock, PirOp, PirProgram, TensorType, VectorType, dump_program
from .dtypes import name_of_dtype, tag_of_dtype
from .op_table import BY_LEGACY, WRITERS, Aux, Const, Seq, register_writer

__all__ = ["Writer", "program_to_pir", "program_to_pir_bytes", "encode_attr"]

_SCALAR_KINDS = {"bool": "a_bool", "i32": "a_i32", "i64": "a_i64", "f32": "a_f32", "f64": "a_f64", "str": "a_str"}
_LIST_KINDS = {"i32s": "a_i32", "i64s": "a_i64", "f32s": "a_f32", "f64s": "a_f64", "strs": "a_str", "bools": "a_bool"}
_PY = {"a_bool": bool, "a_i32": int, "a_i64": int, "a_f32": float, "a_f64": float, "a_str": str}
_CPU = [0, 0, ""]        # Place attribute of data ops
_UNDEFINED = [1, 0, ""]  # the "undefined place" Paddle gives its constant ops


def encode_attr(kind, value):
    """The Attr of a plain value written as the table's PIR type `kind`."""
    if kind in _SCALAR_KINDS:
        k = _SCALAR_KINDS[kind]
        return Attr(k, _PY[k](value))
    if kind in _LIST_KINDS:
        k = _LIST_KINDS[kind]
        return Attr("a_array", [Attr(k, _PY[k](v)) for v in value])
    if kind == "intarray":
        return Attr("a_intarray", [int(v) for v in value], "1")
    if kind == "dtype":
        return Attr("a_dtype", value if isinstance(value, str) else name_of_dtype(value), "1")
    if kind == "place":
        return Attr("a_place", list(value), "1")
    raise ValueError(f"unknown PIR attribute type '{kind}'")


def _bool_array(values):
    return Attr("a_array", [Attr("a_bool", bool(v)) for v in values])


class Writer:
    """The translation context: the PIR ops written so far and the PIR value of every legacy variable.

    Translators (op_table.register_writer) use `value(name)` for an operand, `const_value(...)` for a
    constant operand, `emit(name, operands, result_types, attrs)` for PIR ops and `bind(name, vid)` to
    make a legacy variable name the given value."""

    def __init__(self, program, where="<program>"):
        self.program, self.where = program, where
        self.block = program.global_block()
        self.ops = []      # the ops of the block being written
        self.param_ops = []  # builtin.parameter ops: the program's first ops, whichever block reads them
        self.ids = {}      # legacy var name -> PIR value id (the latest definition)
        self._next = 1

    # -- values --------------------------------------------------------------------------------------------
    def new_id(self):
        vid = self._next
        self._next += 1
        return vid

    def type_of(self, name):
        v = self.block._find_var_recursive(name)
        if v is None or v._dtype is None:
            raise ValueError(f"{self.where}: the variable '{name}' has no dtype, so it can not be written to a PIR "
                             "program")
        return TensorType(tag_of_dtype(v._dtype), list(v._shape or []))

    def value(self, name):
        vid = self.ids.get(name)
        if vid is None:
            raise ValueError(f"{self.where}: the variable '{name}' is read before any op writes it")
        return vid

    def bind(self, name, vid):
        self.ids[name] = vid

    def emit(self, name, operands, result_types, attrs=None, stop_gradient=None, result_attrs=None):
        """Append a PIR op; returns the ids of its results."""
        results = [(self.new_id(), t) for t in result_types]
        ra = dict(result_attrs or {})
        if stop_gradient is not None:
            ra["stop_gradient"] = _bool_array([stop_gradient] * len(results))
        self.ops.append(PirOp(name, operands, results, attrs or {}, ra))
        return [r[0] for r in results]

    def const_value(self, spec, value, dtype=None):
        """The id of a constant operand: `pd_op.full_int_array` for an int list, `pd_op.full` for a scalar."""
        if spec.kind == "int_array":
            value = [int(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
            t = TensorType("t_i64", [len(value)])
            return self.emit("pd_op.full_int_array", [], [t], {
                "value": encode_attr("i64s", value), "dtype": encode_attr("dtype", "int64"),
                "place": encode_attr("place", _UNDEFINED)}, stop_gradient=True)[0]
        if isinstance(value, (list, tuple)):
            value = value[0]
        dtype = dtype or spec.dtype
        return self.full([1], value, dtype)

    def full(self, shape, value, dtype, place=_UNDEFINED):
        t = TensorType(tag_of_dtype(dtype), list(shape))
        return self.emit("pd_op.full", [], [t], {
            "shape": encode_attr("intarray", shape), "value": encode_attr("f64", float(value)),
            "dtype": encode_attr("dtype", dtype), "place": encode_attr("place", place)}, stop_gradient=True)[0]

    def combine(self, names):
        ids = [self.value(n) for n in names]
        return self.emit("builtin.combine", ids, [VectorType(self.type_of(n) for n in names)], stop_gradient=False)[0]

    # -- ops -----------------------------------------------------------------------------------------------
    def write_parameters(self):
        used = set()
        for block in self.program.blocks:  # a control-flow body reads parameters too
            for op in block.ops:
                for names in op.inputs.values():
                    used.update(names)
        for name in sorted(used):
            v = self.block.vars.get(name)
            if v is None or not v.persistable or v.type != VarType.DENSE_TENSOR:
                continue
            trainable = isinstance(v, Parameter) and v.trainable
            vid = self.new_id()
            self.param_ops.append(PirOp("builtin.parameter", [], [(vid, self.type_of(name))],
                                  {"parameter_name": Attr("a_str", name)},
                                  {"persistable": Attr("a_bool", True), "stop_gradient": Attr("a_bool", not trainable),
                                   "trainable": Attr("a_bool", trainable)}))
            self.ids[name] = vid

    def write_block(self, block):
        """The PIR ops of a legacy sub-block's ops (a control-flow writer's region body); values it defines stay
        visible to the ops after it, as the legacy block's variables are."""
        outer_ops, outer_block = self.ops, self.block
        self.ops, self.block = [], block
        try:
            for op in block.ops:
                self.write_op(op)
            return self.ops
        finally:
            self.ops, self.block = outer_ops, outer_block

    def write_op(self, op):
        fn = WRITERS.get(op.type)
        if fn is not None:
            return fn(self, op)
        attrs = op.all_attrs()
        for row in BY_LEGACY.get(op.type, ()):
            if row.when is None or row.when(attrs, op.inputs):
                return self._write_row(row, op, attrs)
        raise ValueError(f"{self.where}: the op '{op.type}' has no PIR form in purepaddle's op table, so the program "
                         "can not be written as a PIR model.json (save with FLAGS_enable_pir_api=0 for a .pdmodel)")

    def _write_row(self, row, op, attrs):
        overrides = {}
        if row.fixed.get("axis") == -1 and attrs.get("axis", -1) != -1:  # legacy elementwise broadcasting
            overrides["Y"] = self._align_y(op, int(attrs["axis"]))
            attrs = dict(attrs, axis=-1)
        for k, v in row.fixed.items():
            if k in attrs and attrs[k] != v and not (isinstance(v, list) and not v and not attrs[k]):
                raise ValueError(f"{self.where}: '{op.type}' with {k}={attrs[k]!r} has no PIR form ('{row.pir}' "
                                 f"means {k}={v!r})")
        operands = []
        for spec in row.inputs:
            names = op.inputs.get(spec.slot) if spec.slot else None
            if isinstance(spec, Aux):
                operands.append(spec.make(self, op))
            elif spec.slot in overrides:
                operands.append(overrides[spec.slot])
            elif isinstance(spec, Const):
                if names:
                    operands.append(self.value(names[0]))
                elif attrs.get(spec.attr) is not None:
                    operands.append(self.const_value(spec, attrs[spec.attr]))
                elif spec.optional:
                    operands.append(NULL_VALUE)
                else:
                    raise ValueError(f"{self.where}: '{op.type}' has no attribute '{spec.attr}'")
            elif not names:
                if not spec.optional:
                    raise ValueError(f"{self.where}: '{op.type}' has no input '{spec.slot}'")
                operands.append(NULL_VALUE)
            elif isinstance(spec, Seq):
                operands.append(self.combine(names))
            else:
                operands.append(self.value(names[0]))
        pattrs = {}
        for a in row.attrs:
            v = None if a.pir_only else attrs.get(a.legacy)
            if v is None:
                v = a.default(self, op) if callable(a.default) else a.default
            elif a.write:
                v = a.write(v)
            if v is not None:
                pattrs[a.name] = encode_attr(a.kind, v)
        types, binds = [], []
        for slot in row.outputs:
            key = slot.slot if isinstance(slot, Seq) else slot
            names = op.outputs.get(key) or []
            if isinstance(slot, Seq):
                types.append(VectorType(self.type_of(n) for n in names))
                binds.append(("seq", names))
            elif names:
                types.append(self.type_of(names[0]))
                binds.append(("one", names[0]))
            else:
                types.append(self._absent_type(row, key, op))
                binds.append(("none", None))
        ids = self.emit(row.pir, operands, types, pattrs, stop_gradient=False)
        for vid, t, (how, names) in zip(ids, types, binds):
            if how == "one":
                self.bind(names, vid)
            elif how == "seq":
                parts = self.emit("builtin.split", [vid], list(t.items), stop_gradient=False)
                for n, p in zip(names, parts):
                    self.bind(n, p)

    def dropout_state(self, op):
        """rnn's dropout-state operand: a parameter op Paddle saves no value for (persistable false), as Paddle's
        nn.RNN layers write it."""
        name = f"{op.output('Out')[0]}.dropout_state__non_persistable"
        vid = self.new_id()
        self.param_ops.append(PirOp("builtin.parameter", [], [(vid, TensorType("t_ui8", []))],
                                 {"parameter_name": Attr("a_str", name)},
                                 {"persistable": Attr("a_bool", False), "stop_gradient": Attr("a_bool", True),
                                  "trainable": Attr("a_bool", False)}))
        return vid

    def _align_y(self, op, axis):
        """The value of a legacy elementwise op's Y aligned at `axis` of X, as PIR's trailing broadcasting reads
        it: Y itself when it already ends at X's last axis, else Y reshaped with trailing ones."""
        x, y = self.type_of(op.input("X")[0]), self.type_of(op.input("Y")[0])
        trailing = len(x.dims) - axis - len(y.dims)
        if trailing <= 0:
            return self.value(op.input("Y")[0])
        shape = [d if d >= 0 else -1 for d in y.dims] + [1] * trailing
        if shape.count(-1) > 1:
            raise ValueError(f"{self.where}: '{op.type}' broadcasts Y {y.dims} at axis {axis}: no PIR form for Y "
                             "with several unknown dimensions")
        t = TensorType(y.dtype, shape)
        return self.emit("pd_op.reshape", [self.value(op.input("Y")[0]), self.const_value(Const("shape"), shape)],
                         [t], stop_gradient=False)[0]

    def _absent_type(self, row, slot, op):
        """The type of a PIR result the legacy op leaves out (batch_norm's ReserveSpace, dropout's Mask)."""
        first = next((n[0] for n in op.inputs.values() if n), None)
        t = self.type_of(first) if first else TensorType("t_f32", [-1])
        if slot in ("Mask", "ReserveSpace", "XShape"):
            return TensorType("t_ui8" if slot != "XShape" else t.dtype, [-1])
        return TensorType(t.dtype, [-1])


# -- the ops no row describes ------------------------------------------------------------------------------------
@register_writer("feed")
def _feed(w, op):
    name = op.output("Out")[0]
    t = w.type_of(name)
    vid, = w.emit("pd_op.data", [], [t], {
        "name": Attr("a_str", name), "shape": encode_attr("intarray", t.dims),
        "dtype": encode_attr("dtype", w.block._find_var_recursive(name)._dtype), "place": encode_attr("place", _CPU)},
        stop_gradient=False)
    w.bind(name, vid)


@register_writer("fetch")
def _fetch(w, op):
    name = op.input("X")[0]
    col = int(op.attr("col"))
    w.emit("pd_op.fetch", [w.value(name)], [w.type_of(name)],
           {"name": Attr("a_str", f"fetch_name_{col}"), "col": Attr("a_i32", col)},
           result_attrs={"persistable": _bool_array([True]), "stop_gradient": _bool_array([False])})


@register_writer("mul")
def _mul(w, op):
    """The legacy `mul` (fc's matmul of X flattened from x_num_col_dims) as pd_op.flatten + pd_op.matmul."""
    k, l_ = int(op.attr("x_num_col_dims") or 1), int(op.attr("y_num_col_dims") or 1)
    x, y = w.type_of(op.input("X")[0]), w.type_of(op.input("Y")[0])
    if l_ != 1 or len(y.dims) != 2:
        raise ValueError(f"{w.where}: 'mul' with Y of shape {y.dims} and y_num_col_dims={l_} has no PIR form in "
                         "purepaddle")
    xv = w.value(op.input("X")[0])
    if len(x.dims) != k + 1:  # flatten X's trailing axes into one, as mul does
        inner = 1
        for d in x.dims[k:]:
            inner = -1 if d < 0 or inner < 0 else inner * d
        xv, = w.emit("pd_op.flatten", [xv], [TensorType(x.dtype, list(x.dims[:k]) + [inner])], {
            "start_axis": encode_attr("i32", k), "stop_axis": encode_attr("i32", len(x.dims) - 1)},
            stop_gradient=False)
    out = op.output("Out")[0]
    vid, = w.emit("pd_op.matmul", [xv, w.value(op.input("Y")[0])], [w.type_of(out)], {
        "transpose_x": encode_attr("bool", False), "transpose_y": encode_attr("bool", False)}, stop_gradient=False)
    w.bind(out, vid)


@register_writer("flash_attn")
def _flash_attn(w, op):
    """purepaddle's attention op (what nn.MultiHeadAttention applies) as the ops Paddle's own layer writes:
    softmax(scale * q k^T + mask) v over [B, S, H, D] (Paddle's pd_op.flash_attn has no CPU kernel)."""
    a = op.all_attrs()
    if a.get("causal") or (float(a.get("dropout", 0.0)) > 0 and not a.get("is_test", False)):
        raise ValueError(f"{w.where}: flash_attn with causal=True or training dropout has no PIR form in purepaddle")
    q, k, v = (w.type_of(op.input(s)[0]) for s in ("q", "k", "v"))
    perm = encode_attr("i32s", [0, 2, 1, 3])
    no = encode_attr("bool", False)

    def heads(slot, t):  # [B, S, H, D] -> [B, H, S, D]
        d = t.dims
        return w.emit("pd_op.transpose", [w.value(op.input(slot)[0])], [TensorType(t.dtype, [d[0], d[2], d[1], d[3]])],
                      {"perm": perm}, stop_gradient=False)[0]
    qh, kh, vh = heads("q", q), heads("k", k), heads("v", v)
    b, sq, h, d = q.dims
    st = TensorType(q.dtype, [b, h, sq, k.dims[1]])
    s, = w.emit("pd_op.matmul", [qh, kh], [st], {"transpose_x": no, "transpose_y": encode_attr("bool", True)},
                stop_gradient=False)
    scale = float(a.get("scale", -1.0))
    scale = scale if scale > 0 else (d ** -0.5 if d and d > 0 else 1.0)
    s, = w.emit("pd_op.scale", [s, w.full([1], scale, "float32")], [st], {
        "bias": encode_attr("f32", 0.0), "bias_after_scale": encode_attr("bool", True)}, stop_gradient=False)
    if op.input("attn_mask"):
        s, = w.emit("pd_op.add", [s, w.value(op.input("attn_mask")[0])], [st], stop_gradient=False)
    s, = w.emit("pd_op.softmax", [s], [st], {"axis": encode_attr("i32", -1)}, stop_gradient=False)
    ot = TensorType(q.dtype, [b, h, sq, v.dims[3]])
    o, = w.emit("pd_op.matmul", [s, vh], [ot], {"transpose_x": no, "transpose_y": no}, stop_gradient=False)
    out = op.output("out")[0]
    vid, = w.emit("pd_op.transpose", [o], [w.type_of(out)], {"perm": perm}, stop_gradient=False)
    w.bind(out, vid)


@register_writer("fill_constant")
def _fill_constant(w, op):
    name = op.output("Out")[0]
    a = op.all_attrs()
    if op.inputs.get("ShapeTensor") or op.inputs.get("ShapeTensorList") or op.inputs.get("ValueTensor"):
        raise ValueError(f"{w.where}: fill_constant with a computed shape or value has no PIR form in purepaddle")
    value = float(a["str_value"]) if a.get("str_value") else float(a.get("value", 0.0))
    vid = w.full(list(a.get("shape", [])), value, name_of_dtype(a.get("dtype")), _CPU)
    w.bind(name, vid)


@register_writer("assign_value")
def _assign_value(w, op):
    name = op.output("Out")[0]
    a = op.all_attrs()
    values = a.get("values")
    if values is None:
        values = next((a[k] for k in ("bool_values", "int32_values", "int64_values", "fp32_values", "fp64_values")
                       if a.get(k)), [])
    dtype = name_of_dtype(a["dtype"])
    shape = list(a["shape"])
    buf = w.full(shape, 0.0, dtype, _CPU)
    vid, = w.emit("pd_op.assign_value_", [buf], [w.type_of(name)], {
        "shape": encode_attr("i32s", shape), "dtype": encode_attr("dtype", dtype),
        "values": encode_attr("f64s", [float(v) for v in values]), "place": encode_attr("place", _CPU)},
        stop_gradient=True)
    w.bind(name, vid)


# -- entry points ------------------------------------------------------------------------------------------------
def program_to_pir(program, where="<program>"):
    """The PirProgram of a legacy inference Program (feed/fetch ops included); ValueError naming the op for what
    has no PIR form."""
    w = Writer(program, where)
    w.write_parameters()
    ops = program.global_block().ops
    # the inputs in `col` order: a PIR program orders its inputs by its data ops (legacy feeds say `col`)
    feeds = sorted((op for op in ops if op.type == "feed"), key=lambda op: int(op.attr("col")))
    for op in feeds + [op for op in ops if op.type != "feed"]:
        w.write_op(op)
    return PirProgram(PirBlock((), w.param_ops + w.ops), trainable=True)


def program_to_pir_bytes(program, where="<program>"):
    """The `model.json` bytes of a legacy inference Program."""
    return dump_program(program_to_pir(program, where)).encode("utf-8")

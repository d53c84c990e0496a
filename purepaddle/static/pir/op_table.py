"""ONE declarative table: each PIR op <-> the legacy op Paddle's legacy IR uses for it, serving both directions.

A row names the PIR op and the legacy op type, then, in PIR's operand order, what each operand is in the
legacy op (`In`: a tensor slot; `Seq`: a duplicable slot fed by `builtin.combine`; `Const`: an operand Paddle 3
computes with `pd_op.full_int_array` / `pd_op.full`, which the legacy op holds as an attribute, or in a tensor
slot when the value is computed), the attributes in PIR's order with their PIR types (`A`: the legacy name
when it differs, conversions), the legacy output slot of each PIR result, the legacy attributes fixed by the
mapping (`fixed`) and the outputs that share an input's variable (`inplace`, for Paddle's in-place `xxx_` ops).

Reading (reader.py) turns a PIR op into its row's legacy op; writing (writer.py) picks, for a legacy op, the
first row of its type whose `when(attrs, inputs)` accepts the op's attributes and input slots.

Ops no row can describe (the program's parameters, feeds and fetches, constants, builtin.combine/split, and
control flow) are translated by functions registered by name: `READERS` (PIR op name -> fn(reader, pir_op))
and `WRITERS` (legacy op type -> fn(writer, op)). This is the registration point for translators kept in other
modules: a control-flow module (`static/pir/control_flow.py`) registers `@register_reader("pd_op.if")`,
`@register_writer("conditional_block")`, ... when imported, and the package face imports it. A reader builds
sub-blocks with `Reader.translate_block(pir_block, block)` (a region's block args and yields are its own to
map); a writer emits ops with `Writer.emit` and a region body with `Writer.write_block(block)` (wrapped in
`codec.PirRegion`/`codec.PirBlock`).
"""
from .dtypes import dtype_of_name, name_of_dtype

__all__ = ["In", "Seq", "Const", "Aux", "A", "Row", "ROWS", "BY_PIR", "BY_LEGACY", "READERS", "WRITERS",
           "register_reader", "register_writer", "supported_pir_ops"]


class In:
    """A tensor operand: the legacy input slot (`optional`: a null PIR value means an empty slot)."""

    def __init__(self, slot, optional=False):
        self.slot, self.optional = slot, optional


class Seq(In):
    """A vector operand (`builtin.combine` of tensors) or result (`builtin.split` of it): a duplicable slot."""


class Const:
    """An operand Paddle 3 feeds from a constant op, held by the legacy op as attribute `attr`.

    kind: "int_array" (pd_op.full_int_array, a list of ints) or "scalar" (pd_op.full of shape [1]);
    dtype: the constant's dtype as Paddle writes it; slot: the legacy tensor slot taking a computed value
    (None: the legacy op takes only the attribute); as_list: a scalar the legacy op holds as a 1-list."""

    def __init__(self, attr, kind="int_array", dtype="int64", slot=None, as_list=False, optional=False):
        self.attr, self.kind, self.dtype, self.slot, self.as_list = attr, kind, dtype, slot, as_list
        self.optional = optional


class Aux:
    """An operand the legacy op has no slot for (rnn's dropout state): reading drops it; writing makes its value
    with make(writer, op)."""

    def __init__(self, make):
        self.make, self.slot, self.optional = make, None, True


class A:
    """An attribute: PIR name and type (`i32`, `i64`, `f32`, `f64`, `bool`, `str`, `i32s`, `i64s`, `f32s`,
    `f64s`, `strs`, `intarray`, `dtype`, `place`), its legacy name, and the value conversions
    (`read`: PIR value -> legacy value; `write`: legacy -> PIR) and the PIR value when the legacy op has none
    (a value, or fn(writer, op)); `pir_only`: the legacy op has no such attribute (reading drops it, writing
    writes the default)."""

    def __init__(self, name, kind, legacy=None, read=None, write=None, default=None, pir_only=False):
        self.name, self.kind, self.legacy = name, kind, legacy or name
        self.read, self.write, self.default, self.pir_only = read, write, default, pir_only


class Row:
    def __init__(self, pir, legacy, inputs=(), attrs=(), outputs=("Out",), fixed=None, inplace=None, when=None,
                 derive=None, cast_to=None):
        self.pir, self.legacy = pir, legacy
        self.inputs, self.attrs, self.outputs = tuple(inputs), tuple(attrs), tuple(outputs)
        self.fixed = dict(fixed or {})
        self.inplace = dict(inplace or {})
        self.when = when
        self.derive = derive  # legacy attrs -> further legacy attrs a legacy op states (reduce_all ...)
        # the PIR attribute naming the result's dtype where the legacy op takes it from its inputs (arange):
        # reading casts the legacy result to it
        self.cast_to = cast_to


# -- conversions shared by rows -------------------------------------------------------------------------------
def _dtype_proto(name):
    return dtype_of_name(name).proto


def _dtype_name(proto):
    return name_of_dtype(proto)


def _reduce_all(attrs):
    return {"reduce_all": not attrs.get("dim")}


def _unary(pir, legacy=None, attrs=()):
    return Row("pd_op." + pir, legacy or pir, (In("X"),), attrs)


def _binary(pir, legacy):
    return Row("pd_op." + pir, legacy, (In("X"), In("Y")), fixed={"axis": -1})


_PLACE = A("place", "place", default=[0, 0, ""], pir_only=True)
_CONV = (A("strides", "i32s"), A("paddings", "i32s"), A("padding_algorithm", "str"), A("dilations", "i32s"),
         A("groups", "i32"), A("data_format", "str"))
_DW_CONV = (A("strides", "i32s"), A("paddings", "i32s"), A("padding_algorithm", "str"), A("groups", "i32"),
            A("dilations", "i32s"), A("data_format", "str"))
_BN_ATTRS = (A("is_test", "bool"), A("momentum", "f32"), A("epsilon", "f32"), A("data_format", "str", "data_layout"),
             A("use_global_stats", "bool"), A("trainable_statistics", "bool"))
_BN_INPUTS = (In("X"), In("Mean"), In("Variance"), In("Scale", optional=True), In("Bias", optional=True))
_BN_OUTPUTS = ("Y", "MeanOut", "VarianceOut", "SavedMean", "SavedVariance", "ReserveSpace")
_POOL = (A("strides", "i64s"), A("paddings", "i64s"), A("ceil_mode", "bool"), A("exclusive", "bool"),
         A("data_format", "str"), A("pooling_type", "str"), A("global_pooling", "bool"), A("adaptive", "bool"),
         A("padding_algorithm", "str"))
_INTERP = (A("data_format", "str", "data_layout"), A("out_d", "i32"), A("out_h", "i32"), A("out_w", "i32"),
           A("scale", "f64s"), A("interp_method", "str"), A("align_corners", "bool"), A("align_mode", "i32"))
_INTERP_INPUTS = (In("X"), In("OutSize", optional=True), Seq("SizeTensor", optional=True),
                  In("Scale", optional=True))

ROWS = [
    # fake quantization (paddle.quantization, nn.quant.quant_layers)
    Row("pd_op.fake_quantize_dequantize_moving_average_abs_max", "fake_quantize_dequantize_moving_average_abs_max",
        (In("X"), In("InScale"), In("InAccum", optional=True), In("InState", optional=True)),
        (A("moving_rate", "f32"), A("bit_length", "i32"), A("is_test", "bool"), A("round_type", "i32")),
        ("Out", "OutScale", "OutState", "OutAccum")),
    Row("pd_op.fake_quantize_dequantize_abs_max", "fake_quantize_dequantize_abs_max", (In("X"),),
        (A("bit_length", "i32"), A("round_type", "i32")), ("Out", "OutScale")),
    Row("pd_op.fake_channel_wise_quantize_dequantize_abs_max", "fake_channel_wise_quantize_dequantize_abs_max",
        (In("X"),), (A("bit_length", "i32"), A("round_type", "i32"), A("quant_axis", "i32")), ("Out", "OutScale")),
    Row("pd_op.moving_average_abs_max_scale", "moving_average_abs_max_scale",
        (In("X"), In("InAccum", optional=True), In("InState", optional=True)),
        (A("moving_rate", "f32"), A("is_test", "bool")), ("Out", "OutScale", "OutState", "OutAccum")),
    *[Row(f"pd_op.{t}", t, (In("X"), In("Scale"), In("ZeroPoint", optional=True), In("InAccum", optional=True),
                            In("InState", optional=True)),
          (A("quant_axis", "i32"), A("bit_length", "i32"), A("qmin", "i32"), A("qmax", "i32"), A("round_type", "i32"),
           A("is_test", "bool"), A("only_observer", "bool")), ("Y", "OutState", "OutAccum", "OutScale"))
      for t in ("quantize_linear", "dequantize_linear")],
    # convolution, normalization, pooling
    Row("pd_op.conv2d", "conv2d", (In("Input"), In("Filter")), _CONV, ("Output",)),
    Row("pd_op.depthwise_conv2d", "depthwise_conv2d", (In("Input"), In("Filter")), _DW_CONV, ("Output",)),
    Row("pd_op.conv2d_transpose", "conv2d_transpose",
        (In("Input"), In("Filter"), Const("output_size", slot=None)),
        (A("strides", "i32s"), A("paddings", "i32s"), A("output_padding", "i32s"), A("padding_algorithm", "str"),
         A("groups", "i32"), A("dilations", "i32s"), A("data_format", "str")), ("Output",)),
    Row("pd_op.batch_norm_", "batch_norm", _BN_INPUTS, _BN_ATTRS, _BN_OUTPUTS,
        inplace={"MeanOut": "Mean", "VarianceOut": "Variance"}),
    Row("pd_op.batch_norm", "batch_norm", _BN_INPUTS, _BN_ATTRS, _BN_OUTPUTS),
    Row("pd_op.layer_norm", "layer_norm", (In("X"), In("Scale", optional=True), In("Bias", optional=True)),
        (A("epsilon", "f32"), A("begin_norm_axis", "i32")), ("Y", "Mean", "Variance")),
    Row("pd_op.group_norm", "group_norm", (In("X"), In("Scale", optional=True), In("Bias", optional=True)),
        (A("epsilon", "f64"), A("groups", "i32"), A("data_format", "str", "data_layout")), ("Y", "Mean", "Variance")),
    Row("pd_op.instance_norm", "instance_norm", (In("X"), In("Scale", optional=True), In("Bias", optional=True)),
        (A("epsilon", "f32"),), ("Y", "SavedMean", "SavedVariance")),
    Row("pd_op.pool2d", "pool2d", (In("X"), Const("ksize")), _POOL),
    # linear algebra and elementwise arithmetic
    Row("pd_op.matmul", "matmul_v2", (In("X"), In("Y")),
        (A("transpose_x", "bool", "trans_x"), A("transpose_y", "bool", "trans_y"))),
    _binary("add", "elementwise_add"), _binary("subtract", "elementwise_sub"),
    _binary("multiply", "elementwise_mul"), _binary("divide", "elementwise_div"),
    _binary("maximum", "elementwise_max"), _binary("minimum", "elementwise_min"),
    _binary("elementwise_pow", "elementwise_pow"), _binary("remainder", "elementwise_mod"),
    Row("pd_op.scale", "scale", (In("X"), Const("scale", "scalar", "float32", slot="ScaleTensor")),
        (A("bias", "f32"), A("bias_after_scale", "bool"))),
    Row("pd_op.pow", "pow", (In("X"),), (A("y", "f32", "factor"),)),
    Row("pd_op.clip", "clip", (In("X"), Const("min", "scalar", "float32", slot="Min"),
                               Const("max", "scalar", "float32", slot="Max"))),
    # activations
    _unary("relu"), Row("pd_op.relu6", "relu6", (In("X"),), fixed={"threshold": 6.0}), _unary("sigmoid"),
    _unary("tanh"), _unary("exp"), _unary("sqrt"),
    _unary("rsqrt"), _unary("abs"), _unary("log"), _unary("erf"), _unary("floor"), _unary("silu"),
    _unary("sin"), _unary("cos"), _unary("square"), _unary("sign"), _unary("reciprocal"),
    _unary("logsigmoid"), _unary("mish", attrs=(A("lambda", "f32", "threshold"),)),
    Row("pd_op.hardswish", "hard_swish", (In("X"),), fixed={"threshold": 6.0, "scale": 6.0, "offset": 3.0}),
    _unary("hardsigmoid", "hard_sigmoid", (A("slope", "f32"), A("offset", "f32"))),
    _unary("gelu", attrs=(A("approximate", "bool"),)),
    _unary("leaky_relu", attrs=(A("negative_slope", "f64", "alpha"),)),
    Row("pd_op.swish", "swish", (In("X"),), fixed={"beta": 1.0}),
    _unary("hardtanh", "brelu", (A("t_min", "f32"), A("t_max", "f32"))),
    _unary("softplus", attrs=(A("beta", "f64"), A("threshold", "f64"))),
    _unary("softmax", attrs=(A("axis", "i32"),)),
    _unary("log_softmax", attrs=(A("axis", "i32"),)),
    Row("pd_op.prelu", "prelu", (In("X"), In("Alpha")), (A("data_format", "str"), A("mode", "str"))),
    Row("pd_op.dropout", "dropout", (In("X"), In("Seed", optional=True),
                                     Const("dropout_prob", "scalar", "float32")),
        (A("is_test", "bool", default=False), A("mode", "str", "dropout_implementation", default="downgrade_in_infer"),
         A("seed", "i32", default=0), A("fix_seed", "bool", default=False)),  # legacy defaults Paddle omits
        ("Out", "Mask")),
    # shape manipulation
    Row("pd_op.flatten", "flatten_contiguous_range", (In("X"),), (A("start_axis", "i32"), A("stop_axis", "i32"))),
    Row("pd_op.reshape", "reshape2", (In("X"), Const("shape", slot="Shape"))),
    Row("pd_op.transpose", "transpose2", (In("X"),), (A("perm", "i32s", "axis"),)),
    Row("pd_op.squeeze", "squeeze2", (In("X"), Const("axes"))),
    Row("pd_op.unsqueeze", "unsqueeze2", (In("X"), Const("axes"))),
    Row("pd_op.concat", "concat", (Seq("X"), Const("axis", "scalar", "int32", slot="AxisTensor"))),
    Row("pd_op.split_with_num", "split", (In("X"), Const("axis", "scalar", "int32", slot="AxisTensor")),
        (A("num", "i32"),), (Seq("Out"),), fixed={"sections": []}, when=lambda a, ins: not a.get("sections")),
    Row("pd_op.split", "split", (In("X"), Const("sections"), Const("axis", "scalar", "int32", slot="AxisTensor")),
        (), (Seq("Out"),), fixed={"num": 0}),
    Row("pd_op.set_value_", "set_value", (In("Input"), Const("starts"), Const("ends"), Const("steps")),
        (A("axes", "i64s"), A("decrease_axes", "i64s"), A("none_axes", "i64s"), A("shape", "i64s"),
         A("values", "f64s")), when=lambda a, ins: not ins.get("ValueTensor")),
    Row("pd_op.set_value_with_tensor_", "set_value",
        (In("Input"), In("ValueTensor"), Const("starts"), Const("ends"), Const("steps")),
        (A("axes", "i64s"), A("decrease_axes", "i64s"), A("none_axes", "i64s"))),
    Row("pd_op.stack", "stack", (Seq("X"),), (A("axis", "i32"),), ("Y",)),
    Row("pd_op.slice", "slice", (In("Input"), Const("starts", slot="StartsTensor"), Const("ends", slot="EndsTensor")),
        (A("axes", "i64s"), A("infer_flags", "i64s"), A("decrease_axis", "i64s"))),
    Row("pd_op.expand", "expand_v2", (In("X"), Const("shape", slot="Shape"))),
    Row("pd_op.tile", "tile", (In("X"), Const("repeat_times", slot="RepeatTimes"))),
    Row("pd_op.gather", "gather", (In("X"), In("Index"), Const("axis", "scalar", "int32", slot="Axis"))),
    Row("pd_op.pad3d", "pad3d", (In("X"), Const("paddings", slot="Paddings")),
        (A("mode", "str"), A("pad_value", "f64", "value"), A("data_format", "str"))),
    Row("pd_op.assign", "assign", (In("X"),)),
    Row("pd_op.shape", "shape", (In("Input"),)),
    Row("pd_op.shape64", "shape64", (In("input"),), outputs=("out",)),
    Row("pd_op.full_like", "fill_any_like", (In("X"), Const("value", "scalar", "float32")),
        (A("dtype", "dtype", "dtype", _dtype_proto, _dtype_name), _PLACE)),
    Row("pd_op.arange", "range", (In("Start"), In("End"), In("Step")),
        (A("dtype", "dtype", default=lambda w, op: w.type_of(op.output("Out")[0]).dtype_name, pir_only=True),
         _PLACE), cast_to="dtype"),
    Row("pd_op.cast", "cast", (In("X"),), (A("dtype", "dtype", "out_dtype", _dtype_proto, _dtype_name),)),
    Row("pd_op.where", "where", (In("Condition"), In("X"), In("Y"))),
    Row("pd_op.embedding", "lookup_table_v2", (In("Ids"), In("W")),
        (A("padding_idx", "i64", default=-1), A("sparse", "bool", default=False))),
    Row("pd_op.bilinear_interp", "bilinear_interp_v2", _INTERP_INPUTS, _INTERP),
    Row("pd_op.nearest_interp", "nearest_interp_v2", _INTERP_INPUTS, _INTERP),
    # comparisons and logic
    *[_binary(n, n) for n in ("equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal")],
    *[Row("pd_op." + n, n, (In("X"), In("Y"))) for n in ("logical_and", "logical_or", "logical_xor")],
    _unary("logical_not"),
    *[Row("pd_op." + n, n, (In("X"), In("Y"))) for n in ("bitwise_and", "bitwise_or", "bitwise_xor")],
    _unary("bitwise_not"),
    # more activations
    _unary("elu", attrs=(A("alpha", "f32"),)), _unary("celu", attrs=(A("alpha", "f32"),)),
    _unary("selu", attrs=(A("scale", "f32"), A("alpha", "f32"))),
    _unary("hardshrink", "hard_shrink", (A("threshold", "f32"),)), _unary("softsign"),
    _unary("tanh_shrink"), _unary("thresholded_relu", attrs=(A("threshold", "f32"), A("value", "f32"))),
    _unary("isnan", "isnan_v2"), _binary("floor_divide", "elementwise_floordiv"),
    # sequences, sorting, indexing
    Row("pd_op.rnn", "rnn", (In("Input"), Seq("PreState"), Seq("WeightList"), In("SequenceLength", optional=True),
                             Aux(lambda w, op: w.dropout_state(op))),
        (A("dropout_prob", "f32"), A("is_bidirec", "bool"), A("input_size", "i32"), A("hidden_size", "i32"),
         A("num_layers", "i32"), A("mode", "str"), A("seed", "i32"), A("is_test", "bool")),
        ("Out", "DropoutState", Seq("State"), "Reserve")),
    Row("pd_op.topk", "top_k_v2", (In("X"), Const("k", "scalar", "int32", slot="K")),
        (A("axis", "i32"), A("largest", "bool"), A("sorted", "bool")), ("Out", "Indices")),
    Row("pd_op.argsort", "argsort", (In("X"),), (A("axis", "i32"), A("descending", "bool"), A("stable", "bool")),
        ("Out", "Indices")),
    Row("pd_op.cumsum", "cumsum", (In("X"), Const("axis", "scalar", "int32")),
        (A("flatten", "bool"), A("exclusive", "bool"), A("reverse", "bool"))),
    Row("pd_op.index_select", "index_select", (In("X"), In("Index")), (A("axis", "i32", "dim"),)),
    Row("pd_op.one_hot", "one_hot_v2", (In("X"), Const("depth", "scalar", "int32", slot="depth_tensor")),
        fixed={"allow_out_of_range": False}),
    Row("pd_op.flip", "flip", (In("X"),), (A("axis", "i32s"),)),
    Row("pd_op.roll", "roll", (In("X"), Const("shifts", slot="ShiftsTensor")), (A("axis", "i64s"),)),
    Row("pd_op.tril", "tril_triu", (In("X"),), (A("diagonal", "i32"),), fixed={"lower": True},
        when=lambda a, ins: a.get("lower", True)),
    Row("pd_op.triu", "tril_triu", (In("X"),), (A("diagonal", "i32"),), fixed={"lower": False}),
    Row("pd_op.nonzero", "where_index", (In("Condition"),)),
    Row("pd_op.masked_fill", "masked_fill", (In("x"), In("mask"), In("value")), outputs=("out",)),
    Row("pd_op.expand_as", "expand_as_v2", (In("X"), In("Y")), (A("target_shape", "i64s"),)),
    Row("pd_op.unbind", "unbind", (In("X"),), (A("axis", "i32"),), (Seq("Out"),)),
    Row("pd_op.meshgrid", "meshgrid", (Seq("X"),), outputs=(Seq("Out"),)),
    Row("pd_op.repeat_interleave", "repeat_interleave", (In("X"),),
        (A("repeats", "i32", "Repeats"), A("axis", "i32", "dim"), A("output_size", "i64", default=-1))),
    Row("pd_op.linspace", "linspace", (In("Start"), In("Stop"), In("Num")),
        (A("dtype", "dtype", "dtype", _dtype_proto, _dtype_name), _PLACE)),
    Row("pd_op.einsum", "einsum", (Seq("Operands"),), (A("equation", "str"),),
        ("Out", Seq("InnerCache"), Seq("XShape"))),
    Row("pd_op.bmm", "bmm", (In("X"), In("Y"))),
    Row("pd_op.p_norm", "p_norm", (In("X"),), (A("porder", "f32"), A("axis", "i32"), A("epsilon", "f32"),
                                               A("keepdim", "bool"), A("asvector", "bool"))),
    Row("pd_op.pixel_shuffle", "pixel_shuffle", (In("X"),), (A("upscale_factor", "i32"), A("data_format", "str"))),
    Row("pd_op.conv3d", "conv3d", (In("Input"), In("Filter")), _DW_CONV, ("Output",)),
    Row("pd_op.pool3d", "pool3d", (In("X"),), (A("kernel_size", "i64s", "ksize"),) + _POOL),
    Row("pd_op.max_pool2d_with_index", "max_pool2d_with_index", (In("X"),),
        (A("kernel_size", "i32s", "ksize"), A("strides", "i32s"), A("paddings", "i32s"), A("global_pooling", "bool"),
         A("adaptive", "bool"), A("ceil_mode", "bool")), ("Out", "Mask")),
    Row("pd_op.bicubic_interp", "bicubic_interp_v2", _INTERP_INPUTS, _INTERP),
    Row("pd_op.linear_interp", "linear_interp_v2", _INTERP_INPUTS, _INTERP),
    # math and indexing, one row each
    *[_unary(n) for n in ("ceil", "trunc", "tan", "atan", "expm1", "log1p", "log2", "log10", "sinh", "cosh", "asin",
                          "acos", "erfinv")],
    _unary("round", attrs=(A("decimals", "i32", default=0),)),
    _unary("isinf", "isinf_v2"), _unary("isfinite", "isfinite_v2"),
    Row("pd_op.add_n", "sum", (Seq("X"),)),
    Row("pd_op.numel", "size", (In("Input"),)),
    Row("pd_op.gather_nd", "gather_nd", (In("X"), In("Index"))),
    Row("pd_op.scatter", "scatter", (In("X"), In("Ids"), In("Updates")), (A("overwrite", "bool"),)),
    Row("pd_op.index_sample", "index_sample", (In("X"), In("Index"))),
    Row("pd_op.masked_select", "masked_select", (In("X"), In("Mask")), outputs=("Y",)),
    Row("pd_op.strided_slice", "strided_slice",
        (In("Input"), Const("starts", slot="StartsTensor"), Const("ends", slot="EndsTensor"),
         Const("strides", slot="StridesTensor")), (A("axes", "i32s"),), fixed={"decrease_axis": []},
        derive=lambda a: {"infer_flags": [1] * len(a.get("axes", []))}),
    Row("pd_op.unstack", "unstack", (In("X"),), (A("axis", "i32"), A("num", "i32")), (Seq("Y"),)),
    Row("pd_op.kthvalue", "kthvalue", (In("X"),), (A("k", "i64"), A("axis", "i32"), A("keepdim", "bool")),
        ("Out", "Indices")),
    Row("pd_op.median", "median", (In("X"),), (A("axis", "intarray"), A("keepdim", "bool"), A("mode", "str")),
        ("Out", "MedianIndex")),
    Row("pd_op.label_smooth", "label_smooth", (In("X"), In("PriorDist", optional=True)), (A("epsilon", "f32"),)),
    Row("pd_op.logsumexp", "logsumexp", (In("X"),), (A("axis", "i32s"), A("keepdim", "bool"),
                                                     A("reduce_all", "bool"))),
    Row("pd_op.diagonal", "diagonal", (In("Input"),), (A("offset", "i32"), A("axis1", "i32"), A("axis2", "i32"))),
    Row("pd_op.trace", "trace", (In("Input"),), (A("offset", "i32"), A("axis1", "i32"), A("axis2", "i32"))),
    Row("pd_op.kron", "kron", (In("X"), In("Y"))),
    Row("pd_op.cross", "cross", (In("X"), In("Y")), (A("axis", "i32", "dim"),)),
    Row("pd_op.dist", "dist", (In("X"), In("Y")), (A("p", "f32"),)),
    Row("pd_op.atan2", "atan2", (In("X1"), In("X2"))),
    Row("pd_op.lerp", "lerp", (In("X"), In("Y"), In("Weight"))),
    Row("pd_op.eye", "eye", (Const("num_rows", "scalar", "int64"), Const("num_columns", "scalar", "int64")),
        (A("dtype", "dtype", "dtype", _dtype_proto, _dtype_name), _PLACE)),
    Row("pd_op.cumprod", "cumprod", (In("X"),), (A("dim", "i32"), A("exclusive", "bool"), A("reverse", "bool"))),
    Row("pd_op.logcumsumexp", "logcumsumexp", (In("X"),), (A("axis", "i32"), A("flatten", "bool"),
                                                           A("exclusive", "bool"), A("reverse", "bool"))),
    Row("pd_op.depthwise_conv2d_transpose", "depthwise_conv2d_transpose",
        (In("Input"), In("Filter"), Const("output_size", slot=None)),
        (A("strides", "i32s"), A("paddings", "i32s"), A("output_padding", "i32s"), A("padding_algorithm", "str"),
         A("groups", "i32"), A("dilations", "i32s"), A("data_format", "str")), ("Output",)),
    # reductions
    Row("pd_op.mean", "reduce_mean", (In("X"), Const("dim")), (A("keepdim", "bool", "keep_dim"),),
        derive=_reduce_all),
    Row("pd_op.max", "reduce_max", (In("X"), Const("dim")), (A("keepdim", "bool", "keep_dim"),), derive=_reduce_all),
    Row("pd_op.min", "reduce_min", (In("X"), Const("dim")), (A("keepdim", "bool", "keep_dim"),), derive=_reduce_all),
    Row("pd_op.prod", "reduce_prod", (In("X"), Const("dim")),
        (A("keepdim", "bool", "keep_dim"), A("reduce_all", "bool"))),
    Row("pd_op.any", "reduce_any", (In("X"),), (A("axis", "i64s", "dim"), A("keepdim", "bool", "keep_dim")),
        derive=_reduce_all),
    Row("pd_op.all", "reduce_all", (In("X"),), (A("axis", "i64s", "dim"), A("keepdim", "bool", "keep_dim")),
        derive=_reduce_all),
    Row("pd_op.sum", "reduce_sum", (In("X"), Const("dim")),
        (A("dtype", "dtype", "out_dtype", lambda n: -1 if n.startswith("Undefined") else _dtype_proto(n),
           lambda p: "Undefined(ALL_DTYPE)" if p in (-1, None) else _dtype_name(p)),
         A("keepdim", "bool", "keep_dim")), derive=_reduce_all),
    Row("pd_op.argmin", "arg_min", (In("X"), Const("axis", "scalar", "int64")),
        (A("keepdims", "bool"), A("flatten", "bool"), A("dtype", "dtype", "dtype", _dtype_proto, _dtype_name))),
    Row("pd_op.argmax", "arg_max", (In("X"), Const("axis", "scalar", "int64")),
        (A("keepdims", "bool"), A("flatten", "bool"), A("dtype", "dtype", "dtype", _dtype_proto, _dtype_name))),
]

BY_PIR = {r.pir: r for r in ROWS}
BY_LEGACY = {}
for _r in ROWS:
    BY_LEGACY.setdefault(_r.legacy, []).append(_r)

READERS = {}  # PIR op name -> fn(reader, op): translations no row describes
WRITERS = {}  # legacy op type -> fn(writer, op)


def register_reader(pir_name):
    """Decorator: fn(reader, pir_op) translates PIR ops named `pir_name` into the legacy block being built."""
    def deco(fn):
        READERS[pir_name] = fn
        return fn
    return deco


def register_writer(legacy_type):
    """Decorator: fn(writer, op) writes legacy ops of `legacy_type` as PIR ops."""
    def deco(fn):
        WRITERS[legacy_type] = fn
        return fn
    return deco


def supported_pir_ops():
    """Every PIR op name purepaddle reads: the table's rows and the registered translators."""
    return sorted(set(BY_PIR) | set(READERS))

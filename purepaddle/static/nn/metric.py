"""paddle.static.accuracy, paddle.static.auc and paddle.static.ctr_metric_bundle: the legacy `accuracy` and `auc`
ops, and the running CTR statistics built from elementwise and reduction ops."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.mode import in_dynamic_mode
from ..._core.op import OPS
from ..._core.tensor import Tensor
from ...ops.fluid.auc import Auc
from ..program import Variable, default_main_program, default_startup_program
from ...tensor._check import check_variable
from ...tensor.creation.fill import full
from .layer_helper import LayerHelper

__all__ = ["accuracy", "auc", "ctr_metric_bundle"]


def accuracy(input, label, k=1, correct=None, total=None):
    """Top-k accuracy: the fraction of rows whose k largest scores include the label.

    `top_k_v2` then `accuracy`; the hit count and row count go into `correct`/`total` when given.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> pred = paddle.static.data(name="pred", shape=[-1, 3], dtype="float32")
            >>> label = paddle.static.data(name="label", shape=[-1, 1], dtype="int64")
            >>> acc = paddle.static.accuracy(input=pred, label=label, k=1)
            >>> exe = paddle.static.Executor()
            >>> p = np.array([[0.1, 0.8, 0.1], [0.7, 0.2, 0.1]], 'float32')
            >>> print(exe.run(feed={'pred': p, 'label': np.array([[1], [2]])}, fetch_list=[acc])[0])
            0.5
            >>> paddle.disable_static()
    """
    topk, acc = OPS["top_k_v2"], OPS["accuracy"]
    if in_dynamic_mode():
        values, indices = apply(topk, input, None, k=int(k), axis=-1, largest=True, sorted=False)
        return apply(acc, values, indices, label)[0]
    check_variable(input, "input", "accuracy", ("float16", "uint16", "bfloat16", "float32", "float64"))
    helper = LayerHelper("accuracy")
    block = helper.program.current_block()
    values = helper.tmp(list(input.shape[:-1]) + [-1 if isinstance(k, Variable) else k], input.dtype, True)
    indices = helper.tmp(values.shape, _dt.int64, True)
    ins = {"X": [input]}
    attrs = {"sorted": False, "axis": -1, "largest": True}
    if isinstance(k, Variable):
        ins["K"] = [k]
        attrs["k"] = 1
    else:
        attrs["k"] = int(k)
    block.append_op(type="top_k_v2", inputs=ins, outputs={"Out": [values], "Indices": [indices]}, attrs=attrs)
    out = helper.tmp([], _dt.float32, True)
    correct = correct if correct is not None else helper.tmp([], _dt.int32, True)
    total = total if total is not None else helper.tmp([], _dt.int32, True)
    block.append_op(type="accuracy", inputs={"Out": [values], "Indices": [indices], "Label": [label]},
                    outputs={"Accuracy": [out], "Correct": [correct], "Total": [total]})
    return out


def auc(input, label, curve="ROC", num_thresholds=2 ** 12 - 1, topk=1, slide_steps=1, ins_tag_weight=None):
    """Area under the ROC curve of a binary classifier's positive-class score (input[:, -1]).

    Returns (global_auc, batch_auc, [batch_stat_pos, batch_stat_neg, stat_pos, stat_neg]): the
    global AUC over every batch run so far and the AUC over the last `slide_steps` batches, with
    the persistable bucket counts (int64) they are computed from.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> pred = paddle.static.data(name="pred", shape=[-1, 2], dtype="float32")
            >>> label = paddle.static.data(name="label", shape=[-1], dtype="int64")
            >>> global_auc, batch_auc, stats = paddle.static.auc(input=pred, label=label)
            >>> exe = paddle.static.Executor()
            >>> _ = exe.run(paddle.static.default_startup_program())
            >>> p = np.array([[0.9, 0.1], [0.2, 0.8], [0.4, 0.6]], 'float32')
            >>> print(exe.run(feed={'pred': p, 'label': np.array([0, 1, 1])}, fetch_list=[global_auc])[0])
            1.0
            >>> paddle.disable_static()
    """
    if curve != "ROC":
        raise ValueError(f"paddle.static.auc supports curve='ROC' only, but received {curve!r}")
    width = num_thresholds + 1
    batch_shape, global_shape = [(1 + slide_steps) * width + 1], [1, width]
    if in_dynamic_mode():
        stats = [Tensor._make(np.zeros(s, np.int64)) for s in (batch_shape, batch_shape, global_shape, global_shape)]
        batch, bpos, bneg = apply(Auc, input, label, stats[0], stats[1], None, curve=curve,
                                  num_thresholds=num_thresholds, slide_steps=slide_steps)
        glob, gpos, gneg = apply(Auc, input, label, stats[2], stats[3], None, curve=curve,
                                 num_thresholds=num_thresholds, slide_steps=0)
        return glob, batch, [bpos, bneg, gpos, gneg]
    check_variable(input, "input", "auc", ("float32", "float64"))
    check_variable(label, "label", "auc", ("int32", "int64"))
    if ins_tag_weight is not None:
        check_variable(ins_tag_weight, "ins_tag_weight", "auc", ("float32", "float64"))
    helper = LayerHelper("auc")
    glob = helper.tmp([], _dt.float64)
    batch = helper.tmp([], _dt.float64)
    stats = [_stat_var(s) for s in (batch_shape, batch_shape, global_shape, global_shape)]
    block = helper.program.current_block()
    for out, pos, neg, steps in ((batch, stats[0], stats[1], slide_steps), (glob, stats[2], stats[3], 0)):
        block.append_op(type="auc", inputs={"Predict": [input], "Label": [label], "StatPos": [pos], "StatNeg": [neg]},
                        outputs={"AUC": [out], "StatPosOut": [pos], "StatNegOut": [neg]},
                        attrs={"curve": curve, "num_thresholds": num_thresholds, "slide_steps": steps})
    return glob, batch, stats


def _stat_var(shape, dtype=_dt.int64, persistable=True):
    """A statistics buffer of the main program; persistable ones are zeroed by the startup program."""
    main = default_main_program()
    name = main._name_generator("_generated_var")
    var = main.global_block().create_var(name=name, shape=shape, dtype=dtype, persistable=persistable)
    if not persistable:
        return var
    sblock = default_startup_program().global_block()
    sv = sblock.create_var(name=name, shape=shape, dtype=dtype, persistable=True, stop_gradient=True)
    sblock.append_op(type="fill_constant", outputs={"Out": [sv]},
                     attrs={"shape": list(shape), "dtype": dtype.proto, "value": 0.0, "str_value": "0.0",
                            "force_cpu": False, "place_type": -1})
    return var


def ctr_metric_bundle(input, label, ins_tag_weight=None):
    """Running statistics of a click-through-rate model, accumulated over every run of the program: squared and
    absolute error of input against label, the sum of the predictions, the sum of their sigmoids (q), the
    positives and the instances (q and instances weighted by ins_tag_weight[0]).

    Args:
        input (Variable): [N, 1] predicted click probabilities, float32.
        label (Variable): [N, 1] float32 labels (0 or 1), input's shape.
        ins_tag_weight (Variable, optional): [1, 1] weight of the batch's instances. Default: None (1.0).

    Returns:
        tuple: the persistable [1] float32 sums (sqrerr, abserr, prob, q, pos_num, ins_num).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[-1, 1], dtype="float32")
            >>> y = paddle.static.data(name="y", shape=[-1, 1], dtype="float32")
            >>> stats = paddle.static.ctr_metric_bundle(x, y)
            >>> exe = paddle.static.Executor()
            >>> _ = exe.run(paddle.static.default_startup_program())
            >>> feed = {"x": np.array([[0.5], [0.25]], "float32"), "y": np.array([[1.], [0.]], "float32")}
            >>> for _ in range(2):
            ...     out = exe.run(feed=feed, fetch_list=list(stats))
            >>> [o.tolist() for o in out][:3]
            [[0.625], [1.5], [1.5]]
            >>> paddle.disable_static()
    """
    if ins_tag_weight is None:
        ins_tag_weight = full([1, 1], 1.0, "float32")
    if tuple(input.shape) != tuple(label.shape):
        raise AssertionError(f"input and label must have the same shape, but received {input.shape} and "
                             f"{label.shape}")
    helper = LayerHelper("ctr_metric_bundle")
    block = helper.program.current_block()
    f32 = _dt.float32
    local = {k: _stat_var([1], f32) for k in ("abserr", "sqrerr", "prob", "q", "pos_num", "ins_num")}
    elesub, sigm, ones = (_stat_var([-1], f32, False) for _ in range(3))
    batch = {k: _stat_var([1], f32, False) for k in ("prob", "abserr", "sqrerr", "q", "pos_num", "ins_num")}

    def op(kind, ins, out, **attrs):
        block.append_op(type=kind, inputs=ins, outputs={"Out": [out]}, attrs=attrs)

    def accumulate(key):
        op("elementwise_add", {"X": [batch[key]], "Y": [local[key]]}, local[key], axis=-1)

    op("elementwise_sub", {"X": [input], "Y": [label]}, elesub, axis=-1)
    op("squared_l2_norm", {"X": [elesub]}, batch["sqrerr"])
    accumulate("sqrerr")
    op("l1_norm", {"X": [elesub]}, batch["abserr"])
    accumulate("abserr")
    op("reduce_sum", {"X": [input]}, batch["prob"], dim=[0], keep_dim=False, reduce_all=True)
    accumulate("prob")
    op("sigmoid", {"X": [input]}, sigm)
    op("reduce_sum", {"X": [sigm]}, batch["q"], dim=[0], keep_dim=False, reduce_all=True)
    op("reduce_sum", {"X": [label]}, batch["pos_num"], dim=[0], keep_dim=False, reduce_all=True)
    accumulate("pos_num")
    op("fill_constant_batch_size_like", {"Input": [label]}, ones, shape=[-1, 1], dtype=f32.proto, value=1.0,
       input_dim_idx=0, output_dim_idx=0)
    op("reduce_sum", {"X": [ones]}, batch["ins_num"], dim=[0], keep_dim=False, reduce_all=True)
    op("slice", {"Input": [ins_tag_weight]}, ins_tag_weight, axes=[0], starts=[0], ends=[1], infer_flags=[1],
       decrease_axis=[])
    op("elementwise_mul", {"X": [batch["ins_num"]], "Y": [ins_tag_weight]}, batch["ins_num"], axis=0)
    accumulate("ins_num")
    op("elementwise_mul", {"X": [batch["q"]], "Y": [ins_tag_weight]}, batch["q"], axis=0)
    accumulate("q")
    return tuple(local[k] for k in ("sqrerr", "abserr", "prob", "q", "pos_num", "ins_num"))

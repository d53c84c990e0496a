"""paddle.static.accuracy and paddle.static.auc: the legacy `accuracy` and `auc` ops."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.mode import in_dynamic_mode
from ..._core.op import OPS
from ..._core.tensor import Tensor
from ...ops.fluid.auc import Auc
from ..program import Variable, default_main_program, default_startup_program
from ...tensor._check import check_variable
from .layer_helper import LayerHelper

__all__ = ["accuracy", "auc"]


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


def _stat_var(shape):
    """A persistable int64 statistics buffer of the main program, zeroed by the startup program."""
    main = default_main_program()
    name = main._name_generator("_generated_var")
    var = main.global_block().create_var(name=name, shape=shape, dtype=_dt.int64, persistable=True)
    sblock = default_startup_program().global_block()
    sv = sblock.create_var(name=name, shape=shape, dtype=_dt.int64, persistable=True, stop_gradient=True)
    sblock.append_op(type="fill_constant", outputs={"Out": [sv]},
                     attrs={"shape": list(shape), "dtype": _dt.int64.proto, "value": 0.0, "str_value": "0.0",
                            "force_cpu": False, "place_type": -1})
    return var

"""paddle.static.nn.nce: noise-contrastive estimation loss (the legacy `nce` op)."""
import collections

import numpy as np

from ...nn.initializer import Assign
from ...nn.param_attr import ParamAttr
from ...tensor._check import check_variable
from .layer_helper import LayerHelper, static_only

__all__ = ["nce"]

_SAMPLERS = {"uniform": 0, "log_uniform": 1, "custom_dist": 2}


def alias_table(dist):
    """Walker's alias table of a distribution: (alias, alias_probs), alias -1 where a column is whole.

    Column i keeps class i with probability alias_probs[i] and gives the rest to alias[i]; the
    columns are filled by pairing an under-full one with an over-full one, first come first served.
    """
    n = len(dist)
    alias, probs = [0] * n, [0.0] * n
    bigs, littles = collections.deque(), collections.deque()
    for i, p in enumerate(dist):
        p = float(p) * n
        if p > 1.0:
            bigs.append((i, p))
        elif p < 1.0:
            littles.append((i, p))
        else:
            probs[i], alias[i] = p, -1
    while bigs and littles:
        (bi, bp), (li, lp) = bigs.popleft(), littles.popleft()
        probs[li], alias[li] = lp, bi
        left = bp + lp - 1.0
        if left > 1.0:
            bigs.append((bi, left))
        elif left < 1.0:
            littles.append((bi, left))
        else:
            probs[bi], alias[bi] = left, -1
    for i, _ in list(bigs) + list(littles):  # rounding leftovers: whole columns
        probs[i], alias[i] = 1.0, -1
    return alias, probs


def nce(input, label, num_total_classes, sample_weight=None, param_attr=None, bias_attr=None, num_neg_samples=None,
        name=None, sampler="uniform", custom_dist=None, seed=0, is_sparse=False):
    """Noise-contrastive estimation: per row, a logistic loss of its true classes against
    `num_neg_samples` (default 10) classes drawn from `sampler` ('uniform', 'log_uniform' or
    'custom_dist' with probabilities `custom_dist`). Weight `{name}.w_0` is [num_total_classes, dim],
    bias `{name}.b_0` [num_total_classes, 1]. Returns the cost divided by num_neg_samples + 1, [N, 1].

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[-1, 8], dtype='float32')
            >>> label = paddle.static.data(name='label', shape=[-1, 1], dtype='int64')
            >>> loss = paddle.static.nn.nce(input=x, label=label, num_total_classes=20, num_neg_samples=3)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(paddle.static.default_startup_program())
            >>> out, = exe.run(feed={'x': np.ones([4, 8], 'float32'), 'label': np.zeros([4, 1], 'int64')},
            ...                fetch_list=[loss])
            >>> print(out.shape)
            (4, 1)
            >>> paddle.disable_static()
    """
    static_only("nce")
    check_variable(input, "input", "nce", ("float32", "float64"))
    check_variable(label, "label", "nce", ("int64",))
    if len(input.shape) != 2:
        raise ValueError(f"The rank of `input` must be 2, but received {len(input.shape)}.")
    if sampler not in _SAMPLERS:
        raise ValueError(f"Unsupported sampler type: {sampler!r}; expected one of {sorted(_SAMPLERS)}")
    helper = LayerHelper("nce", name)
    dim = input.shape[1]
    w = helper.param(param_attr, [num_total_classes, dim], input.dtype)
    ins = {"Input": [input], "Label": [label], "Weight": [w],
           "SampleWeight": [] if sample_weight is None else [sample_weight]}
    b = helper.param(bias_attr, [num_total_classes, 1], input.dtype, is_bias=True)
    if b is not None:
        ins["Bias"] = [b]
    cost = helper.tmp(None, input.dtype)
    logits = helper.tmp(None, input.dtype)
    labels = helper.tmp(None, label.dtype)
    if sampler == "custom_dist":
        if custom_dist is None:
            raise ValueError("nce with sampler='custom_dist' needs custom_dist")
        dist = [float(p) for p in custom_dist]
        if len(dist) != num_total_classes:
            raise ValueError(f"custom_dist of nce must have num_total_classes ({num_total_classes}) entries, but "
                             f"received {len(dist)}")
        alias, alias_probs = alias_table(dist)
        for slot, arr in (("CustomDistProbs", np.array(dist, "float32")), ("CustomDistAlias", np.array(alias, "int32")),
                          ("CustomDistAliasProbs", np.array(alias_probs, "float32"))):
            p = helper.param(ParamAttr(), list(arr.shape), str(arr.dtype), default_initializer=Assign(arr))
            p.stop_gradient = True
            ins[slot] = [p]
    k = 10 if num_neg_samples is None else int(num_neg_samples)
    helper.append_op("nce", ins, {"Cost": [cost], "SampleLogits": [logits], "SampleLabels": [labels]},
                     {"num_total_classes": int(num_total_classes), "num_neg_samples": k, "seed": int(seed),
                      "sampler": _SAMPLERS[sampler], "is_sparse": bool(is_sparse), "remote_prefetch": bool(is_sparse),
                      "is_test": False})
    # Paddle divides with the Python operator, which in its legacy IR is a `scale` op writing `tmp_N`
    program = helper.program
    out = program.current_block().create_var(name=program._name_generator.generate_with_ignorable_key("tmp"),
                                              dtype=cost.dtype, shape=list(cost.shape))
    helper.append_op("scale", {"X": [cost]}, {"Out": [out]},
                     {"scale": 1.0 / (k + 1), "bias": 0.0, "bias_after_scale": True})
    return out

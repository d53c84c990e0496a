"""IR passes that fuse: batch_norm into conv2d/matmul, matmul+add(+act) -> fc, conv2d+add(+act) -> fused conv."""
import numpy as np

from ..fused_ops import FUSABLE_ACTS
from .graph import channel_vector, in1, ir_pass, out1

_CONVS = ("conv2d", "depthwise_conv2d")
_BN_OUTS = ("MeanOut", "VarianceOut", "SavedMean", "SavedVariance", "ReserveSpace")


def _bn_affine(g, bn):
    """(scale, shift) with bn(x) = x * scale + shift per channel, when bn is a foldable test-mode batch_norm."""
    a = bn.attrs
    if not a.get("is_test", False) or a.get("trainable_statistics", False):
        return None
    names = [in1(bn, s) for s in ("Scale", "Bias", "Mean", "Variance")]
    if any(n is None or not g.is_param(n) for n in names):
        return None
    for slot in _BN_OUTS:  # statistics outputs must be unused (they alias Mean/Variance in Paddle's programs)
        for n in bn.outputs.get(slot, []):
            if n in g.pinned or any(u is not bn for u in g.uses(n)):
                return None
    gamma, beta, mean, var = (g.param(n).astype(np.float64) for n in names)
    s = gamma / np.sqrt(var + float(a.get("epsilon", 1e-5)))
    return s, beta - mean * s


def _bias_of(g, add, out_rank, ch_axis):
    """The per-channel bias vector an elementwise_add contributes (its Y a parameter), or None."""
    if add.type != "elementwise_add" or not g.is_param(in1(add, "Y") or ""):
        return None
    return channel_vector(g.param(in1(add, "Y")), add.attrs.get("axis", -1), out_rank, ch_axis)


def _fold_bn(g, bn, head, head_out, add, scale_weight, n_ch, ch_axis, out_rank):
    """Rewrite head (+ add) + bn as head' + add': scale_weight(s) makes the new weight; returns True."""
    aff = _bn_affine(g, bn)
    if aff is None or in1(bn, "X") != (out1(add, "Out") if add is not None else head_out):
        return False
    s, shift = aff
    if s.shape[0] != n_ch:
        return False
    old_b = np.zeros(n_ch) if add is None else _bias_of(g, add, out_rank, ch_axis)
    if old_b is None:
        return False
    w_name = in1(head, "Filter") or in1(head, "Y")
    w = g.param(w_name)
    new_w = scale_weight(w.astype(np.float64), s).astype(w.dtype)
    new_b = ((np.broadcast_to(old_b, (n_ch,)) * s + shift)).astype(w.dtype)
    head.inputs["Filter" if "Filter" in head.inputs else "Y"] = [g.new_param(w_name, new_w)]
    y = out1(bn, "Y")
    # shaped to broadcast from the trailing dims ([C, 1, 1] for NCHW), so axis stays -1
    b_name = g.new_param(f"{w_name}.bn_bias", new_b.reshape((n_ch,) + (1,) * (out_rank - 1 - ch_axis)))
    if add is None:
        g.insert(bn, "elementwise_add", {"X": [head_out], "Y": [b_name]}, {"Out": [y]}, {"axis": -1})
    else:
        add.inputs["Y"] = [b_name]
        add.attrs["axis"] = -1
        g.replace_output(add, out1(add, "Out"), y)
    g.remove([bn])
    return True


def _next(g, name, types):
    """The one op reading `name`, when its type is in `types` and name may be fused away."""
    op = g.only_reader(name)
    return op if op is not None and op.type in types else None


@ir_pass("conv_bn_fuse_pass")
def conv_bn_fuse_pass(g):
    """conv2d [+ elementwise_add(bias)] + batch_norm(is_test) -> conv2d with scaled filter + elementwise_add."""
    n = 0
    for conv in list(g.ops):
        if conv.type not in _CONVS or conv not in g.ops or conv.attrs.get("data_format", "NCHW") != "NCHW":
            continue
        w, c = in1(conv, "Filter"), out1(conv, "Output")
        if w is None or c is None or not g.is_param(w):
            continue
        nxt = _next(g, c, ("elementwise_add", "batch_norm"))
        add = nxt if nxt is not None and nxt.type == "elementwise_add" else None
        bn = nxt if add is None else _next(g, out1(add, "Out"), ("batch_norm",))
        if bn is None or bn.attrs.get("data_layout", "NCHW") != "NCHW":
            continue
        rank = g.rank(c) or 4
        if _fold_bn(g, bn, conv, c, add, lambda wt, s: wt * s.reshape((-1,) + (1,) * (wt.ndim - 1)),
                    g.param(w).shape[0], 1, rank):
            n += 1
    return n


def _matmul_weight(g, op):
    """The 2-D parameter weight of a matmul_v2 (no transposes) or mul (y_num_col_dims 1), else None."""
    y = in1(op, "Y")
    if y is None or not g.is_param(y) or g.param(y).ndim != 2:
        return None
    a = op.attrs
    if op.type == "matmul_v2" and not a.get("trans_x") and not a.get("trans_y"):
        return y
    if op.type == "mul" and a.get("y_num_col_dims", 1) == 1:
        return y
    return None


@ir_pass("matmul_bn_fuse_pass")
def matmul_bn_fuse_pass(g):
    """matmul_v2/mul [+ elementwise_add(bias)] + batch_norm(is_test) on features -> scaled weight + bias."""
    n = 0
    for mm in list(g.ops):
        if mm.type not in ("matmul_v2", "mul") or mm not in g.ops or _matmul_weight(g, mm) is None:
            continue
        m = out1(mm, "Out")
        rank = g.rank(m)
        nxt = _next(g, m, ("elementwise_add", "batch_norm"))
        add = nxt if nxt is not None and nxt.type == "elementwise_add" else None
        bn = nxt if add is None else _next(g, out1(add, "Out"), ("batch_norm",))
        if bn is None or rank is None:
            continue
        # the normalised channel must be the product's feature axis (the last one)
        layout = bn.attrs.get("data_layout", "NCHW")
        if not (rank == 2 or layout in ("NHWC", "NLC", "NDHWC")):
            continue
        wt = g.param(in1(mm, "Y"))
        if _fold_bn(g, bn, mm, m, add, lambda w, s: w * s.reshape(1, -1), wt.shape[1], rank - 1, rank):
            n += 1
    return n


@ir_pass("fc_fuse_pass")
def fc_fuse_pass(g):
    """matmul_v2/mul (parameter weight) + elementwise_add (bias) [+ relu/tanh/sigmoid] -> one fc op."""
    n = 0
    for mm in list(g.ops):
        if mm.type not in ("matmul_v2", "mul") or mm not in g.ops:
            continue
        w = _matmul_weight(g, mm)
        x, m = in1(mm, "X"), out1(mm, "Out")
        if w is None or x is None or m is None:
            continue
        if mm.type == "mul":
            k = mm.attrs.get("x_num_col_dims", 1)
        else:
            rank = g.rank(x)
            if rank is None or rank < 2:
                continue
            k = rank - 1
        add = _next(g, m, ("elementwise_add",))
        if add is None or in1(add, "X") != m:
            continue
        n_out = g.param(w).shape[1]
        bias = _bias_of(g, add, k + 1, k)  # the product is x.shape[:k] + [n_out]
        if bias is None or bias.size not in (1, n_out):
            continue
        bname = in1(add, "Y")
        if g.param(bname).shape != (n_out,):
            bname = g.new_param(bname, np.broadcast_to(bias, (n_out,)).astype(g.param(bname).dtype))
        out, act, dead = out1(add, "Out"), "", [mm, add]
        act_op = _next(g, out, FUSABLE_ACTS)
        if act_op is not None and not act_op.attrs.get("use_cudnn_inplace", False):
            act, out = act_op.type, out1(act_op, "Out")
            dead.append(act_op)
        g.insert(mm, "fc", {"Input": [x], "W": [w], "Bias": [bname]}, {"Out": [out]},
                 {"in_num_col_dims": k, "activation_type": act, "padding_weights": False})
        g.remove(dead)
        n += 1
    return n


@ir_pass("conv_elementwise_add_act_fuse_pass")
def conv_elementwise_add_act_fuse_pass(g):
    """conv2d + elementwise_add (per-channel bias) [+ relu/tanh/sigmoid] -> fused_conv2d_add_act."""
    n = 0
    for conv in list(g.ops):
        if conv.type != "conv2d" or conv not in g.ops or conv.attrs.get("data_format", "NCHW") != "NCHW":
            continue
        x, w, c = in1(conv, "Input"), in1(conv, "Filter"), out1(conv, "Output")
        if x is None or w is None or c is None:
            continue
        add = _next(g, c, ("elementwise_add",))
        if add is None or in1(add, "X") != c:
            continue
        wv = g.block.vars.get(w)
        n_out = g.param(w).shape[0] if g.is_param(w) else (wv.shape[0] if wv is not None and wv._shape else -1)
        bias = _bias_of(g, add, g.rank(c) or 4, 1)
        if bias is None or n_out <= 0 or bias.size not in (1, n_out):
            continue
        bname = in1(add, "Y")
        if g.param(bname).shape != (n_out,):
            bname = g.new_param(bname, np.broadcast_to(bias, (n_out,)).astype(g.param(bname).dtype))
        out, act, dead = out1(add, "Out"), "identity", [conv, add]
        act_op = _next(g, out, FUSABLE_ACTS)
        if act_op is not None:
            act, out = act_op.type, out1(act_op, "Out")
            dead.append(act_op)
        attrs = dict(conv.attrs)
        attrs["activation"] = act
        g.insert(conv, "fused_conv2d_add_act", {"Input": [x], "Filter": [w], "Bias": [bname]},
                 {"Output": [out]}, attrs)
        g.remove(dead)
        n += 1
    return n


def _pool_shrinks(pool):
    """A max pooling whose output is smaller than its input (what makes hoisting it worth it)."""
    a = pool.attrs
    if a.get("pooling_type", "max") != "max" or a.get("data_format", "NCHW") != "NCHW":
        return False
    if a.get("global_pooling") or a.get("adaptive"):
        return True
    strides = a.get("strides", [1, 1])
    return strides[0] * strides[-1] >= 2


@ir_pass("max_pool_hoist_pass")
def max_pool_hoist_pass(g):
    """elementwise_add(per-channel constant) [+ relu/tanh/sigmoid] + max pool2d -> max pool2d first, then add (+ act).

    A max commutes with adding a per-channel constant and with a non-decreasing activation (the
    same element wins), so the add and activation run on the pooled, smaller array: same values."""
    n = 0
    for pool in list(g.ops):
        if pool.type != "pool2d" or pool not in g.ops or not _pool_shrinks(pool):
            continue
        src, q = in1(pool, "X"), out1(pool, "Out")
        if src is None or q is None or g.only_reader(src) is not pool:
            continue
        act = g.producer(src)
        add = act
        if act is not None and act.type in FUSABLE_ACTS:
            a_in = in1(act, "X")
            add = g.producer(a_in) if a_in is not None and g.only_reader(a_in) is act else None
        else:
            act = None
        if add is None or add.type != "elementwise_add" or add not in g.ops:
            continue
        rank = g.rank(out1(add, "Out")) or 4
        bias = _bias_of(g, add, rank, 1)
        x = in1(add, "X")
        if bias is None or x is None or rank != 4:
            continue
        pooled = g.new_var(f"{x}.pooled", like=q)
        pool.inputs["X"] = [x]
        pool.outputs["Out"] = [pooled]
        add.inputs["X"] = [pooled]
        last = act if act is not None else add
        g.replace_output(last, out1(last, "Out"), q)
        g.block.ops.remove(pool)
        g.block.ops.insert(g.block.ops.index(add), pool)
        g.changed()
        n += 1
    return n


@ir_pass("elementwise_add_act_fuse_pass")
def elementwise_add_act_fuse_pass(g):
    """elementwise_add + relu/tanh/sigmoid -> fused_elementwise_add (one array, activation in place)."""
    n = 0
    for add in list(g.ops):
        if add.type != "elementwise_add" or add not in g.ops:
            continue
        out = out1(add, "Out")
        act = _next(g, out, FUSABLE_ACTS) if out is not None else None
        if act is None or in1(act, "X") != out:
            continue
        g.insert(add, "fused_elementwise_add", {"X": add.inputs["X"], "Y": add.inputs["Y"]},
                 {"Out": [out1(act, "Out")]}, {"axis": add.attrs.get("axis", -1), "fuse_activation": act.type})
        g.remove([add, act])
        n += 1
    return n

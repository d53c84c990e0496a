"""IR passes that simplify: test mode, dropout removal, constant folding, dead-op removal."""
import numpy as np

from ..._core.dispatch import _to_array
from ..._core.op import OPS
from .graph import in1, ir_pass, out1

# op families whose forward draws random numbers: never folded into constants
_RANDOM_MODULES = ("purepaddle.ops.random",)
_NEVER_FOLD = {"feed", "fetch", "dropout", "empty", "print", "rrelu", "gumbel_softmax", "class_center_sample",
               "random_routing", "sampling_id", "shuffle_batch", "seed"}


@ir_pass("is_test_pass")
def is_test_pass(g):
    """Switch every op with an is_test attribute (dropout, batch_norm, ...) to inference behaviour."""
    n = 0
    for op in g.ops:
        if "is_test" in op.attrs and not op.attrs["is_test"]:
            op.attrs["is_test"] = True
            n += 1
    if n:
        g.changed()
    return n


@ir_pass("simplify_with_basic_ops_pass")
def simplify_with_basic_ops_pass(g):
    """Drop inference no-ops: dropout (upscale_in_train; downscale_in_infer becomes a scale) and identity scales."""
    n = 0
    for op in list(g.ops):
        if op.type == "dropout" and op.attrs.get("is_test"):
            x, out, mask = in1(op, "X"), out1(op, "Out"), out1(op, "Mask")
            if x is None or out is None or (mask is not None and (g.uses(mask) or mask in g.pinned)):
                continue
            if op.attrs.get("dropout_implementation", "downgrade_in_infer") == "upscale_in_train":
                n += g.alias(op, x, out)
            else:  # downgrade_in_infer: the kept fraction scales the output at test time
                p = float(op.attrs.get("dropout_prob", 0.5))
                g.insert(op, "scale", {"X": [x]}, {"Out": [out]},
                         {"scale": 1.0 - p, "bias": 0.0, "bias_after_scale": True})
                g.remove([op])
                n += 1
        elif op.type == "scale" and not op.inputs.get("ScaleTensor"):
            a = op.attrs
            if float(a.get("scale", 1.0)) == 1.0 and float(a.get("bias", 0.0)) == 0.0:
                n += g.alias(op, in1(op, "X"), out1(op, "Out"))
    return n


def _foldable(g, op):
    """The op class when `op` is deterministic and reads only parameters, else None."""
    cls = OPS.get(op.type)
    if cls is None or op.type in _NEVER_FOLD or cls.__module__ in _RANDOM_MODULES:
        return None
    ins = [n for names in op.inputs.values() for n in names]
    outs = [n for names in op.outputs.values() for n in names]
    if not outs or any(n in g.params for n in outs):  # in-place updates of parameters stay ops
        return None
    if not all(n in g.params for n in ins):
        return None
    return cls


@ir_pass("constant_folding_pass")
def constant_folding_pass(g):
    """Run ops whose inputs are all parameters once, now, and keep their outputs as parameters."""
    n = 0
    for op in list(g.ops):
        cls = _foldable(g, op)
        if cls is None:
            continue
        args = []
        for slot in cls.inputs:
            names = op.inputs.get(slot, [])
            if slot in cls.duplicable:
                args.append([g.params[x] for x in names])
            else:
                args.append(g.params[names[0]] if names else None)
        out = cls(dict(op.attrs)).forward(np, *args)
        if not cls._multi:
            out = (out,)
        for slot, val in zip(cls.outputs, out):
            names = op.outputs.get(slot, [])
            vals = list(val) if slot in cls.duplicable and val is not None else [val]
            for name, v in zip(names, vals):
                if v is not None:
                    g.make_param(name, v if type(v) is np.ndarray else _to_array(v))
        g.remove([op])
        n += 1
    g.prune_params()
    return n


@ir_pass("dead_op_elimination_pass")
def dead_op_elimination_pass(g):
    """Remove ops nothing fetched depends on (leftovers of training: backward, optimizer, metrics)."""
    live = set(g.pinned)
    keep = []
    for op in reversed(g.ops):
        outs = [n for names in op.outputs.values() for n in names]
        if any(n in live for n in outs) or op.attrs.get("sub_block") is not None:
            keep.append(op)
            for names in op.inputs.values():
                live.update(names)
    dead = len(g.ops) - len(keep)
    if dead:
        keep.reverse()
        g.block.ops[:] = keep
        g.changed()
    g.prune_params()
    return dead

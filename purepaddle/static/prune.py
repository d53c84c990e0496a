"""Pruning a Program to an inference program: the ops the fetches need, is_test, feed/fetch ops (normalize_program)."""
import copy
import warnings

from .program import Block, Operator, Program, Variable, VarType
from .program_desc import copy_read_info

__all__ = ["normalize_program", "inference_program", "feed_fetch_targets"]

# the framework attributes Paddle gives the feed/fetch ops it adds
_FW_ATTRS = {"op_device": "", "op_namescope": "/", "op_role": 0, "op_role_var": [], "with_quant_attr": False}


def _op_blocks(op):
    """The sub-blocks an op's attributes hold (sub_block, blocks, ...)."""
    for v in op.attrs.values():
        for b in (v if isinstance(v, (list, tuple)) else [v]):
            if isinstance(b, Block):
                yield b


def _sub_block_reads(op, seen=None):
    """Names read by the ops of op's sub-blocks (recursively): a control-flow op needs them from outside."""
    seen = set() if seen is None else seen
    names = set()
    for b in _op_blocks(op):
        if b.idx not in seen:
            seen.add(b.idx)
            for sub in b.ops:
                names.update(sub.input_arg_names)
                names.update(_sub_block_reads(sub, seen))
    return names


def _needed_ops(block, feed_names, fetch_names):
    """The ops of block that fetch_names depend on, feeds cut off (Paddle's _prune_with_input)."""
    feeds = set(feed_names)
    needed = set(fetch_names)
    kept = []
    for op in reversed(block.ops):
        if op.type in ("feed", "fetch"):
            continue
        outs = op.output_arg_names
        if not any(n in needed for n in outs) or all(n in feeds for n in outs):
            continue
        kept.append(op)
        needed.update(n for n in op.input_arg_names if n not in feeds)
        needed.update(n for n in _sub_block_reads(op) if n not in feeds)
    kept.reverse()
    return kept


def _reachable_blocks(ops):
    """Indices of block 0 and every sub-block the given block-0 ops reach, in program order."""
    seen, stack = {0}, list(ops)
    while stack:
        for b in _op_blocks(stack.pop()):
            if b.idx not in seen:
                seen.add(b.idx)
                stack.extend(b.ops)
    return sorted(seen)


def _copy_attr(v, blocks, new_idx):
    if isinstance(v, Block):
        return blocks[new_idx[v.idx]]
    if isinstance(v, (list, tuple)):
        return type(v)(_copy_attr(x, blocks, new_idx) for x in v)
    return copy.deepcopy(v)


def _copy_op(op, nb, new_idx):
    """op copied into block nb for inference: is_test=True, no op_device, no batch_norm ReserveSpace."""
    attrs = {k: _copy_attr(v, nb.program.blocks, new_idx) for k, v in op.attrs.items()}
    outputs = {k: list(v) for k, v in op.outputs.items()}
    if "is_test" in attrs:
        attrs["is_test"] = True
    if op.type == "batch_norm":
        outputs.pop("ReserveSpace", None)
    fw = copy.deepcopy(op._fw)
    fw["op_device"] = ""
    new = Operator(nb, op.type, {k: list(v) for k, v in op.inputs.items()}, outputs, attrs, fw)
    copy_read_info(op, new)
    return new


def _copy_var(v, nb):
    nv = copy.copy(v)
    nv.block = nb
    nv.__dict__.update(copy.deepcopy(v.__dict__))
    nb.vars[v.name] = nv
    copy_read_info(v, nv)
    return nv


def inference_program(program, feed_names, fetch_names, prune=True):
    """A copy of program ready to save for inference (Paddle's normalize_program).

    Block 0 keeps only the ops fetch_names need (prune=False keeps every op but old feed/fetch
    ops) and the variables they use, sub-blocks only when a kept op holds them (renumbered),
    ops get is_test=True, and `feed` ops (col i reads feed_names[i]) and `fetch` ops (col i
    writes fetch_names[i]) are added around them with the `feed`/`fetch` holder vars.
    """
    src0 = program.global_block()
    ops0 = _needed_ops(src0, feed_names, fetch_names) if prune else \
        [op for op in src0.ops if op.type not in ("feed", "fetch")]
    keep = _reachable_blocks(ops0) if prune else list(range(len(program.blocks)))
    new_idx = {old: new for new, old in enumerate(keep)}
    p = Program()
    p._seed = program._seed
    p._name_generator = program._name_generator.clone()
    p.blocks = [Block(p, new_idx[i], new_idx.get(program.blocks[i].parent_idx, -1)) for i in keep]
    used = set(fetch_names)
    for op in ops0:
        used.update(op.input_arg_names)
        used.update(op.output_arg_names)
    for i in keep[1:]:
        for op in program.blocks[i].ops:
            used.update(op.input_arg_names)
            used.update(op.output_arg_names)
    for i, nb in zip(keep, p.blocks):
        b = program.blocks[i]
        if not prune:
            nb.forward_block_idx = new_idx.get(b.forward_block_idx, -1)
            nb.backward_block_idx = new_idx.get(b.backward_block_idx, -1)
        for name, v in b.vars.items():
            if i or not prune or name in used:
                _copy_var(v, nb)
        for op in (ops0 if i == 0 else b.ops):
            nb.ops.append(_copy_op(op, nb, new_idx))
    block = p.global_block()
    if feed_names:
        feed = Variable(block, type=VarType.FEED_MINIBATCH, name="feed", persistable=True)
        for i, name in enumerate(feed_names):
            if name not in block.vars:
                raise ValueError(f"The feeded_var_names[{i}]: '{name}' doesn't exist in pruned inference program. "
                                 f"Please check whether '{name}' is a valid feed_var name, or remove it from "
                                 f"feeded_var_names if '{name}' is not involved in the target_vars calculation.")
            block.ops.insert(0, Operator(block, "feed", {"X": [feed.name]}, {"Out": [name]}, {"col": i},
                                         copy.deepcopy(_FW_ATTRS)))
    fetch = Variable(block, type=VarType.FETCH_LIST, name="fetch", persistable=True)
    for i, name in enumerate(fetch_names):
        block.ops.append(Operator(block, "fetch", {"X": [name]}, {"Out": [fetch.name]}, {"col": i},
                                  copy.deepcopy(_FW_ATTRS)))
    p._version += 1
    return p


def feed_fetch_targets(program):
    """(feed target names, fetch target names) of a program with feed/fetch ops, each ordered by `col`."""
    feeds, fetches = {}, {}
    for op in program.global_block().ops:
        if op.type == "feed":
            feeds[int(op.attr("col"))] = op.output("Out")[0]
        elif op.type == "fetch":
            fetches[int(op.attr("col"))] = op.input("X")[0]
    return [feeds[k] for k in sorted(feeds)], [fetches[k] for k in sorted(fetches)]


def normalize_program(program, feed_vars, fetch_vars, **kwargs):
    """Prune `program` to what `fetch_vars` need from `feed_vars`, switch it to inference and add feed/fetch ops.

    Args:
        program (Program): the program to normalize (it is not changed).
        feed_vars (Variable|list[Variable]): the inputs of the inference program.
        fetch_vars (Variable|list[Variable]): its outputs.
        kwargs: `skip_prune_program` (bool, default False) keeps every op.

    Returns:
        Program: the normalized copy.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main, paddle.static.Program()):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.nn.functional.relu(x)
            ...     loss = paddle.mean(y)
            >>> prog = paddle.static.normalize_program(main, [x], [y])
            >>> [op.type for op in prog.global_block().ops]
            ['feed', 'relu', 'fetch']
            >>> paddle.disable_static()
    """
    if not isinstance(program, Program):
        raise TypeError(f"program type must be `base.Program`, but received `{type(program)}`")
    feed_vars = feed_vars if isinstance(feed_vars, list) else [feed_vars]
    if not all(isinstance(v, Variable) for v in feed_vars):
        raise TypeError("feed_vars type must be a Variable or a list of Variable.")
    fetch_vars = fetch_vars if isinstance(fetch_vars, list) else [fetch_vars]
    if not all(isinstance(v, Variable) for v in fetch_vars):
        raise TypeError("fetch_vars type must be a Variable or a list of Variable.")
    if not program.global_block().ops:
        raise ValueError("program must not be empty. at least one operator is required!")
    if any(op.type == "auc" for op in program.global_block().ops):
        warnings.warn("Be sure that you have set auc states to 0 before saving inference model.")
    return inference_program(program, [v.name for v in feed_vars], [v.name for v in fetch_vars],
                             prune=not kwargs.get("skip_prune_program", False))

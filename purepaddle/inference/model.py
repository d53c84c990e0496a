"""Reading an inference model for a predictor: the Program, its parameters, its input and output names."""
import time

import numpy as np

__all__ = ["Model", "load_model", "model_from_program"]


class Model:
    """An inference program without feed/fetch ops, its parameters, and the input/output names (by col)."""

    __slots__ = ("program", "params", "feeds", "fetches", "load_seconds")

    def __init__(self, program, params, feeds, fetches, load_seconds=0.0):
        self.program, self.params = program, params
        self.feeds, self.fetches = list(feeds), list(fetches)
        self.load_seconds = load_seconds


def _strip_feed_fetch(program):
    """Remove the feed/fetch ops (the predictor binds inputs and outputs by name)."""
    block = program.global_block()
    block.ops[:] = [op for op in block.ops if op.type not in ("feed", "fetch")]
    program._version += 1


def load_model(config):
    """The Model a Config points at: `.json` or `.pdmodel` + `.pdiparams`, or a 1.x directory (`__model__` +
    per-var files)."""
    from ..static.persistables import load_params_into, persistable_names
    from ..static.program_bytes import program_from_bytes, program_from_file
    from ..static.prune import feed_fetch_targets
    if config.model_from_memory():
        prog_bytes, params_path = config._buffers
        prog_path, params_dir = "<memory>", None
        program = program_from_bytes(prog_bytes)
    else:
        prog_path, params_path, params_dir = config._model_paths()
        program = program_from_file(prog_path)
    t0 = time.perf_counter()
    if params_path is None and params_dir is None:
        names = persistable_names(program)
        if names:
            raise ValueError(f"(InvalidArgument) The model {prog_path} has {len(names)} persistable variables "
                             f"({names[:3]}...) but the Config names no params file: use "
                             "Config(model_file, params_file).")
        params = {}
    else:
        params = load_params_into(program, params_path, dirname=params_dir)
    load_seconds = time.perf_counter() - t0
    feeds, fetches = feed_fetch_targets(program)
    _strip_feed_fetch(program)
    return Model(program, params, feeds, fetches, load_seconds)


def model_from_program(program, feeds, fetches, scope=None, params=None):
    """A Model from an in-memory Program: parameters copied from `params` or the scope (default global).

    `feeds`/`fetches` are names or Variables. The program is not changed (a copy without
    feed/fetch ops is kept)."""
    from ..static.executor import global_scope
    feeds = [f if isinstance(f, str) else f.name for f in feeds]
    fetches = [f if isinstance(f, str) else f.name for f in fetches]
    prog = program.clone()
    _strip_feed_fetch(prog)
    scope = global_scope() if scope is None else scope
    found = {}
    for v in prog.list_vars():
        if not v.persistable or v.name in ("feed", "fetch") or v.name in feeds:
            continue
        if params is not None and v.name in params:
            found[v.name] = np.array(params[v.name], copy=True)
            continue
        a = scope._array(v.name)
        if a is not None:
            found[v.name] = np.array(a, copy=True)  # the predictor owns its weights, as Paddle's does
    return Model(prog, found, feeds, fetches)

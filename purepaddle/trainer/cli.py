"""`purepaddle train --config=conf.py ...`: the legacy `paddle train` command (the binary of v0.x), on paddle.v2.

It executes a trainer config written with paddle.trainer_config_helpers (with `import paddle` giving
purepaddle), reads its data through the @provider that define_py_data_sources2 names, trains with
paddle.v2's trainer (trainer_count threads; use_gpu/gpu_id as paddle.init) and saves every pass's
parameters into SAVE_DIR/pass-%05d/, one file per parameter in the legacy format.

The legacy binary trapped floating point exceptions and exited at the first NaN/Inf; here that is
`--check_nan_inf=true` (or FLAGS_check_nan_inf=1 in the environment): FLAGS_check_nan_inf checks every op,
and the first NaN/Inf stops training with a "Floating point exception" report naming the op, the layer,
the pass and the batch, and exit status 136 (what a shell reports for a process SIGFPE killed)."""
import os
import sys
import time

__all__ = ["main", "train", "parse_flags", "FLAGS", "UsageError"]

USAGE = """usage: purepaddle train --config=CONF.py [--use_gpu=false] [--trainer_count=N] [--num_passes=N]
                        [--save_dir=DIR] [--gpu_id=K] [--log_period=N] [--config_args=k=v,...]
                        [--init_model_path=DIR] [--start_pass=N] [--check_nan_inf=false] [--seed=N]

The legacy `paddle train` (v0.x) on purepaddle: trains the network a trainer config (written with
paddle.trainer_config_helpers) declares, on the data of its define_py_data_sources2 provider, and saves each
pass into DIR/pass-%05d. `env CUDA_VISIBLE_DEVICES=2,3 purepaddle train --use_gpu=true ...` or `--gpu_id=2`
pick GPUs as the legacy binary did (purepaddle needs a CUDA GPU through cupy for use_gpu=true).
--check_nan_inf=true stops at the first NaN/Inf ("Floating point exception"), as the legacy binary did."""

FPE_STATUS = 136  # 128 + SIGFPE: the status a shell gave for the legacy binary's floating point exception


class UsageError(Exception):
    """A bad command line (exit status 2)."""


# name -> (type, default)
FLAGS = {
    "config": (str, None), "use_gpu": (bool, False), "trainer_count": (int, 1), "num_passes": (int, 100),
    "save_dir": (str, "./output/model"), "gpu_id": (int, 0), "log_period": (int, 100), "config_args": (str, ""),
    "init_model_path": (str, ""), "start_pass": (int, 0), "check_nan_inf": (bool, False), "seed": (int, 0),
    "saving_period": (int, 1), "test_period": (int, 0), "dot_period": (int, 1),
}


def _bool(text, name):
    low = text.strip().lower()
    if low in ("true", "1", "yes", "t", "y"):
        return True
    if low in ("false", "0", "no", "f", "n"):
        return False
    raise UsageError(f"--{name} must be true or false, but received {text!r}")


def parse_flags(argv):
    """{flag: value} from gflags-style arguments: --name=value, --name value, --bool, --nobool."""
    values = {k: d for k, (_, d) in FLAGS.items()}
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        if not arg.startswith("-"):
            raise UsageError(f"unexpected argument {arg!r}")
        body = arg.lstrip("-")
        name, eq, text = body.partition("=")
        if name not in FLAGS and name.startswith("no") and name[2:] in FLAGS and FLAGS[name[2:]][0] is bool and not eq:
            values[name[2:]] = False
            continue
        if name not in FLAGS:
            raise UsageError(f"unknown flag --{name}; the flags are {', '.join('--' + k for k in FLAGS)}")
        kind = FLAGS[name][0]
        if not eq:
            if kind is bool:
                values[name] = True
                continue
            if i >= len(argv):
                raise UsageError(f"--{name} needs a value")
            text = argv[i]
            i += 1
        try:
            values[name] = _bool(text, name) if kind is bool else kind(text)
        except ValueError:
            raise UsageError(f"--{name} must be {kind.__name__}, but received {text!r}") from None
    if not values["config"]:
        raise UsageError("--config=CONF.py is required")
    if values["trainer_count"] < 1:
        raise UsageError(f"--trainer_count must be >= 1, but received {values['trainer_count']}")
    return values


def _config_args(text):
    """--config_args=a=1,b=x -> {'a': '1', 'b': 'x'}."""
    out = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        k, eq, v = item.partition("=")
        if not eq:
            raise UsageError(f"--config_args: {item!r} is not name=value")
        out[k.strip()] = v.strip()
    return out


def load_config(path, config_args):
    """Execute the trainer config at `path` and return what it declared (a TrainerConfig)."""
    from .._alias import install_as_paddle
    from ..trainer_config_helpers.config import CONFIG, TrainerConfig
    install_as_paddle()
    if not os.path.isfile(path):
        raise UsageError(f"--config: no such file {path!r}")
    CONFIG.config = TrainerConfig(config_args)
    here = os.path.dirname(os.path.abspath(path))
    for entry in (here, os.getcwd()):
        if entry not in sys.path:
            sys.path.insert(0, entry)
    with open(path, encoding="utf-8") as f:
        code = compile(f.read(), path, "exec")
    exec(code, {"__name__": "__paddle_trainer_config__", "__file__": os.path.abspath(path)})  # noqa: S102
    cfg = CONFIG.config
    if cfg.opt is None:
        raise UsageError(f"{path}: the config never calls settings(batch_size=...)")
    if not cfg.outputs:
        raise UsageError(f"{path}: the config never calls outputs(cost)")
    if cfg.data is None:
        raise UsageError(f"{path}: the config never calls define_py_data_sources2(...)")
    cfg.dir = here
    return cfg


def _file_list(spec, config_dir):
    """Data file names from a list file (one per line) or a list."""
    if spec is None:
        return None
    if isinstance(spec, (list, tuple)):
        return [str(s) for s in spec]
    path = spec if os.path.isfile(spec) else os.path.join(config_dir, spec)
    if not os.path.isfile(path):
        raise UsageError(f"define_py_data_sources2: no file list {spec!r}")
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def _provider(data, which):
    """The @provider of the data source (`which` 0 for train, 1 for test)."""
    import importlib
    from ..v2.data_provider import DataProvider
    module = data.module[which] if isinstance(data.module, (list, tuple)) else data.module
    obj = data.obj[which] if isinstance(data.obj, (list, tuple)) else data.obj
    prov = getattr(importlib.import_module(module), obj, None)
    if not isinstance(prov, DataProvider):
        raise UsageError(f"define_py_data_sources2: {module}.{obj} is not a function decorated with @provider")
    return prov


def _bind_types(cfg, reader):
    """Give each data layer its type from the provider's input_types; returns the feeding."""
    types = reader.types
    if reader.names is not None:
        by_name = dict(zip(reader.names, types))
        feeding = reader.feeding()
        for layer in cfg.data_layers:
            if layer.name not in by_name:
                raise UsageError(f"data_layer '{layer.name}' has no slot in the provider's input_types "
                                 f"{list(by_name)}")
            layer.type = by_name[layer.name]
    else:
        if len(types) != len(cfg.data_layers):
            raise UsageError(f"the provider declares {len(types)} input types, but the config has "
                             f"{len(cfg.data_layers)} data layers")
        feeding = {}
        for i, (layer, t) in enumerate(zip(cfg.data_layers, types)):
            layer.type, feeding[layer.name] = t, i
    for layer in cfg.data_layers:
        if layer.type.dim != layer.size:
            raise UsageError(f"data_layer '{layer.name}' has size {layer.size}, but its input type is {layer.type}")
    return feeding


def save_pass(params, save_dir, pass_id):
    """Write every parameter into save_dir/pass-%05d/<name> (legacy format); returns the directory."""
    path = os.path.join(save_dir, "pass-%05d" % pass_id)
    os.makedirs(path, exist_ok=True)
    for name in params.keys():
        with open(os.path.join(path, name), "wb") as f:
            params.serialize(name, f)
    return path


def _load_model(params, path):
    for name in params.keys():
        file = os.path.join(path, name)
        if not os.path.isfile(file):
            raise UsageError(f"--init_model_path: {path} has no file for parameter '{name}'")
        with open(file, "rb") as f:
            params.deserialize(name, f)


def train(flags, out=None):
    """Run `purepaddle train` with parsed `flags`; returns the v2 Parameters."""
    from .. import v2 as paddle
    from ..framework.flags import set_flags
    out = out or sys.stdout
    paddle.init(use_gpu=flags["use_gpu"], trainer_count=flags["trainer_count"], gpu_id=flags["gpu_id"],
                seed=flags["seed"])
    if flags["check_nan_inf"]:
        set_flags({"FLAGS_check_nan_inf": True})
    cfg = load_config(flags["config"], _config_args(flags["config_args"]))
    data = cfg.data
    train_files = _file_list(data.train_list, cfg.dir)
    test_files = _file_list(data.test_list, cfg.dir)
    if train_files is None:
        raise UsageError("define_py_data_sources2: train_list is None, so there is nothing to train on")
    train_reader = _provider(data, 0).reader(train_files, is_train=True, seed=flags["seed"] or None, **data.args)
    feeding = _bind_types(cfg, train_reader)
    test_reader = None
    if test_files:
        test_reader = _provider(data, 1).reader(test_files, is_train=False, **data.args)
    cost = cfg.outputs[0]
    params = paddle.parameters.create(cfg.outputs)
    if flags["init_model_path"]:
        _load_model(params, flags["init_model_path"])
    trainer = paddle.trainer.SGD(cost=cost, parameters=params, update_equation=cfg.opt.optimizer(),
                                 extra_layers=cfg.outputs[1:] or None)
    batch_size = cfg.opt.batch_size
    log_period = max(1, flags["log_period"])
    stats = {"start": time.time()}

    def handler(e):
        if isinstance(e, paddle.event.BeginPass):
            stats.update(cost=0.0, n=0)
        elif isinstance(e, paddle.event.EndIteration):
            stats["cost"] += e.cost
            stats["n"] += 1
            if (e.batch_id + 1) % log_period == 0:
                metrics = " ".join(f"{k}={v:.6g}" for k, v in e.metrics.items())
                print(f"Pass={e.pass_id} Batch={e.batch_id + 1} AvgCost={stats['cost'] / stats['n']:.6g} "
                      f"Eval: {metrics}", file=out)
        elif isinstance(e, paddle.event.EndPass):
            metrics = " ".join(f"{k}={v:.6g}" for k, v in e.metrics.items())
            print(f"Pass={e.pass_id} Batch={stats['n']} AvgCost={stats['cost'] / max(stats['n'], 1):.6g} "
                  f"Eval: {metrics}", file=out)
            if test_reader is not None:
                res = trainer.test(paddle.batch(test_reader, batch_size), feeding=feeding)
                tm = " ".join(f"{k}={v:.6g}" for k, v in res.metrics.items())
                print(f"Test Pass={e.pass_id} cost={res.cost:.6g} Eval: {tm}", file=out)
            if flags["save_dir"] and (e.pass_id + 1) % max(1, flags["saving_period"]) == 0:
                path = save_pass(params, flags["save_dir"], e.pass_id)
                print(f"Saving parameters of pass {e.pass_id} to {path}", file=out)

    start = flags["start_pass"]
    trainer.train(paddle.batch(train_reader, batch_size), num_passes=flags["num_passes"] - start,
                  event_handler=_offset(handler, start), feeding=feeding)
    return params


def _offset(handler, start):
    """Events with pass ids counted from --start_pass."""
    if not start:
        return handler

    def shifted(e):
        if hasattr(e, "pass_id"):
            e.pass_id += start
        handler(e)
    return shifted


def _is_nan_inf(e):
    return isinstance(e, RuntimeError) and "There are NAN or INF" in str(e)


def main(argv=None):
    """The `purepaddle` console command: `purepaddle train ...`. Returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if argv else 2
    if argv[0] != "train":
        sys.stderr.write(f"purepaddle: unknown command {argv[0]!r}; the command is `purepaddle train` "
                         f"(run programs with `python -m purepaddle script.py`)\n\n{USAGE}\n")
        return 2
    if any(a in ("-h", "--help") for a in argv[1:]):
        print(USAGE)
        return 0
    try:
        flags = parse_flags(argv[1:])
        if os.environ.get("FLAGS_check_nan_inf", "").strip().lower() in ("1", "true"):
            flags["check_nan_inf"] = True
        train(flags)
    except UsageError as e:
        sys.stderr.write(f"purepaddle train: {e}\n")
        return 2
    except RuntimeError as e:
        if not _is_nan_inf(e):
            raise
        notes = "".join(f"\n  {n}" for n in getattr(e, "__notes__", ()))
        sys.stderr.write(f"*** Floating point exception: training stopped at the first NaN/Inf.\n{e}{notes}\n")
        return FPE_STATUS
    return 0

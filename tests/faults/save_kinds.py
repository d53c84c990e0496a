"""Every multi-file save of purepaddle, as `save(dirname, g)` writing generation g of a model of a few MB and
`check(dirname) -> g` reading it back. Generation g fills every value with g and gives the model a width
(WIDTH + g % 7 columns) and parameter names of its own, so a set mixing two generations cannot pass `check`:
it raises, or values and shapes disagree (AssertionError)."""
import os

import numpy as np

import purepaddle as paddle
from tests.model_format import legacy_model_files

ROWS, WIDTH = 1024, 480  # ~2 MB per weight; with Adam's moments the static sets are ~6 MB


def width(g):
    return WIDTH + g % 7


def _generation(values):
    """The one generation every array holds (AssertionError when they differ: a mixed set)."""
    gens = {float(np.asarray(v).reshape(-1)[0]) for v in values if np.asarray(v).size}
    assert len(gens) == 1, f"mixed generations {sorted(gens)}"
    for v in values:
        assert np.all(np.asarray(v) == next(iter(gens))), "an array holds two generations"
    g = next(iter(gens))
    assert g == int(g) and g >= 1, g
    return int(g)


def _static(fn):
    paddle.enable_static()
    try:
        return fn()
    finally:
        paddle.disable_static()


# -- paddle.jit.save: .pdmodel + .pdiparams + .pdiparams.info (legacy), .json + .pdiparams (PIR) ------------------
class _Net(paddle.nn.Layer):
    def __init__(self, g):
        super().__init__()
        self.name_g = f"g{g}"
        setattr(self, self.name_g, paddle.nn.Linear(ROWS, width(g)))

    def forward(self, x):
        return getattr(self, self.name_g)(x)


def save_jit(d, g):
    with legacy_model_files():  # the three-file set
        save_jit_pir(d, g)


def save_jit_pir(d, g):
    net = _Net(g)
    for p in net.parameters():
        p.set_value(np.full(p.shape, g, "float32"))
    paddle.jit.save(net, os.path.join(d, "m"), input_spec=[paddle.static.InputSpec([None, ROWS], "float32", "x")])


def check_jit_pir(d):
    layer = paddle.jit.load(os.path.join(d, "m"))  # a .pdiparams of another width does not load
    g = _generation([v.numpy() for v in layer.state_dict().values()])
    out = layer(paddle.ones([1, ROWS])).numpy()
    assert out.shape == (1, width(g)) and np.all(out == ROWS * g + g)
    return g


def check_jit(d):
    layer = paddle.jit.load(os.path.join(d, "m"))
    g = _generation([v.numpy() for v in layer.state_dict().values()])
    named = paddle.load(os.path.join(d, "m"))  # {structured name (from .pdiparams.info): array}
    assert sorted(named) == [f"g{g}.bias", f"g{g}.weight"], sorted(named)  # .info from the same generation
    assert _generation(named.values()) == g
    out = layer(paddle.ones([1, ROWS])).numpy()
    assert out.shape == (1, width(g)) and np.all(out == ROWS * g + g)
    return g


# -- paddle.save: one file (atomic by rename) --------------------------------------------------------------------
def save_paddle(d, g):
    paddle.save({"w": paddle.full([ROWS, width(g)], g), "b": paddle.full([width(g)], g)}, os.path.join(d, "m.pdparams"))


def check_paddle(d):
    sd = paddle.load(os.path.join(d, "m.pdparams"))
    g = _generation([v.numpy() for v in sd.values()])
    assert sd["w"].shape == [ROWS, width(g)]
    return g


# -- static programs: paddle.static.save, save_inference_model, fleet.save_persistables ---------------------------
def _program(g, optimizer=True):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, ROWS], "float32")
        y = paddle.static.nn.fc(x, width(g), name="fc")
        if optimizer:
            paddle.optimizer.Adam(0.01).minimize(paddle.mean(y))
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    scope = paddle.static.global_scope()
    for v in main.list_vars():
        if v.persistable and scope.find_var(v.name) is not None:
            t = scope.find_var(v.name).get_tensor()
            t.set(np.full(np.array(t).shape, g, np.array(t).dtype))
    return main, exe, x, y


def save_static(d, g):
    def run():
        main, _, _, _ = _program(g)
        paddle.static.save(main, os.path.join(d, "m"))
    _static(run)


def check_static(d):
    def run():
        prefix = os.path.join(d, "m")
        prog = paddle.static.deserialize_program(paddle.static.load_from_file(prefix + ".pdmodel"))
        state = paddle.static.load_program_state(prefix)
        g = _generation(state.values())
        assert state["fc.w_0"].shape == (ROWS, width(g))
        assert tuple(prog.global_block().var("fc.w_0").shape) == (ROWS, width(g))
        exe = paddle.static.Executor(paddle.CPUPlace())
        paddle.static.load(prog, prefix, exe)  # checks every stored shape against the .pdmodel
        return g
    return _static(run)


def save_inference(d, g):
    def run():
        main, exe, x, y = _program(g, optimizer=False)
        paddle.static.save_inference_model(os.path.join(d, "m"), [x], [y], exe, program=main)
    _static(run)


def check_inference(d):
    def run():
        exe = paddle.static.Executor(paddle.CPUPlace())
        prog, feeds, fetches = paddle.static.load_inference_model(os.path.join(d, "m"), exe)
        scope = paddle.static.global_scope()
        g = _generation([np.array(scope.find_var(n).get_tensor()) for n in ("fc.w_0", "fc.b_0")])
        out = exe.run(prog, feed={feeds[0]: np.ones([1, ROWS], "float32")}, fetch_list=fetches)[0]
        assert out.shape == (1, width(g)) and np.all(out == ROWS * g + g)
        return g
    return _static(run)


def save_fleet(d, g):
    import purepaddle.distributed.fleet as fleet

    def run():
        fleet.init(is_collective=True)
        main, exe, _, _ = _program(g)
        fleet.save_persistables(exe, d, main)
    _static(run)


def check_fleet(d):
    arrays = paddle.static.load_program_state(d)  # every file of the directory, as the 1.x loader reads it
    g = _generation(arrays.values())
    assert arrays["fc.w_0"].shape == (ROWS, width(g)) and arrays["fc.b_0"].shape == (width(g),)
    assert arrays["fc.w_0_moment1_0"].shape == (ROWS, width(g)), sorted(arrays)
    return g


# -- paddle.Model.save: .pdparams + .pdopt ---------------------------------------------------------------------------
def save_hapi(d, g):
    model = paddle.Model(paddle.nn.Linear(ROWS, width(g)))
    opt = paddle.optimizer.Adam(parameters=model.parameters())
    model.prepare(opt, paddle.nn.MSELoss())
    model.train_batch([np.ones((1, ROWS), "float32")], [np.zeros((1, width(g)), "float32")])
    for p in model.parameters():
        p.set_value(np.full(p.shape, g, "float32"))
    model.save(os.path.join(d, "m"))


def check_hapi(d):
    params = paddle.load(os.path.join(d, "m.pdparams"), keep_name_table=True)
    opt = paddle.load(os.path.join(d, "m.pdopt"))
    names = params.pop("StructuredToParameterName@@")
    g = _generation([v.numpy() for v in params.values()])
    assert params["weight"].shape == [ROWS, width(g)]
    moments = {k: v for k, v in opt.items() if "moment" in k}
    assert moments and all(any(k.startswith(n + "_") for n in names.values()) for k in moments), (names, list(opt))
    assert all(v.shape[-1] == width(g) for v in moments.values())
    model = paddle.Model(paddle.nn.Linear(ROWS, width(g)))
    model.prepare(paddle.optimizer.Adam(parameters=model.parameters()), paddle.nn.MSELoss())
    model.load(os.path.join(d, "m"))
    return g


KINDS = {
    "paddle.save": (save_paddle, check_paddle),
    "jit.save": (save_jit, check_jit),
    "jit.save.json": (save_jit_pir, check_jit_pir),
    "static.save": (save_static, check_static),
    "static.save_inference_model": (save_inference, check_inference),
    "Model.save": (save_hapi, check_hapi),
    "fleet.save_persistables": (save_fleet, check_fleet),
}

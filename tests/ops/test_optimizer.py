"""The optimizer update ops (sgd, momentum, adam, adamw, adamax, adagrad, rmsprop, adadelta, lamb, nadam,
radam, asgd, rprop): rules against NumPy references written from the papers' formulas, forward leaves its
inputs intact, row-sparse gradients, and a static program running the op equals the eager update."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.op import OPS
from purepaddle.ops.optimizer._update import RowGrad

rng = np.random.default_rng(0)
P, G = rng.uniform(-1, 1, (4, 3)), rng.normal(0, 1, (4, 3))
M1, M2 = rng.normal(0, 0.1, (4, 3)), rng.uniform(0.01, 0.1, (4, 3))
LR = 0.05


def f32(*xs):
    return [np.asarray(x, dtype=np.float32) for x in xs]


def _adam_ref(p, g, m1, m2, b1p, b2p, b1=0.9, b2=0.999, eps=1e-8, lr=LR):
    m1 = b1 * m1 + (1 - b1) * g
    m2 = b2 * m2 + (1 - b2) * g * g
    lr_t = lr * np.sqrt(1 - b2p) / (1 - b1p)
    return p - lr_t * m1 / (np.sqrt(m2) + eps * np.sqrt(1 - b2p)), m1, m2


def _lamb_ref(p, g, m1, m2, b1p, b2p, wd, b1=0.9, b2=0.999, eps=1e-6, lr=LR):
    m1 = b1 * m1 + (1 - b1) * g
    m2 = b2 * m2 + (1 - b2) * g * g
    r = (m1 / (1 - b1p)) / (np.sqrt(m2 / (1 - b2p)) + eps) + wd * p
    ratio = np.linalg.norm(p) / np.linalg.norm(r)
    return p - lr * ratio * r, m1, m2


# (op type, attrs, inputs by slot (float64 values), {output slot: expected})
def _cases():
    lr = np.array(LR)
    b1p, b2p = np.array([0.9 ** 3]), np.array([0.999 ** 3])
    p_adam, m1_adam, m2_adam = _adam_ref(P, G, M1, M2, b1p, b2p)
    p_adamw, _, _ = _adam_ref(P * (1 - LR * 0.5 * 0.1), G, M1, M2, b1p, b2p, lr=LR * 0.5)
    v = 0.9 * M1 + (G + 0.01 * P)
    ms = 0.9 * M2 + 0.1 * G * G
    mg = 0.9 * M1 + 0.1 * G
    mom_c = 0.5 * M1 + LR * G / np.sqrt(ms - mg * mg + 1e-6)
    asg = 0.95 * M2 + 0.05 * G * G
    upd = -np.sqrt((M2 + 1e-6) / (asg + 1e-6)) * G
    inf = np.maximum(0.999 * M2 + 1e-8, np.abs(G))
    p_lamb, m1_lamb, m2_lamb = _lamb_ref(P, G, M1, M2, b1p, b2p, 0.01)
    return [
        ("sgd", {}, {"Param": P, "LearningRate": lr, "Grad": G}, {"ParamOut": P - LR * G}),
        ("momentum", {"mu": 0.9, "use_nesterov": True, "regularization_method": "l2_decay",
                      "regularization_coeff": 0.01},
         {"Param": P, "Grad": G, "Velocity": M1, "LearningRate": lr},
         {"ParamOut": P - LR * ((G + 0.01 * P) + 0.9 * v), "VelocityOut": v}),
        ("adam", {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
         {"Param": P, "Grad": G, "LearningRate": lr, "Moment1": M1, "Moment2": M2, "Beta1Pow": b1p,
          "Beta2Pow": b2p},
         {"ParamOut": p_adam, "Moment1Out": m1_adam, "Moment2Out": m2_adam, "Beta1PowOut": b1p * 0.9,
          "Beta2PowOut": b2p * 0.999}),
        ("adamw", {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8, "coeff": 0.1, "lr_ratio": 0.5, "with_decay": True},
         {"Param": P, "Grad": G, "LearningRate": lr, "Moment1": M1, "Moment2": M2, "Beta1Pow": b1p,
          "Beta2Pow": b2p}, {"ParamOut": p_adamw}),
        ("adamax", {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
         {"Param": P, "Grad": G, "LearningRate": lr, "Moment": M1, "InfNorm": M2, "Beta1Pow": b1p},
         {"ParamOut": P - LR / (1 - b1p) * (0.9 * M1 + 0.1 * G) / inf, "InfNormOut": inf}),
        ("adagrad", {"epsilon": 1e-6}, {"Param": P, "Grad": G, "Moment": M2, "LearningRate": lr},
         {"ParamOut": P - LR * G / (np.sqrt(M2 + G * G) + 1e-6), "MomentOut": M2 + G * G}),
        ("rmsprop", {"epsilon": 1e-6, "decay": 0.9, "momentum": 0.5, "centered": True},
         {"Param": P, "MeanSquare": M2, "Grad": G, "Moment": M1, "LearningRate": lr, "MeanGrad": M1},
         {"ParamOut": P - mom_c, "MomentOut": mom_c, "MeanSquareOut": ms, "MeanGradOut": mg}),
        ("adadelta", {"rho": 0.95, "epsilon": 1e-6},
         {"Param": P, "Grad": G, "AvgSquaredGrad": M2, "AvgSquaredUpdate": M2, "LearningRate": lr},
         {"ParamOut": P + LR * upd, "AvgSquaredGradOut": asg, "AvgSquaredUpdateOut": 0.95 * M2 + 0.05 * upd * upd}),
        ("lamb", {"weight_decay": 0.01, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-6},
         {"Param": P, "Grad": G, "LearningRate": lr, "Moment1": M1, "Moment2": M2, "Beta1Pow": b1p,
          "Beta2Pow": b2p}, {"ParamOut": p_lamb, "Moment1Out": m1_lamb, "Moment2Out": m2_lamb}),
        ("asgd", {}, {"param": P, "grad": G, "learning_rate": lr, "d": M1, "y": M2, "n": np.array([2.0])},
         {"param_out": P - LR * (M1 - M2 + G) / 2, "d_out": M1 - M2 + G, "y_out": G}),
        ("rprop", {}, {"param": P, "grad": G, "prev": M1, "learning_rate": M2,
                       "learning_rate_range": np.array([1e-5, 50]), "etas": np.array([0.5, 1.2])},
         {"learning_rate_out": np.clip(np.where(G * M1 > 0, M2 * 1.2, np.where(G * M1 < 0, M2 * 0.5, M2)), 1e-5, 50),
          "prev_out": np.where(G * M1 < 0, 0, G)}),
    ]


CASES = _cases()


def _arrays(cls, ins):
    return [None if ins.get(s) is None else np.asarray(ins[s], dtype=np.float32) for s in cls.inputs]


@pytest.mark.parametrize("op_type,attrs,ins,want", CASES, ids=[c[0] for c in CASES])
def test_rule_and_forward_is_pure(op_type, attrs, ins, want):
    cls = OPS[op_type]
    arrays = _arrays(cls, ins)
    before = [None if a is None else a.copy() for a in arrays]
    out = cls(dict(attrs)).forward(np, *arrays)
    for a, b in zip(arrays, before):
        if a is not None:
            np.testing.assert_array_equal(a, b)  # forward never writes into its inputs
    got = dict(zip(cls.outputs, out if isinstance(out, tuple) else (out,)))
    for slot, value in want.items():
        assert got[slot].dtype == np.float32
        np.testing.assert_allclose(got[slot], value, rtol=2e-5, atol=1e-6, err_msg=slot)


@pytest.mark.parametrize("op_type,attrs,ins,want", CASES, ids=[c[0] for c in CASES])
def test_static_program_equals_eager_update(op_type, attrs, ins, want):
    cls = OPS[op_type]
    arrays = _arrays(cls, ins)
    eager = [None if a is None else a.copy() for a in arrays]
    cls(dict(attrs)).update(np, *eager)
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            block = main.global_block()
            feed, inputs = {}, {}
            for slot, a in zip(cls.inputs, arrays):
                if a is not None:
                    name = "in_" + slot
                    block.create_var(name=name, shape=list(a.shape), dtype="float32", persistable=True)
                    feed[name] = a
                    inputs[slot] = [name]
            outputs = {s: ["in_" + s[:-len(cls.out_suffix)]] for s in cls.outputs
                       if "in_" + s[:-len(cls.out_suffix)] in feed}
            block.append_op(type=op_type, inputs=inputs, outputs=outputs, attrs=dict(attrs))
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            for name, a in feed.items():
                scope.var(name).get_tensor().set(a, paddle.CPUPlace())
            paddle.static.Executor().run(main)
            for slot, a in zip(cls.inputs, eager):
                if a is not None and slot + cls.out_suffix in outputs:
                    np.testing.assert_array_equal(np.array(scope.find_var("in_" + slot).get_tensor()), a)
    finally:
        paddle.disable_static()


def test_infer_meta():
    from purepaddle._core.op import TensorMeta
    from purepaddle._core import dtype as dt
    metas = [TensorMeta([4, 3], dt.float32), TensorMeta([4, 3], dt.float32), TensorMeta([], dt.float32),
             TensorMeta([4, 3], dt.float32), TensorMeta([4, 3], dt.float32), None, TensorMeta([1], dt.float32),
             TensorMeta([1], dt.float32)]
    out = OPS["adam"]({}).infer_meta(*metas)
    assert [None if m is None else m.shape for m in out] == [[4, 3], [4, 3], [4, 3], None, [1], [1], None]


def _row_grad(rows, values):
    return RowGrad(np.array(rows, dtype=np.int64), np.asarray(values, dtype=np.float32), 4)


def test_row_sparse_updates_only_rows():
    p, g = f32(P, G)
    rg = _row_grad([0, 2], g[[0, 2]])
    np.testing.assert_array_equal(rg.dense()[[1, 3]], 0)
    out = OPS["sgd"]({}).forward(np, p, np.float32(LR), rg)
    np.testing.assert_array_equal(out[0][[1, 3]], p[[1, 3]])
    np.testing.assert_allclose(out[0][[0, 2]], p[[0, 2]] - LR * g[[0, 2]], rtol=1e-6)
    m = np.full_like(p, 0.1)
    out = OPS["adagrad"]({"epsilon": 1e-6}).forward(np, p, rg, m, np.float32(LR))
    np.testing.assert_array_equal(out[1][[1, 3]], m[[1, 3]])
    m1, m2 = f32(M1, M2)
    b1p, b2p = f32([0.9], [0.999])
    lazy = OPS["adam"]({"lazy_mode": True}).forward(np, p, rg, np.float32(LR), m1, m2, None, b1p, b2p)
    np.testing.assert_array_equal(lazy[0][[1, 3]], p[[1, 3]])
    np.testing.assert_array_equal(lazy[1][[1, 3]], m1[[1, 3]])
    dense = OPS["adam"]({}).forward(np, p, rg, np.float32(LR), m1, m2, None, b1p, b2p)
    assert not np.array_equal(dense[0][[1, 3]], p[[1, 3]])  # non-lazy: moments decay everywhere


def test_multi_precision_master_param():
    p16 = P.astype(np.float16)
    master = p16.astype(np.float32)
    g16 = G.astype(np.float16)
    out = OPS["sgd"]({"multi_precision": True}).forward(np, p16, np.float32(LR), g16, master)
    np.testing.assert_allclose(out[1], master - LR * g16.astype(np.float32), rtol=1e-6)
    assert out[0].dtype == np.float16
    np.testing.assert_array_equal(out[0], out[1].astype(np.float16))


def test_float16_sgd_rounds_once_as_paddles_gpu_kernel():
    # Paddle's only float16 sgd kernel (GPU) computes param - lr * grad in float32 and rounds once;
    # bfloat16 keeps the CPU kernel's bfloat16 arithmetic (checked against real Paddle: rounding per operation)
    rng = np.random.default_rng(0)
    p16 = rng.standard_normal(50_000).astype(np.float16)
    g16 = rng.standard_normal(50_000).astype(np.float16)
    out = OPS["sgd"]({}).forward(np, p16, np.float32(LR), g16)[0]
    lr = np.float32(np.float16(LR))
    want = (p16.astype(np.float32) - g16.astype(np.float32) * lr).astype(np.float16)
    assert out.dtype == np.float16
    np.testing.assert_array_equal(out.view(np.uint16), want.view(np.uint16))
    ml_dtypes = pytest.importorskip("ml_dtypes")
    b16 = p16.astype(np.float32).astype(ml_dtypes.bfloat16)
    gb = g16.astype(np.float32).astype(ml_dtypes.bfloat16)
    outb = OPS["sgd"]({}).forward(np, b16, np.float32(LR), gb)[0]
    np.testing.assert_array_equal(outb.astype(np.float32), (b16 - gb * ml_dtypes.bfloat16(LR)).astype(np.float32))


def test_skip_update():
    p, g, m1, m2 = f32(P, G, M1, M2)
    b1p, b2p = f32([0.9], [0.999])
    out = OPS["adam"]({}).forward(np, p, g, np.float32(LR), m1, m2, None, b1p, b2p, None, np.array([True]))
    np.testing.assert_array_equal(out[0], p)
    np.testing.assert_array_equal(out[4], b1p)

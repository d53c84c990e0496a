"""Static control flow: cond / while_loop / case / switch_case as conditional_block and while ops with
sub-blocks, their gradients, Program APIs over sub-blocks, and the Executor's garbage collection.

Real Paddle's results come from tests/fixtures/static/expected.json (make_static_fixtures.py)."""
import json
import sys

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.static import executor as _executor
from tests.checkout import FIXTURES

FIX = FIXTURES / "static"
sys.path.insert(0, str(FIX))
import cases  # noqa: E402

EXPECTED = json.loads((FIX / "expected.json").read_text())
static = paddle.static
GRAD_OPS = {"reduce_mean_grad", "elementwise_mul_grad", "elementwise_add_grad"}


def numeric_grad(main, out, feed, name, eps=1e-6):
    """Central differences of sum(out) with respect to the fed variable `name`."""
    exe = static.Executor()
    base = feed[name]
    g = np.zeros_like(base)
    for i in np.ndindex(base.shape):
        for sign in (1, -1):
            p = base.copy()
            p[i] += sign * eps
            (o,) = exe.run(main, feed=dict(feed, **{name: p}), fetch_list=[out])
            g[i] += sign * o.sum() / (2 * eps)
    return g


def forward_structure(structure):
    """Blocks with their forward ops (Paddle's *_grad kernels are composed of other ops here).

    Block 0's forward part ends at the loss (the last reduce_mean before the gradient seed)."""
    out = []
    for idx, parent, fwd, ops in structure:
        if idx == 0:
            ops = ops[:len(ops) - ops[::-1].index("fill_constant") - 1]
        out.append((idx, parent, fwd, ops if fwd == -1 else None))
    return out


# -- cond ---------------------------------------------------------------------------------------------
def test_cond_matches_paddle():
    got = json.loads(json.dumps(cases.cond_case(paddle)))
    exp = EXPECTED["cond_case"]
    for key in ("true", "false"):
        np.testing.assert_allclose(got[key]["out"], exp[key]["out"], rtol=1e-6)
        np.testing.assert_allclose(got[key]["grad"], exp[key]["grad"], rtol=1e-6)
    assert forward_structure(got["structure"]) == forward_structure(exp["structure"])
    block0 = [op for op in got["structure"][0][3] if op in ("conditional_block", "select_input", "select_output",
                                                           "conditional_block_grad", "sum")]
    assert block0 == [op for op in exp["structure"][0][3] if op in block0]


@pytest.mark.parametrize("xv", [np.array([[0.1, -0.3], [0.2, 0.05]]), np.array([[1.1, 0.3], [0.2, 2.5]])])
def test_cond_gradient_numeric(progs, xv):
    main, _ = progs
    x = static.data("x", [2, 2], "float64")
    x.stop_gradient = False
    pred = paddle.less_than(paddle.mean(x), paddle.full([], 0.5, "float64"))

    def true_fn():
        h = static.nn.fc(x, 3, activation="tanh", name="t")
        return h * x.mean(), {"k": x * 3.0}

    def false_fn():
        return paddle.exp(x).sum(axis=1, keepdim=True) * paddle.ones([2, 3], "float64"), {"k": x * x}
    (a, d) = static.nn.cond(pred, true_fn, false_fn)
    out = a.sum() + d["k"].sum()
    static.append_backward(out)
    exe = static.Executor()
    exe.run(static.default_startup_program())
    w = np.array(static.global_scope().find_var("t.w_0").get_tensor()) if static.global_scope().find_var("t.w_0") \
        else None
    feed = {"x": xv}
    (g,) = exe.run(main, feed=feed, fetch_list=["x@GRAD"])
    np.testing.assert_allclose(g, numeric_grad(main, out, feed, "x"), rtol=1e-5, atol=1e-8)
    assert w is None or w.shape == (2, 3)


def test_cond_program_structure(progs):
    main, _ = progs
    x = static.data("x", [3])
    x.stop_gradient = False
    pred = paddle.less_than(paddle.mean(x), paddle.full([], 0.0))
    out = static.nn.cond(pred, lambda: x * 2.0, lambda: x - 1.0)
    assert main.num_blocks == 3 and main.current_block().idx == 0
    assert [main.block(i).parent_idx for i in range(3)] == [-1, 0, 0]
    ops = main.global_block().ops
    types = [op.type for op in ops]
    assert types[-5:] == ["conditional_block", "logical_not", "conditional_block", "cast", "select_input"]
    cb = ops[types.index("conditional_block")]
    assert cb.input("Input") == ["x"] and cb.attr("is_scalar_condition") is True
    assert cb.attr("sub_block") is main.block(1) and cb._block_attr_id("sub_block") == 1
    assert "sub_block = block[1]" in str(cb)
    assert main.block(1).ops[-1].type == "assign" and main.block(1).ops[-1].output("Out") == cb.output("Out")
    assert ops[-1].input("X") == [ops[-3].output("Out")[0], cb.output("Out")[0]]  # [false, true]
    assert out.shape == (3,) and not out.stop_gradient
    text = main.to_string(True)
    assert text.count("type: BLOCK") == 2 and "block_idx: 2" in text
    names = [v.name for v in main.list_vars()]
    assert "tmp_0" in names and "tmp_1" in names  # the branches' locals live in blocks 1 and 2
    assert main.block(1).has_var("tmp_0") and not main.global_block().has_var("tmp_0")
    static.append_backward(paddle.mean(out))
    assert main.num_blocks == 5
    assert [(b.forward_block_idx, b.backward_block_idx) for b in main.blocks] == [(-1, -1), (-1, 4), (-1, 3),
                                                                                    (2, -1), (1, -1)]
    assert [op.type for op in main.global_block().ops].count("conditional_block_grad") == 2


def test_cond_dygraph_and_errors():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    out = static.nn.cond(paddle.to_tensor(True), lambda: x * 3.0, lambda: x)
    out.sum().backward()
    assert x.grad.numpy().tolist() == [3.0, 3.0]
    assert static.nn.cond(paddle.to_tensor([False]), lambda: 1) is None
    paddle.enable_static()
    with static.program_guard(static.Program(), static.Program()):
        p = static.data("p", [1], "bool")
        with pytest.raises(TypeError, match="The true_fn in cond must be callable"):
            static.nn.cond(p, 1, lambda: 1)
        with pytest.raises(TypeError, match="data type of 'pred'"):
            static.nn.cond(static.data("f", [1]), lambda: 1, lambda: 1)
        with pytest.raises(ValueError, match="true_fn returns non-None while false_fn returns None"):
            static.nn.cond(p, lambda: paddle.ones([1]), lambda: None)
        with pytest.raises(ValueError, match="true fn returns 2 vars, but false fn returns 1"):
            static.nn.cond(p, lambda: (paddle.ones([1]), paddle.ones([1])), lambda: paddle.ones([1]))
        assert static.nn.cond(p, lambda: 7, lambda: 7) == 7


def test_case_and_switch_case_match_paddle():
    got = cases.case_switch(paddle)
    exp = EXPECTED["case_switch"]
    assert got["values"] == exp["values"]
    assert got["num_blocks"] == exp["num_blocks"] and got["parents"] == exp["parents"]


def test_case_switch_dygraph_and_errors():
    one, two = lambda: paddle.to_tensor(1.0), lambda: paddle.to_tensor(2.0)  # noqa: E731
    assert float(static.nn.case([(paddle.to_tensor(False), one)], default=two)) == 2.0
    assert float(static.nn.switch_case(paddle.to_tensor(0), [one, two])) == 1.0
    with pytest.raises(TypeError, match="The elements' type of 'pred_fn_pairs' in case"):
        static.nn.case([[paddle.to_tensor(True), one]])
    with pytest.raises(ValueError, match="must be unique"):
        static.nn.switch_case(paddle.to_tensor(0), [(1, one), (1, two)])
    with pytest.raises(TypeError, match="The key's type"):
        static.nn.switch_case(paddle.to_tensor(0), [("a", one)])


# -- while_loop ---------------------------------------------------------------------------------------
def test_while_loop_matches_paddle():
    got = json.loads(json.dumps(cases.while_case(paddle)))
    exp = EXPECTED["while_case"]
    for key in ("s", "i", "x_grad", "w_grad"):
        np.testing.assert_allclose(got[key], exp[key], rtol=1e-6, err_msg=key)
    g_blocks, e_blocks = got["structure"], exp["structure"]
    assert [b[:3] for b in g_blocks] == [b[:3] for b in e_blocks]
    strip = lambda ops: [o for o in ops if o not in ("assign_value", "scale", "elementwise_add")]  # noqa: E731
    assert strip(g_blocks[1][3]) == strip(e_blocks[1][3])  # `i + 1` is scale in Paddle, add of a constant here
    assert "while" in g_blocks[0][3] and "while_grad" in g_blocks[0][3]


def test_while_gradient_numeric(progs):
    main, _ = progs
    x = static.data("x", [3], "float64")
    w = static.data("w", [3], "float64")
    x.stop_gradient = w.stop_gradient = False
    i = paddle.full([1], 0, "int64")
    n = paddle.full([1], 4, "int64")
    s0 = x * 1.0
    t0 = paddle.zeros([3], "float64")
    t0.stop_gradient = False  # a loop variable carries gradient only if it does not stop it (as in Paddle)

    def body(i, s, t):
        return [i + 1, paddle.tanh(s * w) + x, t + s * s]
    _, s, t = static.nn.while_loop(lambda i, s, t: i < n, body, [i, s0, t0])
    out = s.sum() + t.sum()
    static.append_backward(out)
    rng = np.random.default_rng(4)
    feed = {"x": rng.standard_normal(3), "w": rng.standard_normal(3)}
    exe = static.Executor()
    gx, gw = exe.run(main, feed=feed, fetch_list=["x@GRAD", "w@GRAD"])
    np.testing.assert_allclose(gx, numeric_grad(main, out, feed, "x"), rtol=1e-5, atol=1e-8)
    np.testing.assert_allclose(gw, numeric_grad(main, out, feed, "w"), rtol=1e-5, atol=1e-8)


def test_while_loop_doc_example_and_in_place_update(progs):
    main, _ = progs
    i = paddle.full([1], 0, "int64")
    ten = paddle.full([1], 10, "int64")
    out = static.nn.while_loop(lambda i, ten: i < ten, lambda i, ten: [i + 1, ten], [i, ten])
    assert out[0] is i and out[1] is ten  # the loop variables themselves, updated in place
    wop = main.global_block().ops[-1]
    assert wop.type == "while" and wop.output("Out")[0] == i.name and not wop.attr("is_test")
    assert wop.attr("sub_block").parent_idx == 0
    res = static.Executor().run(main, feed={}, fetch_list=[i])
    assert res[0].tolist() == [10]


def test_in_place_updates_inside_sub_blocks_write_the_outer_variable(progs):
    main, _ = progs
    i = paddle.full([1], 0, "int64")
    ten = paddle.full([1], 10, "int64")

    def body(i, ten):
        i = paddle.increment(i)  # in place on the loop variable: writes it (no new loop-local name)
        return [i, ten]
    out = static.nn.while_loop(lambda i, ten: i < ten, body, [i, ten])
    # paddle.full opens two fill_constant name helpers, so real Paddle names the loop variable _1
    assert out[0].name == "fill_constant_1.tmp_0" and main.block(1).ops[0].output("Out") == [out[0].name]
    # the low-level While: the body updates the counter and the condition in place
    j = paddle.full([1], 0, "int64")
    sums = paddle.full([1], 0.0)
    c = paddle.less_than(j, ten)
    w = static.nn.control_flow.While(cond=c)
    with w.block():
        paddle.assign(sums + 2.0, sums)
        j = paddle.increment(x=j, value=1)
        paddle.assign(paddle.less_than(x=j, y=ten), output=c)
    res = static.Executor().run(main, fetch_list=[out[0], j, sums])
    assert [r.tolist() for r in res] == [[10], [10], [20.0]]
    assert repr(res[0]) == "array([10], dtype=int64)"  # fetched int64 prints as Paddle's fetches do
    with pytest.raises(TypeError, match="condition expected shape as \\[1\\]"):
        static.nn.control_flow.While(cond=paddle.less_than(paddle.zeros([2]), paddle.ones([2])))


def test_while_with_cond_inside(progs):
    main, _ = progs
    i = paddle.full([1], 0, "int64")
    acc = paddle.zeros([1])

    def body(i, acc):
        even = paddle.equal(i % 2, paddle.zeros([1], "int64"))
        return [i + 1, static.nn.cond(even, lambda: acc + 1.0, lambda: acc - 0.5)]
    _, acc = static.nn.while_loop(lambda i, acc: i < 5, body, [i, acc])
    (got,) = static.Executor().run(main, fetch_list=[acc])
    assert got.tolist() == [3 - 1.0]  # +1 three times, -0.5 twice
    assert main.block(1).ops[0].type != "while" and main.block(2).parent_idx == 1


def test_while_loop_dygraph_and_errors():
    i = paddle.zeros([1])
    out = static.nn.while_loop(lambda i: i < 3, lambda i: i + 1, [i])
    assert out[0].numpy().tolist() == [3.0] and i.numpy().tolist() == [3.0]
    with pytest.raises(TypeError, match="cond in while_loop should be callable"):
        static.nn.while_loop(1, lambda i: i, [i])
    with pytest.raises(ValueError, match="loop_vars in while_loop should not be empty"):
        static.nn.while_loop(lambda: True, lambda: 1, [])
    paddle.enable_static()
    with static.program_guard(static.Program(), static.Program()):
        v = paddle.zeros([2])
        with pytest.raises(TypeError, match="the shape of the variable returned by cond should be \\[1\\]"):
            static.nn.while_loop(lambda v: v < 1, lambda v: v, [v])
        with pytest.raises(ValueError, match="same arity"):
            static.nn.while_loop(lambda v: paddle.mean(v) < 1, lambda v: [v, v], [v])


# -- Program APIs over sub-blocks -----------------------------------------------------------------------
def test_clone_keeps_sub_blocks_and_for_test_drops_grad_blocks(progs):
    main, _ = progs
    x = static.data("x", [2])
    x.stop_gradient = False
    out = static.nn.cond(paddle.mean(x) > 0, lambda: x * 2.0, lambda: x * 3.0)
    loss = paddle.mean(out)
    paddle.optimizer.SGD(0.1).minimize(loss)
    copy = main.clone()
    assert copy.num_blocks == main.num_blocks == 5
    cb = [op for op in copy.global_block().ops if op.type == "conditional_block"][0]
    assert cb.attr("sub_block") is copy.block(1) and cb.attr("sub_block") is not main.block(1)
    test = main.clone(for_test=True)
    assert test.num_blocks == 3 and all(b.forward_block_idx == -1 for b in test.blocks)
    assert not any(op.type.endswith("_grad") for b in test.blocks for op in b.ops)
    exe = static.Executor()
    for prog in (main, copy, test):
        (got,) = exe.run(prog, feed={"x": np.array([1.0, 2.0], "float32")}, fetch_list=[out])
        np.testing.assert_allclose(got, [2.0, 4.0])


def test_name_scope_and_current_block_inside_branches(progs):
    main, _ = progs
    x = static.data("x", [2])
    seen = []

    def branch():
        seen.append(main.current_block().idx)
        return x * 2.0
    with static.name_scope("outer"):
        static.nn.cond(paddle.mean(x) > 0, branch, branch)
    assert seen == [1, 2] and main.current_block().idx == 0
    assert main.block(1).ops[0].attr("op_namescope") == "/outer/"
    cb = [op for op in main.global_block().ops if op.type == "conditional_block"]
    assert [op.attr("op_namescope") for op in cb] == ["/outer/", "/outer/"]


# -- the Executor: garbage collection, flags, hot path --------------------------------------------------
@pytest.mark.parametrize("flag,freed", [(0.0, True), (-1.0, False)])
def test_gc_frees_temporaries_of_sub_blocks(progs, flag, freed):
    main, _ = progs
    prev = paddle.get_flags(["FLAGS_eager_delete_tensor_gb", "FLAGS_fast_eager_deletion_mode"])
    paddle.set_flags({"FLAGS_eager_delete_tensor_gb": flag, "FLAGS_fast_eager_deletion_mode": False})
    try:
        x = static.data("x", [2])
        x.stop_gradient = False
        h = x * 3.0
        out = static.nn.cond(paddle.mean(h) > 0, lambda: h * h, lambda: h + 1.0)
        loss = paddle.mean(out)
        static.append_backward(loss)
        exe = static.Executor()
        (g,) = exe.run(main, feed={"x": np.array([1.0, 2.0], "float32")}, fetch_list=["x@GRAD"])
        np.testing.assert_allclose(g, [9.0, 18.0])  # d mean(9 x^2) / dx
        env = exe._last_env
        local = main.block(1).ops[0].output("Out")[0]  # h * h inside the taken branch
        assert (local in env) is not freed and (h.name in env) is not freed and ("x@GRAD" in env)
        assert ("_generated_var_4" in env) is not freed  # the select_input result
    finally:
        paddle.set_flags(prev)


def test_block0_steps_stay_on_the_fast_path(progs):
    main, _ = progs
    x = static.data("x", [2])
    y = x * 2.0 + 1.0
    static.nn.cond(paddle.mean(y) > 0, lambda: y, lambda: -y)
    exe = static.Executor()
    exe.run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[y])
    plan = next(iter(exe._plans[main].values()))
    kinds = {s[5].type: s[0] for s in plan.steps}
    assert kinds["scale"] is True and kinds["conditional_block"] is None and kinds["select_input"] is None
    assert _executor.gc_enabled()

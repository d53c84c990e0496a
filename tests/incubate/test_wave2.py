"""Issue 16's additions to paddle.incubate and paddle.nn against values real Paddle 3.3.1 wrote
(tests/fixtures/incubate/wave2.json, by make_wave2_fixtures.py)."""
import json
import pathlib

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.incubate.optimizer.functional import minimize_bfgs, minimize_lbfgs

FIX = json.loads((pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "incubate" / "wave2.json")
                 .read_text())


def quad(x):
    c = paddle.to_tensor([3.0, 2.0, 1.0], dtype=x.dtype)
    return (c * x * x).sum() + ((x[1:] - x[:-1]) ** 2).sum() - x.sum()


def rosen(x):
    return paddle.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


@pytest.mark.parametrize("case", FIX["minimize"], ids=lambda c: f"{c['method']}-{c['f']}-{len(c['x0'])}-{len(c['kw'])}")
def test_minimize_matches_paddle(case):
    kw = dict(case["kw"])
    if "initial_inverse_hessian_estimate" in kw:
        kw["initial_inverse_hessian_estimate"] = paddle.to_tensor(kw["initial_inverse_hessian_estimate"],
                                                                  dtype="float64")
    fn = minimize_bfgs if case["method"] == "bfgs" else minimize_lbfgs
    got = fn({"quad": quad, "rosen": rosen}[case["f"]], paddle.to_tensor(case["x0"], dtype="float64"),
             dtype="float64", **kw)
    assert [[str(t.dtype).replace("paddle.", ""), list(t.shape)] for t in got] == \
        [[d.replace("paddle.", ""), s] for d, s in case["meta"]]
    assert bool(got[0]) == bool(case["result"][0][0])
    assert int(got[1]) == case["result"][1][0]  # same number of objective calls: the same search path
    # BFGS's [n, n] products go through BLAS, whose summation order differs from Paddle's in the last bits; the
    # last update divides by a tiny y.s, which magnifies that in the returned inverse-Hessian estimate
    for mine, ref, atol in zip(got[2:], case["result"][2:], (1e-9, 1e-12, 1e-7, 1e-3)):
        np.testing.assert_allclose(mine.numpy(), ref, rtol=1e-7, atol=atol)


def test_minimize_checks_inputs():
    x0 = paddle.to_tensor([1.0, 2.0])
    with pytest.raises(ValueError):
        minimize_bfgs(quad, x0, dtype="int32")
    with pytest.raises(ValueError):
        minimize_lbfgs(quad, [1.0, 2.0])
    with pytest.raises(ValueError):
        minimize_bfgs(quad, x0, initial_inverse_hessian_estimate=paddle.to_tensor([[1.0, 2.0], [2.0, 1.0]]))
    with pytest.raises(NotImplementedError):
        minimize_lbfgs(quad, x0, line_search_fn="hager_zhang")


def test_lbfgs_small_history_raises_where_paddle_hangs():
    with pytest.raises(RuntimeError, match="history_size"):
        minimize_lbfgs(rosen, paddle.to_tensor([-1.2, 1.0], dtype="float64"), history_size=2, dtype="float64")


@pytest.mark.parametrize("case", FIX["beam_search"], ids=lambda c: f"{c['kind']}-{c['dtype']}")
def test_beam_search_decoder_matches_paddle(case):
    from purepaddle.nn import BeamSearchDecoder, Embedding, GRUCell, Linear, LSTMCell, dynamic_decode
    dtype = case["dtype"]
    paddle.set_default_dtype(dtype)
    try:
        emb, proj = Embedding(7, 5), Linear(6, 7)
        cell = GRUCell(5, 6) if case["kind"] == "gru" else LSTMCell(5, 6)
        params = [p for layer in (emb, proj, cell) for p in layer.parameters()]
        for p, w in zip(params, case["weights"]):
            p.set_value(np.asarray(w, dtype=dtype))
        dec = BeamSearchDecoder(cell, start_token=0, end_token=1, beam_size=3, embedding_fn=emb, output_fn=proj)
        enc = paddle.to_tensor(np.asarray(case["enc"], dtype=dtype))
        init = enc if case["kind"] == "gru" else [enc, enc * 0.5]
        ids, states, lens = dynamic_decode(dec, inits=init, max_step_num=6, return_length=True)
        tm, _ = dynamic_decode(dec, inits=init, max_step_num=3, output_time_major=True)
    finally:
        paddle.set_default_dtype("float32")
    assert ids.numpy().tolist() == case["ids"] and str(ids.dtype) == case["ids_dtype"]
    assert lens.numpy().tolist() == case["lens"]
    assert states.finished.numpy().tolist() == case["finished"]
    assert str(states.log_probs.dtype) == case["lp_dtype"]
    np.testing.assert_allclose(states.log_probs.numpy(), case["log_probs"], rtol=1e-5 if dtype == "float32" else 1e-10)
    assert tm.numpy().tolist() == case["time_major"]


class _CountDecoder(paddle.nn.decode.Decoder):
    """Emits time + state each step; a row finishes once its count passes its limit (Decoder base semantics)."""

    def initialize(self, inits):
        return paddle.zeros([3, 1]), paddle.zeros([3, 1]), paddle.to_tensor([False, False, False])

    def step(self, time, inputs, states, **kwargs):
        new = states + 1
        finished = (new[:, 0] >= paddle.to_tensor([1.0, 2.0, 4.0]))
        return new * 10, new, inputs, finished


def test_dynamic_decode_with_a_plain_decoder():
    # values real Paddle 3.3.1 gives: the step that finishes a row counts neither in its length nor its states
    out, states, lens = paddle.nn.dynamic_decode(_CountDecoder(), impute_finished=True, return_length=True)
    assert out.shape == [3, 4, 1]
    np.testing.assert_array_equal(states.numpy()[:, 0], [0, 1, 3])
    np.testing.assert_array_equal(lens.numpy(), [0, 1, 3])
    np.testing.assert_array_equal(out.numpy()[:, :, 0], [[10, 10, 10, 10], [10, 20, 20, 20], [10, 20, 30, 40]])
    out, states = paddle.nn.dynamic_decode(_CountDecoder())
    np.testing.assert_array_equal(states.numpy()[:, 0], [4, 4, 4])


def _csc():
    row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
    colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
    return row, colptr, paddle.to_tensor([0, 8, 1, 2])


def test_graph_sample_neighbors_and_khop_match_paddle():
    # real Paddle 3.3.1 (CPU) on this graph with sample sizes above every degree (all neighbours, no randomness);
    # its CPU kernels abort on sample_size=-1 and on two hops (docs/conformance.md)
    row, colptr, nodes = _csc()
    eids = paddle.arange(13)
    nb, cnt, ed = paddle.incubate.graph_sample_neighbors(row, colptr, nodes, eids=eids, sample_size=5, return_eids=True)
    assert nb.numpy().tolist() == [3, 7, 9, 7, 0, 9, 1] and cnt.numpy().tolist() == [2, 2, 2, 1]
    assert str(cnt.dtype) == "paddle.int32" and ed.numpy().tolist() == [0, 1, 11, 12, 2, 3, 4]
    src, dst, index, centre, ed = paddle.incubate.graph_khop_sampler(row, colptr, nodes, [5], sorted_eids=eids,
                                                                     return_eids=True)
    assert src.shape == [7, 1] and src.numpy()[:, 0].tolist() == [4, 5, 6, 5, 0, 6, 2]
    assert dst.numpy()[:, 0].tolist() == [0, 0, 1, 1, 2, 2, 3]
    assert index.numpy().tolist() == [0, 8, 1, 2, 3, 7, 9] and centre.numpy().tolist() == [0, 1, 2, 3]
    assert ed.numpy().tolist() == [0, 1, 11, 12, 2, 3, 4]
    with pytest.raises(ValueError):
        paddle.incubate.graph_khop_sampler(row, colptr, nodes, [2], return_eids=True)


def test_graph_khop_two_hops_keeps_every_edge_in_the_subgraph():
    row, colptr, nodes = _csc()
    paddle.seed(1)
    src, dst, index, centre = paddle.incubate.graph_khop_sampler(row, colptr, nodes, [2, 1])
    ids = index.numpy()
    edges = {(int(row.numpy()[e]), v) for v in range(10) for e in range(colptr.numpy()[v], colptr.numpy()[v + 1])}
    for s, d in zip(ids[src.numpy()[:, 0]], ids[dst.numpy()[:, 0]]):
        assert (int(s), int(d)) in edges
    assert ids[centre.numpy()].tolist() == [0, 8, 1, 2]


def test_autotune_set_config_validates_like_paddle(tmp_path):
    from purepaddle.incubate.autotune import AUTOTUNE_STATE
    paddle.incubate.autotune.set_config({"kernel": {"enable": True, "tuning_range": [1, 5]}, "layout": {"enable": False},
                                         "dataloader": {"enable": True, "tuning_steps": 7}})
    assert AUTOTUNE_STATE["kernel"] is True and AUTOTUNE_STATE["tuning_range"] == [1, 5]
    assert AUTOTUNE_STATE["dataloader"] is True and AUTOTUNE_STATE["tuning_steps"] == 7
    with pytest.warns(UserWarning, match="should be bool"):
        paddle.incubate.autotune.set_config({"layout": {"enable": "yes"}})
    path = tmp_path / "tune.json"
    path.write_text('{"kernel": {"enable": false}}')
    paddle.incubate.autotune.set_config(str(path))
    assert AUTOTUNE_STATE["kernel"] is False
    paddle.incubate.autotune.set_config()
    assert AUTOTUNE_STATE["kernel"] and AUTOTUNE_STATE["layout"] and AUTOTUNE_STATE["dataloader"]


def test_incubate_inference_runs_without_gradients():
    layer = paddle.nn.Linear(4, 2)
    x = paddle.ones([3, 4])
    want = layer(x).numpy()
    assert paddle.incubate.inference(layer) is layer  # Paddle returns the Layer with its forward replaced
    out = layer(x)
    assert out.stop_gradient and np.array_equal(out.numpy(), want)
    f = paddle.incubate.inference(lambda t: t * 2, with_trt=False)
    assert paddle.incubate.inference(f) is f and f.inference_options["with_trt"] is False


def test_recompute_entry_points_give_plain_gradients():
    from purepaddle.incubate.distributed.fleet import recompute_hybrid, recompute_sequential
    paddle.seed(3)
    model = paddle.nn.Sequential(*[paddle.nn.Linear(4, 4) for _ in range(4)])
    x = paddle.rand([2, 4])
    x.stop_gradient = False  # recompute (reentrant) passes gradients back only through inputs that want them
    grads = []
    for run in (lambda: model(x), lambda: recompute_sequential({"segments": 2}, model, x),
                lambda: recompute_hybrid({"mp_group": object()}, model, x)):
        model.clear_gradients()
        run().sum().backward()
        grads.append(model[0].weight.grad.numpy().copy())
    np.testing.assert_allclose(grads[1], grads[0], rtol=1e-6)
    np.testing.assert_allclose(grads[2], grads[0], rtol=1e-6)
    with pytest.raises(AssertionError):
        recompute_hybrid({}, model, x)


def test_distributed_save_helpers(tmp_path):
    import pickle

    from purepaddle.incubate.distributed.utils.io import save, save_for_auto_inference
    layer = paddle.nn.Linear(2, 3)
    save(layer.state_dict(), str(tmp_path / "m.pdparams"), gather_to=0, state_type="params")
    assert sorted(paddle.load(str(tmp_path / "m.pdparams"))) == ["bias", "weight"]
    save_for_auto_inference(str(tmp_path / "net"), layer)
    params = paddle.load(str(tmp_path / "net_dist0.pdparams"))
    assert set(params) == {layer.weight.name, layer.bias.name}
    attrs = pickle.loads((tmp_path / "net_dist0.pdattr").read_bytes())
    # the layout real Paddle 3.3.1 writes from one process
    assert attrs[layer.weight.name] == {"process_shape": [1], "process_group": [0], "dims_mapping": [-1, -1]}


def test_model_average_matches_paddle():
    case = FIX["model_average"]
    lin = paddle.nn.Linear(3, 2)
    lin.weight.set_value(np.asarray(case["w0"], dtype="float32"))
    lin.bias.set_value(np.zeros(2, "float32"))
    sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=lin.parameters())
    ma = paddle.incubate.ModelAverage(0.3, parameters=lin.parameters(), min_average_window=2, max_average_window=4)
    assert isinstance(ma, paddle.optimizer.Optimizer)
    x = paddle.to_tensor(np.asarray(case["x"], dtype="float32"))
    trace = []
    for _ in range(9):
        (lin(x) ** 2).mean().backward()
        sgd.step()
        ma.step()
        sgd.clear_grad()
        with ma.apply():
            trace.append(lin.weight.numpy().copy())
        trace.append(lin.weight.numpy().copy())
    with ma.apply(need_restore=False):
        pass
    np.testing.assert_allclose(np.array(trace), case["trace"], rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(lin.bias.numpy(), case["bias_kept"], rtol=1e-6, atol=1e-7)


def _fused_weights(p):
    """The fused layouts of paddle.nn.TransformerEncoderLayer's weights (q/k/v [E, H*D] -> [3, H, D, E])."""
    a = {k: np.asarray(v, dtype="float32") for k, v in p.items()}
    qkv_w = np.stack([a[f"self_attn.{n}_proj.weight"].T.reshape(2, 4, 8) for n in "qkv"])
    qkv_b = np.stack([a[f"self_attn.{n}_proj.bias"].reshape(2, 4) for n in "qkv"])
    return a, qkv_w, qkv_b


@pytest.mark.parametrize("case", FIX["unfused_encoder"], ids=lambda c: f"pre{c['normalize_before']}-{c['activation']}")
def test_fused_encoder_layer_matches_paddles_unfused_layer(case):
    a, qkv_w, qkv_b = _fused_weights(case["params"])
    pre = case["normalize_before"]
    layer = paddle.incubate.nn.FusedTransformerEncoderLayer(8, 2, 16, dropout_rate=0.0, activation=case["activation"],
                                                            normalize_before=pre)
    attn, ffn = layer.fused_attn, layer.ffn
    values = {attn.qkv_weight: qkv_w, attn.qkv_bias: qkv_b, attn.linear_weight: a["self_attn.out_proj.weight"],
              attn.linear_bias: a["self_attn.out_proj.bias"], ffn._linear1_weight: a["linear1.weight"],
              ffn._linear1_bias: a["linear1.bias"], ffn._linear2_weight: a["linear2.weight"],
              ffn._linear2_bias: a["linear2.bias"]}
    ln1 = (attn.pre_ln_scale, attn.pre_ln_bias) if pre else (attn.ln_scale, attn.ln_bias)
    ln2 = (ffn._ln1_scale, ffn._ln1_bias) if pre else (ffn._ln2_scale, ffn._ln2_bias)
    values.update({ln1[0]: a["norm1.weight"], ln1[1]: a["norm1.bias"], ln2[0]: a["norm2.weight"],
                   ln2[1]: a["norm2.bias"]})
    for p, v in values.items():
        p.set_value(v)
    x = paddle.to_tensor(np.asarray(case["x"], dtype="float32"))
    mask = paddle.to_tensor(np.asarray(case["mask"], dtype="float32"))
    np.testing.assert_allclose(layer(x, mask).numpy(), case["out"], rtol=1e-5, atol=1e-5)
    if pre and case["activation"] == "gelu":
        multi = paddle.incubate.nn.FusedMultiTransformer(8, 2, 16, num_layers=1, ln_bias_attrs=True,
                                                         qkv_bias_attrs=True, linear_bias_attrs=True,
                                                         ffn_ln_bias_attrs=True, ffn1_bias_attrs=True,
                                                         ffn2_bias_attrs=True)
        assert len(multi.parameters()) == 12
        for plist, v in ((multi.ln_scales, "norm1.weight"), (multi.ln_biases, "norm1.bias"),
                         (multi.linear_weights, "self_attn.out_proj.weight"),
                         (multi.linear_biases, "self_attn.out_proj.bias"), (multi.ffn_ln_scales, "norm2.weight"),
                         (multi.ffn_ln_biases, "norm2.bias"), (multi.ffn1_weights, "linear1.weight"),
                         (multi.ffn1_biases, "linear1.bias"), (multi.ffn2_weights, "linear2.weight"),
                         (multi.ffn2_biases, "linear2.bias")):
            plist[0].set_value(a[v])
        multi.qkv_weights[0].set_value(qkv_w)
        multi.qkv_biases[0].set_value(qkv_b)
        np.testing.assert_allclose(multi(x, mask).numpy(), case["out"], rtol=1e-5, atol=1e-5)


def test_fused_multi_head_attention_gradients_numerically():
    rng = np.random.default_rng(5)
    F = paddle.incubate.nn.functional
    arrays = [rng.standard_normal(s) * 0.5 for s in ((2, 3, 4), (3, 2, 2, 4), (4, 4), (4,), (4,))]
    up = rng.standard_normal((2, 3, 4))

    def run(values):
        x, qkv, lin, s, b = (paddle.to_tensor(v, stop_gradient=False) for v in values)
        out = F.fused_multi_head_attention(x, qkv, lin, ln_scale=s, ln_bias=b, dropout_rate=0.0,
                                           attn_dropout_rate=0.0)
        return (out * paddle.to_tensor(up)).sum(), (x, qkv, lin, s, b)

    loss, leaves = run(arrays)
    loss.backward()
    eps = 1e-6
    for k, leaf in enumerate(leaves):
        num = np.zeros_like(arrays[k])
        for idx in np.ndindex(*arrays[k].shape):
            plus = [a.copy() for a in arrays]
            minus = [a.copy() for a in arrays]
            plus[k][idx] += eps
            minus[k][idx] -= eps
            num[idx] = (float(run(plus)[0]) - float(run(minus)[0])) / (2 * eps)
        np.testing.assert_allclose(leaf.grad.numpy(), num, rtol=1e-5, atol=1e-7)

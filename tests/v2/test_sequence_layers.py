"""paddle.v2 sequence and sparse inputs (seed FAQ 002, PADDLE_REFERENCE F row 78): *_sequence data types,
embedding, recurrent, pooling, last/first_seq, and fc over sparse input without densifying it."""
import numpy as np
import pytest

import purepaddle
import purepaddle.v2 as paddle
from purepaddle.v2.data_type import SparseInput


def test_sequence_and_sparse_batches():
    seq = paddle.data_type.integer_value_sequence(10)
    value, starts = seq.to_batch([[1, 2, 3], [4], [5, 6]], "w")
    assert value.shape == (6, 1) and starts.tolist() == [0, 3, 4, 6]
    sp, st = paddle.data_type.sparse_vector(5).to_batch([[(0, 0.5), (3, 2.0)], [], [(4, -1.0)]], "s")
    assert isinstance(sp, SparseInput) and st is None and sp.shape == [3, 5]
    assert sp.rows.tolist() == [0, 0, 2] and sp.cols.tolist() == [0, 3, 4] and sp.values.tolist() == [0.5, 2.0, -1.0]
    np.testing.assert_array_equal(sp.numpy(), [[0.5, 0, 0, 2, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, -1]])
    bs, bst = paddle.data_type.sparse_binary_vector_sequence(4).to_batch([[[0, 1], [3]], [[2]]], "b")
    assert bst.tolist() == [0, 2, 3] and bs.values is None and bs.rows.tolist() == [0, 0, 1, 2]
    dv, dst = paddle.data_type.dense_vector_sequence(2).to_batch([[[1, 2]], [[3, 4], [5, 6]]], "d")
    assert dv.shape == (3, 2) and dst.tolist() == [0, 1, 3]
    assert repr(paddle.data_type.integer_value_sequence(3)) == "InputType(dim=3, type=integer, seq_type=SEQUENCE)"
    with pytest.raises(ValueError, match=r"index outside \[0, 4\)"):
        paddle.data_type.sparse_binary_vector(4).to_batch([[4]], "b")
    with pytest.raises(NotImplementedError, match="sub-sequence"):
        paddle.data_type.dense_vector(2, seq_type=2)


def _tanh_rnn(x, w, b, lengths, reverse):
    """NumPy reference of v2's recurrent layer over stacked sequences."""
    out, start = np.zeros_like(x), 0
    for n in lengths:
        h = np.zeros(w.shape[0], x.dtype)
        steps = range(start + n - 1, start - 1, -1) if reverse else range(start, start + n)
        for i in steps:
            h = np.tanh(x[i] + h @ w + b)
            out[i] = h
        start += n
    return out


@pytest.mark.parametrize("reverse", [False, True])
def test_embedding_recurrent_pooling_match_numpy(reverse):
    purepaddle.seed(3)
    words = paddle.layer.data(name="w", type=paddle.data_type.integer_value_sequence(20))
    emb = paddle.layer.embedding(input=words, size=4, name="emb")
    rnn = paddle.layer.recurrent(input=emb, name="rnn", reverse=reverse)
    pools = {k: paddle.layer.pooling(input=rnn, pooling_type=t, name=k)
             for k, t in [("max", paddle.pooling.Max()), ("avg", paddle.pooling.Avg()), ("sum", paddle.pooling.Sum())]}
    last, first = paddle.layer.last_seq(input=rnn, name="last"), paddle.layer.first_seq(input=rnn, name="first")
    outs = [rnn, *pools.values(), last, first]
    params = paddle.parameters.create(outs)
    assert params.get_shape("_emb.w0") == (20, 4) and params.get_shape("_rnn.w0") == (4, 4)
    params.set("_rnn.wbias", np.full((1, 4), 0.1, "float32"))
    seqs = [[1, 2, 3], [4], [5, 6, 7, 8, 9], [0, 19]]
    res = paddle.infer(output_layer=outs, parameters=params, input=[(s,) for s in seqs], flatten_result=False)
    table, w = params.get("_emb.w0"), params.get("_rnn.w0")
    x = table[np.concatenate(seqs)]
    want = _tanh_rnn(x, w, np.full(4, 0.1, "float32"), [len(s) for s in seqs], reverse)
    np.testing.assert_allclose(res[0], want, rtol=1e-5, atol=1e-6)  # one row per element
    bounds = np.cumsum([0] + [len(s) for s in seqs])
    segs = [want[bounds[i]:bounds[i + 1]] for i in range(len(seqs))]
    np.testing.assert_allclose(res[1], [s.max(0) for s in segs], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(res[2], [s.mean(0) for s in segs], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(res[3], [s.sum(0) for s in segs], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(res[4], [s[-1] for s in segs], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(res[5], [s[0] for s in segs], rtol=1e-5, atol=1e-6)
    with pytest.raises(TypeError, match="must be a sequence"):
        x2 = paddle.layer.data(name="x2", type=paddle.data_type.dense_vector(4))
        p2 = paddle.layer.pooling(input=x2)
        paddle.infer(output_layer=p2, parameters=paddle.parameters.create(p2), input=[([0.0] * 4,)])


def test_sequence_classifier_trains_and_backprops_through_time():
    purepaddle.seed(0)
    words = paddle.layer.data(name="w", type=paddle.data_type.integer_value_sequence(12))
    label = paddle.layer.data(name="l", type=paddle.data_type.integer_value(2))
    emb = paddle.layer.embedding(input=words, size=6)
    rnn = paddle.layer.recurrent(input=paddle.layer.fc(input=emb, size=6, act=paddle.activation.Linear()))
    prob = paddle.layer.fc(input=paddle.layer.pooling(input=rnn, pooling_type=paddle.pooling.Max()), size=2,
                           act=paddle.activation.Softmax())
    cost = paddle.layer.classification_cost(input=prob, label=label)
    params = paddle.parameters.create(cost)
    rng = np.random.RandomState(0)
    # the label is whether word 0..5 (class 0) or 6..11 (class 1) dominates
    data = []
    for _ in range(64):
        lab = int(rng.randint(2))
        data.append((rng.randint(0, 6, rng.randint(2, 7)) + 6 * lab, lab))
    errs = []
    paddle.trainer.SGD(cost, params, paddle.optimizer.Adam(learning_rate=0.02)).train(
        paddle.batch(lambda: iter(data), 16), 8,
        lambda e: isinstance(e, paddle.event.EndPass) and errs.append(e.metrics["classification_error_evaluator"]))
    assert errs[-1] < 0.1 < errs[0] or errs[-1] == 0.0, errs


def test_fc_on_sparse_input_equals_dense_matmul_and_never_densifies(monkeypatch):
    purepaddle.seed(1)
    sb = paddle.layer.data(name="sb", type=paddle.data_type.sparse_binary_vector(50000))
    sv = paddle.layer.data(name="sv", type=paddle.data_type.sparse_vector(300))
    y = paddle.layer.data(name="y", type=paddle.data_type.dense_vector(3))
    out = paddle.layer.fc(input=[sb, sv], size=3, act=paddle.activation.Linear(), name="out")
    cost = paddle.layer.square_error_cost(input=out, label=y)
    params = paddle.parameters.create(cost)
    batch = [([7, 49999, 123], [(0, 0.5), (299, -2.0)], [1.0, 0.0, 2.0]),
             ([], [(5, 1.5)], [0.0, 1.0, 0.0]),
             ([7], [], [1.0, 1.0, 1.0])]

    def no_densify(self):
        raise AssertionError("a sparse input was densified")
    monkeypatch.setattr(SparseInput, "numpy", no_densify)
    grads = {}
    paddle.trainer.SGD(cost, params, paddle.optimizer.Momentum(learning_rate=0.0)).train(
        lambda: iter([batch]), 1,
        lambda e: isinstance(e, paddle.event.EndForwardBackward) and grads.update(
            {k: params.get_grad(k) for k in params.keys()}, out=e.gm.getLayerOutputs("out")["out"]["value"]))
    monkeypatch.undo()
    w0, w1, b = params.get("_out.w0"), params.get("_out.w1"), params.get("_out.wbias")
    d0 = np.zeros((3, 50000), "float32")
    d1 = np.zeros((3, 300), "float32")
    for i, (ids, pairs, _) in enumerate(batch):
        d0[i, ids] = 1.0
        for k, v in pairs:
            d1[i, k] = v
    want = d0 @ w0 + d1 @ w1 + b
    np.testing.assert_allclose(grads["out"], want, rtol=1e-5, atol=1e-6)
    g_out = 2 * (want - np.array([s[2] for s in batch], "float32"))
    np.testing.assert_allclose(grads["_out.w0"], d0.T @ g_out, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(grads["_out.w1"], d1.T @ g_out, rtol=1e-5, atol=1e-6)

"""paddle.attr.Param(sparse_update=True) (PADDLE_REFERENCE F row 78): a batch updates only the rows it
touches, optimizer state exists only for touched rows, and the rule is the dense one on those rows
(checked against a dense update and against real Paddle's lazy_mode Adam on a sparse embedding)."""
import json
import subprocess
import sys

import numpy as np
import pytest

import purepaddle
import purepaddle.v2 as paddle

VOCAB, DIM = 1000, 4


def _net(sparse):
    ids = paddle.layer.data(name="ids", type=paddle.data_type.integer_value(VOCAB))
    y = paddle.layer.data(name="y", type=paddle.data_type.dense_vector(1))
    emb = paddle.layer.embedding(input=ids, size=DIM, name="emb",
                                 param_attr=paddle.attr.Param(name="table", sparse_update=sparse))
    pred = paddle.layer.fc(input=emb, size=1, act=paddle.activation.Linear(), name="pred")
    cost = paddle.layer.square_error_cost(input=pred, label=y)
    params = paddle.parameters.create(cost)
    rng = np.random.RandomState(0)
    params.set("table", rng.uniform(-1, 1, (VOCAB, DIM)).astype("float32"))
    params.set("_pred.w0", rng.uniform(-1, 1, (DIM, 1)).astype("float32"))
    return cost, params


def _train(sparse, optimizer, batches, trainer_count=1):
    paddle.init(use_gpu=False, trainer_count=trainer_count)
    try:
        cost, params = _net(sparse)
        trainer = paddle.trainer.SGD(cost, params, optimizer)
        trainer.train(lambda: iter(batches), num_passes=2)
    finally:
        paddle.init(use_gpu=False, trainer_count=1)
    return params, trainer


def _batches(rows_per_batch, n_batches, seed=0, same_rows=False):
    rng = np.random.RandomState(seed)
    rows = rng.choice(VOCAB, rows_per_batch, replace=False)
    out = []
    for _ in range(n_batches):
        ids = rows if same_rows else rng.choice(VOCAB, rows_per_batch, replace=False)
        out.append([(int(i), [float(rng.uniform(-1, 1))]) for i in ids])
    return out


def test_sgd_sparse_equals_dense():
    batches = _batches(8, 5)
    dense, _ = _train(False, paddle.optimizer.Momentum(learning_rate=0.1), batches)
    sparse, trainer = _train(True, paddle.optimizer.Momentum(learning_rate=0.1), batches)
    np.testing.assert_allclose(sparse.get("table"), dense.get("table"), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(sparse.get("_pred.w0"), dense.get("_pred.w0"), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("make", [lambda: paddle.optimizer.Adam(learning_rate=0.05),
                                  lambda: paddle.optimizer.Momentum(momentum=0.9, learning_rate=0.05),
                                  lambda: paddle.optimizer.AdaGrad(learning_rate=0.05)],
                         ids=["adam", "momentum", "adagrad"])
def test_stateful_rules_match_dense_on_the_same_rows(make):
    """Each batch touches the same rows: the sparse update equals the dense one there, and the other rows
    (which the dense update leaves unchanged too, their gradient being 0 from the start) stay put."""
    batches = _batches(6, 4, same_rows=True)
    dense, _ = _train(False, make(), batches)
    sparse, trainer = _train(True, make(), batches)
    np.testing.assert_allclose(sparse.get("table"), dense.get("table"), rtol=1e-5, atol=1e-6)
    state = trainer._row_optimizer.states["table"]
    assert state.touched == 6
    dense_acc = sum(int(np.prod(t.shape)) * 4 for accs in trainer._optimizer._accumulators.values()
                    for t in accs.values() if tuple(t.shape) == (VOCAB, DIM))
    assert dense_acc == 0  # the dense optimizer holds nothing for the table
    assert state.nbytes < 6 * DIM * 4 * 3 + 64  # at most a few accumulators of 6 rows (+ beta powers)


def test_only_touched_rows_change_and_state_grows_with_them():
    batches = _batches(5, 3, seed=2)
    touched = sorted({s[0] for b in batches for s in b})
    _, before = _net(True)
    params, trainer = _train(True, paddle.optimizer.Adam(learning_rate=0.05), batches)
    changed = np.flatnonzero(np.any(params.get("table") != before.get("table"), axis=1))
    assert changed.tolist() == touched
    state = trainer._row_optimizer.states["table"]
    assert state.touched == len(touched) < VOCAB
    assert all(t.shape[0] < VOCAB for t in state.tables.values())
    # lazy: a row's moments move only in batches that touch it, unlike the dense Adam's
    dense, _ = _train(False, paddle.optimizer.Adam(learning_rate=0.05), batches)
    assert not np.allclose(dense.get("table")[touched], params.get("table")[touched])


def test_sparse_update_with_trainer_threads_equals_one_thread():
    batches = _batches(9, 4, seed=3)
    one, _ = _train(True, paddle.optimizer.Adam(learning_rate=0.05), batches, trainer_count=1)
    three, _ = _train(True, paddle.optimizer.Adam(learning_rate=0.05), batches, trainer_count=3)
    np.testing.assert_allclose(three.get("table"), one.get("table"), rtol=1e-5, atol=1e-6)


_REF = """
import json, sys
import numpy as np
import paddle
cfg = json.loads(sys.argv[1])
table, w = np.array(cfg["table"], "float32"), np.array(cfg["w"], "float32")
emb = paddle.nn.Embedding(table.shape[0], table.shape[1], sparse=True)
emb.weight.set_value(table)
lin = paddle.nn.Linear(table.shape[1], 1)
lin.weight.set_value(w)
lin.bias.set_value(np.zeros(1, "float32"))
opt = paddle.optimizer.Adagrad(learning_rate=0.05, parameters=emb.parameters() + lin.parameters())
for _ in range(2):
    for batch in cfg["batches"]:
        ids = paddle.to_tensor(np.array([s[0] for s in batch], "int64"))
        y = paddle.to_tensor(np.array([s[1] for s in batch], "float32"))
        loss = ((lin(emb(ids)) - y) ** 2).sum()
        loss.backward()
        opt.step()
        opt.clear_grad()
print(json.dumps({"table": emb.weight.numpy().tolist(), "w": lin.weight.numpy().tolist()}))
"""


def test_sparse_adagrad_matches_real_paddle_sparse_embedding(ref_python, tmp_path):
    """Real Paddle's Embedding(sparse=True) (a SelectedRows gradient) with Adagrad, which updates only the
    rows the gradient holds, is the 3.x form of a v2 sparse update. (Its lazy Adam is not: Paddle's
    SelectedRows Adam kernel advances the beta powers before using them, one step ahead of the dense rule;
    docs/conformance.md.)"""
    batches = _batches(5, 3, seed=4)
    _, start = _net(True)
    cfg = {"table": start.get("table").tolist(), "w": start.get("_pred.w0").tolist(), "batches": batches}
    script = tmp_path / "ref.py"
    script.write_text(_REF)
    ref = subprocess.run([str(ref_python), str(script), json.dumps(cfg)], capture_output=True, text=True,
                         check=True, timeout=600)
    want = json.loads(ref.stdout.splitlines()[-1])
    got, _ = _train(True, paddle.optimizer.AdaGrad(learning_rate=0.05), batches)
    np.testing.assert_allclose(got.get("table"), np.array(want["table"], "float32"), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got.get("_pred.w0"), np.array(want["w"], "float32"), rtol=1e-5, atol=1e-6)
    assert sys.modules.get("paddle") is None or sys.modules["paddle"] is purepaddle


def test_shared_sparse_table_read_by_several_layers():
    """The seed's word2vec config: one sparse_update table shared by the embeddings of four context words."""
    def build(sparse):
        purepaddle.seed(7)
        slots = [paddle.layer.data(name=f"w{i}", type=paddle.data_type.integer_value(50)) for i in range(5)]
        embs = [paddle.layer.embedding(input=s, size=3, param_attr=paddle.attr.Param(name="_proj",
                                                                                     sparse_update=sparse))
                for s in slots[:4]]
        hidden = paddle.layer.fc(input=paddle.layer.concat(input=embs), size=8, name="hidden")
        prob = paddle.layer.fc(input=hidden, size=50, act=paddle.activation.Softmax(), name="prob")
        cost = paddle.layer.classification_cost(input=prob, label=slots[4])
        return cost, paddle.parameters.create(cost)
    rng = np.random.RandomState(0)
    data = [tuple(int(v) for v in rng.randint(0, 50, 5)) for _ in range(24)]
    got = {}
    for sparse in (False, True):
        cost, params = build(sparse)
        paddle.trainer.SGD(cost, params, paddle.optimizer.Momentum(learning_rate=0.05)).train(
            paddle.batch(lambda: iter(data), 8), 2)
        got[sparse] = params.get("_proj")
    np.testing.assert_allclose(got[True], got[False], rtol=1e-5, atol=1e-6)

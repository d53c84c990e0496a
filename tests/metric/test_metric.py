"""paddle.metric: Accuracy / Precision / Recall / Auc / accuracy against Paddle 3.3.1's results."""
import numpy as np
import pytest

import purepaddle as paddle

SCORES = np.array([[0.1, 0.2, 0.3, 0.4], [0.1, 0.4, 0.3, 0.2], [0.1, 0.2, 0.4, 0.3], [0.1, 0.2, 0.3, 0.4]],
                  dtype="float32")
LABELS = np.array([[0], [1], [2], [3]], dtype="int64")


def test_accuracy_compute_update_accumulate():
    m = paddle.metric.Accuracy()
    correct = m.compute(paddle.to_tensor(SCORES), paddle.to_tensor(LABELS))
    assert correct.shape == [4, 1] and correct.dtype == paddle.float32
    assert correct.numpy().ravel().tolist() == [0, 1, 1, 1]
    batch = m.update(correct)
    assert isinstance(batch, np.float64) and batch == 0.75
    assert m.accumulate() == 0.75 and m.name() == ["acc"]
    m.update(correct.numpy()[:2])  # NumPy input too; counts accumulate
    assert m.accumulate() == pytest.approx(4 / 6)
    m.reset()
    assert m.accumulate() == 0.0


def test_accuracy_topk_names_and_values():
    m = paddle.metric.Accuracy(topk=(1, 2))
    correct = m.compute(paddle.to_tensor(SCORES), paddle.to_tensor(LABELS))
    assert correct.numpy().tolist() == [[0, 0], [1, 0], [1, 0], [1, 0]]
    assert m.update(correct) == [0.75, 0.75]
    assert m.name() == ["acc_top1", "acc_top2"]
    assert paddle.metric.Accuracy(topk=(1, 3), name="a").name() == ["a_top1", "a_top3"]


def test_accuracy_label_forms():
    m = paddle.metric.Accuracy()
    x = paddle.to_tensor(SCORES)
    flat = m.compute(x, paddle.to_tensor([3, 1, 2, 0]))
    onehot = m.compute(x, paddle.nn.functional.one_hot(paddle.to_tensor([3, 1, 2, 0]), 4))
    assert flat.numpy().ravel().tolist() == onehot.numpy().ravel().tolist() == [1, 1, 1, 0]


def test_metric_is_abstract():
    with pytest.raises(TypeError, match="abstract"):
        paddle.metric.Metric()


def test_precision_recall():
    p = paddle.metric.Precision()
    p.update(np.array([0.1, 0.5, 0.6, 0.7]), np.array([0, 1, 1, 1]))
    assert p.accumulate() == 1.0 and p.name() == "precision"
    p = paddle.metric.Precision()
    p.update(np.array([[0.1], [0.5], [0.6], [0.7]]), np.array([[0], [1], [0], [1]]))
    assert (p.tp, p.fp) == (2, 1) and p.accumulate() == pytest.approx(2 / 3)
    r = paddle.metric.Recall()
    r.update(np.array([[0.1], [0.5], [0.6], [0.7]]), np.array([[0], [1], [0], [1]]))
    assert (r.tp, r.fn) == (1, 1) and r.accumulate() == 0.5  # rint(0.5) == 0: a miss
    r.reset()
    assert r.accumulate() == 0.0
    with pytest.raises(ValueError, match="'preds' must be a numpy ndarray or Tensor"):
        p.update([0.1], np.array([1]))
    with pytest.raises(ValueError, match="'labels' must be a numpy ndarray or Tensor"):
        r.update(np.array([0.1]), [1])
    p2 = paddle.metric.Precision()
    p2.update(paddle.to_tensor([0.9, 0.2]), paddle.to_tensor([1, 0]))
    assert p2.accumulate() == 1.0


def test_auc_matches_paddle():
    preds = np.random.RandomState(0).rand(100, 2)
    preds[:, 0] = 1 - preds[:, 1]
    labels = (np.random.RandomState(1).rand(100) > 0.5).astype("int64")
    m = paddle.metric.Auc()
    m.update(preds, labels)
    assert m.accumulate() == pytest.approx(0.48819527811124447, abs=1e-15)  # Paddle 3.3.1's value
    m2 = paddle.metric.Auc()
    m2.update(preds[:50], labels[:50].reshape(-1, 1))
    m2.update(preds[50:], labels[50:].reshape(-1, 1))
    assert m2.accumulate() == m.accumulate()
    m.reset()
    assert m.accumulate() == 0.0 and m.name() == "auc"


def test_auc_perfect_and_reverse():
    preds = np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.3, 0.7]])
    m = paddle.metric.Auc(num_thresholds=100)
    m.update(preds, np.array([0, 1, 0, 1]))
    assert m.accumulate() == 1.0
    m = paddle.metric.Auc()
    m.update(preds, np.array([1, 0, 1, 0]))
    assert m.accumulate() == 0.0


def test_functional_accuracy():
    x, y = paddle.to_tensor(SCORES), paddle.to_tensor(LABELS)
    acc = paddle.metric.accuracy(x, y)
    assert acc.shape == [] and acc.dtype == paddle.float32 and float(acc) == 0.75
    correct, total = paddle.zeros([1], "int32"), paddle.zeros([1], "int32")
    acc2 = paddle.metric.accuracy(x, y, k=2, correct=correct, total=total)
    assert float(acc2) == 0.75 and int(correct) == 3 and int(total) == 4
    assert float(paddle.metric.accuracy(x, y.astype("int32"))) == 0.75
    with pytest.raises(ValueError, match="label's dimensions of AccuracyOp must be 2"):
        paddle.metric.accuracy(x, paddle.to_tensor([0, 1, 2, 3]))


def test_functional_accuracy_static(static_mode):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 4], "float32")
        y = paddle.static.data("y", [None, 1], "int64")
        acc = paddle.metric.accuracy(x, y, k=1)
    assert "accuracy" in [op.type for op in main.global_block().ops]
    exe = paddle.static.Executor(paddle.CPUPlace())
    (out,) = exe.run(main, feed={"x": SCORES, "y": LABELS}, fetch_list=[acc])
    assert float(np.asarray(out)) == 0.75

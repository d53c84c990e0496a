"""paddle.Model, paddle.callbacks and the progress bar, against Paddle 3.3.1's behaviour and log text."""
import io as _io
import os
import re

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.hapi import Model, progressbar
from purepaddle.static import InputSpec

X = np.random.RandomState(0).rand(50, 4).astype("float32")
Y = (X[:, :1] * 3).astype("int64").clip(0, 2)  # learnable 3-class labels [N, 1]


class DS(paddle.io.Dataset):
    def __init__(self, n=50):
        self.x, self.y = X[:n], Y[:n]

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.x)


def make_model(lr=0.05, metrics=True, inputs=True, optimizer="adam", loss=True):
    paddle.seed(1)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 3))
    if inputs:
        model = Model(net, InputSpec([None, 4], "float32", "x"), InputSpec([None, 1], "int64", "label"))
    else:
        model = Model(net)
    if optimizer == "adam":
        opt = paddle.optimizer.Adam(lr, parameters=net.parameters())
    elif optimizer is None:
        opt = None
    else:
        opt = optimizer(net.parameters())
    model.prepare(opt, paddle.nn.CrossEntropyLoss() if loss else None,
                  paddle.metric.Accuracy(topk=(1, 2)) if metrics else None)
    return model


# -- progress bar text -------------------------------------------------------------------------
@pytest.fixture
def clock(monkeypatch):
    """Freeze progressbar's clock: each update sees `now` seconds since the bar started."""
    state = {"now": 0.0}
    monkeypatch.setattr(progressbar.time, "time", lambda: state["now"])
    return state


def test_progressbar_verbose2_lines(clock):
    out = _io.StringIO()
    bar = progressbar.ProgressBar(num=94, verbose=2, file=out)
    clock["now"] = 0.05
    bar.update(10, [("loss", [0.12345]), ("acc", 0.9)])
    clock["now"] = 2.0
    bar.update(94, [("loss", [0.0001234]), ("acc_top1", np.float64(0.5)), ("acc_top2", 1.0)])
    assert out.getvalue().splitlines() == [
        "step 10/94 - loss: 0.1235 - acc: 0.9000 - 5ms/step",
        "step 94/94 - loss: 1.2340e-04 - acc_top1: 0.5000 - acc_top2: 1.0000 - 21ms/step",
    ]


def test_progressbar_verbose1_bar(clock):
    out = _io.StringIO()  # not a terminal: one bar per update, each on its own line
    bar = progressbar.ProgressBar(num=7, verbose=1, file=out)
    clock["now"] = 0.024
    bar.update(2, [("loss", [0.9984])])
    clock["now"] = 0.070
    bar.update(7, [("loss", [1.0475])])
    assert out.getvalue().splitlines() == [
        "step 2/7 [=======>......................] - loss: 0.9984 - ETA: 0s - 12ms/step",
        "step 7/7 [==============================] - loss: 1.0475 - 10ms/step",
    ]


def test_progressbar_eta_and_units(clock):
    out = _io.StringIO()
    bar = progressbar.ProgressBar(num=10000, verbose=1, file=out)
    clock["now"] = 5.0
    bar.update(10)
    clock["now"] = 5000.0
    bar.update(1000)
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("- ETA: 1:23:15 - 500ms/step")
    assert lines[1].endswith("- ETA: 12:30:00 - 5s/step")
    out2 = _io.StringIO()
    clock["now"] = 0.0
    b2 = progressbar.ProgressBar(num=None, verbose=2, file=out2)
    clock["now"] = 0.0005
    b2.update(1000)  # 0.5 us/step
    assert out2.getvalue() == "step 1000 - 0us/step\n"
    with pytest.raises(TypeError, match="num should be None or integer"):
        progressbar.ProgressBar(num=0)


def test_progressbar_live_redraw(monkeypatch, clock):
    out = _io.StringIO()
    out.isatty = lambda: True
    bar = progressbar.ProgressBar(num=4, verbose=1, file=out)
    clock["now"] = 0.01
    bar.update(2)
    bar.update(4)
    text = out.getvalue()
    assert text.startswith("\rstep 2/4 [") and "\b" * 10 + "\rstep 4/4 [" in text and text.endswith("\n")


# -- fit / evaluate / predict ------------------------------------------------------------------
def test_fit_logs_like_paddle(capsys):
    model = make_model()
    model.fit(DS(50), DS(20), batch_size=8, epochs=2, verbose=2, log_freq=2)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("The loss value printed in the log is the current step, and the metric is the average "
                        "value of previous steps.")
    assert lines[1] == "Epoch 1/2"
    step = r" - loss: \d\.\d{4} - acc_top1: \d\.\d{4} - acc_top2: \d\.\d{4} - \d+(us|ms|s)/step"
    assert [ln.split(" - ")[0] for ln in lines[2:6]] == ["step 2/7", "step 4/7", "step 6/7", "step 7/7"]
    assert all(re.fullmatch(r"step \d/7" + step, ln) for ln in lines[2:6])
    assert lines[6] == "Eval begin..."
    assert re.fullmatch(r"step 2/3" + step, lines[7]) and re.fullmatch(r"step 3/3" + step, lines[8])
    assert lines[9] == "Eval samples: 20"
    assert lines[10] == "Epoch 2/2" and len(lines) == 19


def test_fit_learns_and_evaluate_returns_dict():
    model = make_model()
    before = model.evaluate(DS(50), batch_size=50, verbose=0)
    model.fit(DS(50), batch_size=10, epochs=30, verbose=0)
    res = model.evaluate(DS(50), batch_size=16, verbose=0)
    assert list(res) == ["loss", "acc_top1", "acc_top2"]
    assert isinstance(res["loss"], list) and len(res["loss"]) == 1 and isinstance(res["loss"][0], float)
    assert res["loss"][0] < before["loss"][0] and res["acc_top1"] > 0.8


def test_evaluate_metrics_only_and_log_text(capsys):
    model = make_model(loss=False, optimizer=None)
    res = model.evaluate(DS(20), batch_size=8, verbose=2)
    assert list(res) == ["acc_top1", "acc_top2"]
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Eval begin..." and out[-1] == "Eval samples: 20"
    assert re.fullmatch(r"step 3/3 - acc_top1: \d\.\d{4} - acc_top2: \d\.\d{4} - \d+(us|ms)/step", out[1])


def test_predict_structure(capsys):
    model = make_model()
    out = model.predict(DS(10), batch_size=4)
    assert isinstance(out, list) and len(out) == 1 and isinstance(out[0], tuple) and len(out[0]) == 3
    assert [a.shape for a in out[0]] == [(4, 3), (4, 3), (2, 3)]
    text = capsys.readouterr().out.splitlines()
    assert text[0] == "Predict begin..." and text[-1] == "Predict samples: 10"
    stacked = model.predict(DS(10), batch_size=4, stack_outputs=True, verbose=0)
    assert len(stacked) == 1 and stacked[0].shape == (10, 3)
    np.testing.assert_allclose(stacked[0], np.vstack(out[0]))


def test_fit_accepts_dataloader_and_batch_size_pair():
    model = make_model()
    loader = paddle.io.DataLoader(DS(20), batch_size=5)
    model.fit(loader, loader, epochs=1, verbose=0)
    model.fit(DS(20), DS(20), batch_size=[5, 10], epochs=1, verbose=0)
    with pytest.raises(AssertionError, match="train_data must be given"):
        model.fit()


def test_batch_methods():
    model = make_model()
    x, y = np.ones((2, 4), "float32"), np.zeros((2, 1), "int64")
    losses, metrics = model.train_batch([x], [y])
    assert len(losses) == 1 and losses[0].shape == () and losses[0].dtype == np.float32
    assert len(metrics) == 1 and len(metrics[0]) == 2
    loss2, _ = model.eval_batch([paddle.to_tensor(x)], [paddle.to_tensor(y)])
    assert loss2[0].shape == ()
    (pred,) = model.predict_batch([x])
    assert isinstance(pred, np.ndarray) and pred.shape == (2, 3)
    no_metric = make_model(metrics=False)
    out = no_metric.train_batch([x], [y])
    assert isinstance(out, list) and len(out) == 1


def test_train_batch_update_false_accumulates():
    model = make_model(optimizer=lambda ps: paddle.optimizer.SGD(0.1, parameters=ps))
    w = model.network[0].weight
    before = w.numpy()
    model.train_batch([X[:4]], [Y[:4]], update=False)
    assert np.array_equal(w.numpy(), before) and w.grad is not None
    g1 = w.grad.numpy().copy()
    model.train_batch([X[:4]], [Y[:4]], update=False)
    np.testing.assert_allclose(w.grad.numpy(), 2 * g1, rtol=1e-5)


def test_accumulate_grad_batches_and_num_iters():
    steps = []

    class Count(paddle.callbacks.Callback):
        def on_train_batch_end(self, step, logs=None):
            steps.append(step)

    model = make_model()
    model.fit(DS(40), batch_size=10, epochs=3, verbose=0, num_iters=5, callbacks=Count())
    assert steps == [0, 1, 2, 3, 0]  # 4 steps an epoch; stops after 5 in all
    model.fit(DS(40), batch_size=10, epochs=1, verbose=0, accumulate_grad_batches=2)


def test_inputs_inferred_from_forward():
    model = make_model(inputs=False)
    assert [s.name for s in model._inputs] == ["input"] and list(model._inputs[0].shape) == [-1]
    model.train_batch([X[:3]], [Y[:3]])
    assert list(model._inputs[0].shape) == [3, 4] and model._is_shape_inferred


def test_prepare_checks():
    net = paddle.nn.Linear(4, 3)
    model = Model(net)
    with pytest.raises(TypeError, match="'loss' must be sub classes of `paddle.nn.Layer` or any callable"):
        model.prepare(loss=3)
    with pytest.raises(AssertionError, match="int is not sub class of Metric"):
        model.prepare(metrics=[1])
    with pytest.raises(ValueError, match="The level of amp_configs should be 'O0', 'O1' or 'O2'"):
        model.prepare(amp_configs="O3")
    with pytest.raises(ValueError, match="'use_pure_fp16' is an invalid parameter"):
        model.prepare(amp_configs={"level": "O1", "use_pure_fp16": True})
    with pytest.warns(UserWarning, match="mixed precision is not applied"):
        model.prepare(amp_configs="O1")
    model.prepare()
    with pytest.raises(AssertionError, match="model not ready, please call `model.prepare\\(\\)` first"):
        model.train_batch([X[:2]], [Y[:2]])
    with pytest.raises(ValueError, match=r"Requires Input\[0\].name != None"):
        Model(net, InputSpec([None, 4], "float32"))


def test_callback_event_order():
    events = []

    class Rec(paddle.callbacks.Callback):
        def __getattribute__(self, name):
            if name.startswith("on_"):
                return lambda *a: events.append((name,) + tuple(x for x in a if isinstance(x, int)))
            return object.__getattribute__(self, name)

    model = make_model()
    model.fit(DS(4), DS(2), batch_size=2, epochs=1, verbose=0, callbacks=[Rec()])
    assert events == [("on_train_begin",), ("on_epoch_begin", 0), ("on_train_batch_begin", 0),
                      ("on_train_batch_end", 0), ("on_train_batch_begin", 1), ("on_train_batch_end", 1),
                      ("on_epoch_end", 0), ("on_eval_begin",), ("on_eval_batch_begin", 0),
                      ("on_eval_batch_end", 0), ("on_eval_end",), ("on_train_end",)]


def test_callbacks_namespace():
    from purepaddle.hapi import callbacks as hc
    for name in ("Callback", "ProgBarLogger", "ModelCheckpoint", "LRScheduler", "EarlyStopping",
                 "ReduceLROnPlateau", "VisualDL", "WandbCallback"):
        assert getattr(paddle.callbacks, name) is getattr(hc, name)
    with pytest.raises(ValueError, match="by_step option is mutually exclusive with by_epoch"):
        paddle.callbacks.LRScheduler(by_step=True, by_epoch=True)
    with pytest.raises(ValueError, match="does not support a factor >= 1.0"):
        paddle.callbacks.ReduceLROnPlateau(factor=1.0)


# -- checkpoints, early stopping, learning rate ------------------------------------------------
def test_model_checkpoint_files(tmp_path, capsys):
    model = make_model()
    model.fit(DS(20), batch_size=10, epochs=2, verbose=0, save_dir=str(tmp_path), save_freq=1)
    names = sorted(os.listdir(tmp_path))
    assert names == ["0.pdopt", "0.pdparams", "1.pdopt", "1.pdparams", "final.pdopt", "final.pdparams"]
    assert f"save checkpoint at {tmp_path / 'final'}" in capsys.readouterr().out


def test_save_load_round_trip(tmp_path):
    model = make_model()
    model.fit(DS(50), batch_size=10, epochs=2, verbose=0)
    path = str(tmp_path / "ckpt" / "m")
    model.save(path)
    assert os.path.exists(path + ".pdparams") and os.path.exists(path + ".pdopt")
    fresh = make_model(lr=0.3)
    fresh.load(path + ".pdparams")
    np.testing.assert_array_equal(fresh.predict_batch([X])[0], model.predict_batch([X])[0])
    saved, loaded = model._optimizer.state_dict(), fresh._optimizer.state_dict()
    for k, v in saved.items():
        if k != "LR_Scheduler":
            np.testing.assert_array_equal(np.asarray(loaded[k]), np.asarray(v))
    with pytest.raises(AssertionError, match="Failed to load parameters, please check path"):
        fresh.load(str(tmp_path / "nothing"))


def test_load_mismatch(tmp_path):
    paddle.seed(0)
    other = Model(paddle.nn.Sequential(paddle.nn.Linear(4, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 5)))
    other.save(str(tmp_path / "o"))
    model = make_model()
    with pytest.raises(ValueError, match=r"2.weight receives a shape \[16, 5\], but the expected shape is \[16, 3\]"):
        model.load(str(tmp_path / "o"))
    before = model.network[2].weight.numpy()
    with pytest.warns(UserWarning) as rec:
        model.load(str(tmp_path / "o"), skip_mismatch=True)
    assert [str(w.message).split(".")[0:2] for w in rec] == [["Skip loading for 2", "weight"],
                                                            ["Skip loading for 2", "bias"]]
    np.testing.assert_array_equal(model.network[2].weight.numpy(), before)
    np.testing.assert_array_equal(model.network[0].weight.numpy(), other.network[0].weight.numpy())


def test_early_stopping_saves_best(tmp_path, capsys):
    stop = paddle.callbacks.EarlyStopping("acc_top1", mode="max", patience=0, baseline=2.0, verbose=1)
    model = make_model()
    model.fit(DS(20), DS(10), batch_size=10, epochs=5, verbose=0, save_dir=str(tmp_path), callbacks=[stop])
    out = capsys.readouterr().out
    assert "Epoch 1: Early stopping." in out and model.stop_training
    assert not os.path.exists(tmp_path / "best_model.pdparams")  # never beat the baseline
    assert sorted(os.listdir(tmp_path)) == ["0.pdopt", "0.pdparams", "final.pdopt", "final.pdparams"]
    best = paddle.callbacks.EarlyStopping("loss", patience=3, verbose=0)
    model2 = make_model()
    model2.fit(DS(20), DS(10), batch_size=10, epochs=2, verbose=0, save_dir=str(tmp_path / "b"), callbacks=[best])
    assert os.path.exists(tmp_path / "b" / "best_model.pdparams") and best.best_value < np.inf
    with pytest.warns(UserWarning, match="EarlyStopping needs validation data"):
        make_model().fit(DS(10), batch_size=10, verbose=0, callbacks=[paddle.callbacks.EarlyStopping()])


def test_lr_scheduler_callback_steps():
    net = paddle.nn.Linear(4, 3)
    sched = paddle.optimizer.lr.StepDecay(learning_rate=0.1, step_size=1000)
    model = Model(net)
    model.prepare(paddle.optimizer.SGD(sched, parameters=net.parameters()), paddle.nn.CrossEntropyLoss())
    model.fit(DS(40), batch_size=10, epochs=2, verbose=0)
    assert sched.last_epoch == 8  # stepped after every batch by default
    model.fit(DS(40), batch_size=10, epochs=2, verbose=0,
              callbacks=[paddle.callbacks.LRScheduler(by_step=False, by_epoch=True)])
    assert sched.last_epoch == 10


def test_reduce_lr_on_plateau(capsys):
    model = make_model(lr=1e-9)
    cb = paddle.callbacks.ReduceLROnPlateau(monitor="loss", mode="max", factor=0.5, patience=1, min_delta=10.0)
    model.fit(DS(20), DS(10), batch_size=10, epochs=3, verbose=0, callbacks=[cb])
    assert model._optimizer.get_lr() == pytest.approx(1e-9 * 0.25)
    assert "ReduceLROnPlateau reducing learning rate to" in capsys.readouterr().out


def test_progbar_logger_verbose3(capsys):
    model = make_model()
    model.fit(DS(20), batch_size=10, epochs=1, verbose=3, log_freq=1)
    line = capsys.readouterr().out.splitlines()[2]
    assert re.fullmatch(r"step 1/2 - loss: .* - avg_reader_cost: \d+\.\d{5} sec - avg_batch_cost: \d+\.\d{5} sec"
                        r" - ips: \d+\.\d{5} samples/sec - \d+(us|ms|s)/step", line)


# -- static graph mode -------------------------------------------------------------------------
def test_static_mode_model(tmp_path, static_mode):
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()), \
            paddle.static.scope_guard(paddle.static.Scope()):
        with pytest.raises(TypeError, match="'inputs' must be list or tuple or dict, and couldn't be None"):
            Model(paddle.nn.Linear(4, 3))
        model = make_model()
        progs = model._adapter._progs
        assert sorted(progs) == ["eval", "test", "train"]
        train_ops = [op.type for op in progs["train"].global_block().ops]
        test_ops = [op.type for op in progs["test"].global_block().ops]
        assert "adam" in train_ops and "adam" not in test_ops and "softmax_with_cross_entropy" not in test_ops
        before = model.evaluate(DS(50), batch_size=50, verbose=0)
        model.fit(DS(50), DS(50), batch_size=10, epochs=20, verbose=0)
        after = model.evaluate(DS(50), batch_size=16, verbose=0)
        assert list(after) == ["loss", "acc_top1", "acc_top2"]
        assert after["loss"][0] < before["loss"][0] and after["acc_top1"] > 0.8
        (pred,) = model.predict(DS(50), batch_size=16, stack_outputs=True, verbose=0)
        assert pred.shape == (50, 3)
        with pytest.raises(AssertionError, match="Does not support `update == False` in static graph mode"):
            model.train_batch([X[:4]], [Y[:4]], update=False)
        path = str(tmp_path / "s")
        model.save(path)
        opt_state = paddle.load(path + ".pdopt")
        assert any(k.endswith("_moment1_0") for k in opt_state)
        model.load(path)
        (pred2,) = model.predict(DS(50), batch_size=50, stack_outputs=True, verbose=0)
        np.testing.assert_allclose(pred2, pred, rtol=1e-6)


def test_summary_delegates_to_paddle_summary(capsys):
    model = make_model()
    assert model.summary() == {"total_params": 4 * 16 + 16 + 16 * 3 + 3, "trainable_params": 4 * 16 + 16 + 16 * 3 + 3}
    assert "Total params: 131" in capsys.readouterr().out
    with pytest.raises(AssertionError, match="'input_size' or 'self._input' must be set"):
        m = Model(paddle.nn.Linear(2, 2))
        m._inputs = None
        m.summary()


def test_save_for_inference(tmp_path):
    model = Model(paddle.nn.Linear(4, 3))
    with pytest.raises(RuntimeError, match="Saving inference model needs 'inputs' or running before saving"):
        model.save(str(tmp_path / "inf"), training=False)
    model = make_model()
    try:
        import purepaddle.jit  # noqa: F401
        has_jit = hasattr(purepaddle.jit, "save")
    except ImportError:
        has_jit = False
    if has_jit:
        model.save(str(tmp_path / "inf"), training=False)
    else:
        with pytest.warns(UserWarning, match="only the parameters were saved"):
            model.save(str(tmp_path / "inf"), training=False)
        assert os.path.exists(tmp_path / "inf.pdparams")

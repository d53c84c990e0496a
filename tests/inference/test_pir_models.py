"""Paddle 3's own model files with OCR, BERT-style and control-flow programs: the `model.json` + `.pdiparams` of
tests/fixtures/pir/models (written by real Paddle 3.3.1, tests/fixtures/pir/make_pir_models.py) run through
`paddle.inference.create_predictor` and `paddle.jit.load` with real Paddle's outputs (within 1e-5), and a loaded
model fine-tunes one step as real Paddle's TranslatedLayer does."""
import numpy as np
import pytest

import purepaddle as paddle
from tests.checkout import FIXTURES


MODELS = FIXTURES / "pir" / "models"
NAMES = sorted(p.name for p in MODELS.iterdir() if (p / "model.json").exists())


def cases(name):
    """[(inputs {feed name: array}, [outputs])] of a fixture model, in case order."""
    io = np.load(MODELS / name / "io.npz")
    out = {}
    for key in io.files:
        k, _, what = key.partition("/")
        ins, outs = out.setdefault(int(k), ({}, {}))
        if what.startswith("out") and what[3:].isdigit():
            outs[int(what[3:])] = io[key]
        else:
            ins[what] = io[key]
    return [(ins, [outs[i] for i in sorted(outs)]) for _, (ins, outs) in sorted(out.items())]


def test_every_fixture_model_is_listed():
    assert set(NAMES) == {"db_det", "crnn_rec", "svtr_rec", "bert_enc", "cf_cond", "cf_while", "cf_pyif",
                          "cf_pywhile", "cf_nested"}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("ir_optim", [True, False])
def test_predictor_matches_real_paddle(name, ir_optim):
    d = MODELS / name
    config = paddle.inference.Config(str(d / "model.json"), str(d / "model.pdiparams"))
    config.switch_ir_optim(ir_optim)
    predictor = paddle.inference.create_predictor(config)
    for ins, outs in cases(name):
        assert sorted(predictor.get_input_names()) == sorted(ins)
        for feed, a in ins.items():
            predictor.get_input_handle(feed).copy_from_cpu(a)
        predictor.run()
        got = [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]
        assert len(got) == len(outs)
        for g, ref in zip(got, outs):
            assert g.shape == ref.shape and g.dtype == ref.dtype
            np.testing.assert_allclose(g, ref, rtol=1e-5, atol=1e-5)
@pytest.mark.parametrize("name", NAMES)
def test_jit_load_predicts_like_real_paddle(name):
    layer = paddle.jit.load(str(MODELS / name / "model"))
    layer.eval()
    for ins, outs in cases(name):
        got = layer(*[paddle.to_tensor(a) for a in ins.values()])
        got = [got] if isinstance(got, paddle.Tensor) else list(got)
        for g, ref in zip(got, outs):
            np.testing.assert_allclose(g.numpy(), ref, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", [n for n in NAMES if (MODELS / n / "tune.npz").exists()])
def test_jit_load_fine_tunes_one_step_like_real_paddle(name):
    """One SGD step on mean(out ** 2) in train mode: real Paddle's loss and output after the step (a loaded PIR
    program runs as saved, so db_det's batch_norm keeps its running statistics in train mode, as in Paddle)."""
    ref = np.load(MODELS / name / "tune.npz")
    ins, _ = cases(name)[0]
    x = paddle.to_tensor(ins["x"])
    layer = paddle.jit.load(str(MODELS / name / "model"))
    layer.train()
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
    loss = (layer(x) ** 2).mean()
    loss.backward()
    opt.step()
    opt.clear_grad()
    np.testing.assert_allclose(loss.numpy(), ref["loss"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(layer(x).numpy(), ref["after"], rtol=1e-5, atol=1e-5)

"""paddle.text and paddle.dataset's text readers against real Paddle 3.3.1's answers (tests/fixtures/text/text.pkl,
written by make_text_fixtures.py there from the fake archives of fake_archives.py)."""
import importlib.util
import os
import pickle

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.dataset import common
from tests.checkout import FIXTURES

HERE = FIXTURES / "text"


def _load():
    with open(HERE / "text.pkl", "rb") as f:
        return pickle.load(f)


WANT = _load()


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("fake_archives", HERE / "fake_archives.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.write(str(tmp_path_factory.mktemp("archives")))


def _same(got, want):
    if isinstance(want, (list, tuple)):
        assert type(got) is type(want) and len(got) == len(want), (got, want)
        for g, w in zip(got, want):
            _same(g, w)
    elif isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray) and got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got, want)
    else:
        assert got == want and type(got) is type(want), (got, want)


@pytest.mark.parametrize("case", WANT["viterbi"], ids=lambda c: f"{c['pot'].shape}-{c['tag']}-{c['pot'].dtype}")
def test_viterbi_decode_as_paddle(case):
    s, p = paddle.text.viterbi_decode(paddle.to_tensor(case["pot"]), paddle.to_tensor(case["trans"]),
                                      paddle.to_tensor(case["lengths"]), case["tag"])
    _same(s.numpy(), case["scores"])
    _same(p.numpy(), case["path"])
    assert s.stop_gradient and p.stop_gradient


def test_viterbi_decoder_layer_and_static_program():
    case = WANT["viterbi"][3]
    decoder = paddle.text.ViterbiDecoder(paddle.to_tensor(case["trans"]), include_bos_eos_tag=case["tag"])
    s, p = decoder(paddle.to_tensor(case["pot"]), paddle.to_tensor(case["lengths"]))
    _same(p.numpy(), case["path"])
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", case["pot"].shape, str(case["pot"].dtype))
            t = paddle.static.data("t", case["trans"].shape, str(case["trans"].dtype))
            n = paddle.static.data("n", case["lengths"].shape, "int64")
            out = paddle.text.viterbi_decode(x, t, n, case["tag"])
        assert [op.type for op in main.global_block().ops] == ["viterbi_decode"]
        got = paddle.static.Executor().run(main, feed={"x": case["pot"], "t": case["trans"], "n": case["lengths"]},
                                           fetch_list=list(out))
    finally:
        paddle.disable_static()
    _same(got[0], case["scores"])
    _same(got[1], case["path"])


def test_viterbi_decode_errors():
    pot = paddle.rand([2, 3, 4])
    trans = paddle.rand([4, 4])
    with pytest.raises(IndexError, match="out of bound"):
        paddle.text.viterbi_decode(pot, trans, paddle.to_tensor([4, 1], dtype="int64"))
    with pytest.raises(ValueError, match=r"\(int64\) does not match the type of data \(int32\)"):
        paddle.text.viterbi_decode(pot, trans, paddle.to_tensor([3, 1], dtype="int32"))
    with pytest.raises(ValueError, match=r"\(float32\) does not match the type of data \(float64\)"):
        paddle.text.viterbi_decode(pot, trans.astype("float64"), paddle.to_tensor([3, 1], dtype="int64"))
    with pytest.raises(TypeError, match="must be bool"):
        paddle.text.viterbi_decode(pot, trans, paddle.to_tensor([3, 1], dtype="int64"), 1)
    with pytest.raises(ValueError, match="length >= 1"):  # Paddle's kernel crashes here
        paddle.text.viterbi_decode(pot, trans, paddle.to_tensor([0, 0], dtype="int64"))


@pytest.mark.parametrize("mode", ["train", "test"])
def test_text_datasets_as_paddle(archives, mode):
    d = paddle.text.Imdb(data_file=archives["imdb"], mode=mode, cutoff=2)
    word_idx, items = WANT[f"imdb_{mode}"]
    assert d.word_idx == word_idx
    _same([d[i] for i in range(len(d))], items)
    for kind in ("NGRAM", "SEQ"):
        d = paddle.text.Imikolov(data_file=archives["imikolov"], data_type=kind, window_size=3, mode=mode,
                                 min_word_freq=3)
        word_idx, items = WANT[f"imikolov_{kind}_{mode}"]
        assert d.word_idx == word_idx
        _same([d[i] for i in range(len(d))], items)
    d = paddle.text.UCIHousing(data_file=archives["uci_housing"], mode=mode)
    _same([d[i] for i in range(len(d))], WANT[f"uci_{mode}"])


@pytest.fixture
def fake_cache(archives, tmp_path, monkeypatch):
    files = {"imdb": "imdb%2FaclImdb_v1.tar.gz", "imikolov": "imikolov%2Fsimple-examples.tgz",
             "uci_housing": "housing.data"}
    for module, name in files.items():
        os.makedirs(tmp_path / module)
        os.symlink(archives[module], tmp_path / module / name)
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    monkeypatch.setattr(paddle.dataset.uci_housing, "UCI_TRAIN_DATA", None)
    monkeypatch.setattr(paddle.dataset.uci_housing, "UCI_TEST_DATA", None)
    return tmp_path


def test_dataset_readers_as_paddle(fake_cache):
    word_idx = paddle.dataset.imikolov.build_dict(min_word_freq=3)
    assert word_idx == WANT["ds_imikolov_dict"]
    _same(list(paddle.dataset.imikolov.train(word_idx, 4)()), WANT["ds_imikolov_train"])
    _same(list(paddle.dataset.imikolov.test(word_idx, 5, paddle.dataset.imikolov.DataType.SEQ)()),
          WANT["ds_imikolov_test_seq"])
    imdb_idx = paddle.dataset.imdb.build_dict(paddle.dataset.imdb.re.compile(r"aclImdb/train/.*\.txt$"), 1)
    assert imdb_idx == WANT["ds_imdb_dict"]
    _same(list(paddle.dataset.imdb.test(imdb_idx)()), WANT["ds_imdb_test"])
    _same(list(paddle.dataset.uci_housing.train()()), WANT["ds_uci_train"])
    _same(list(paddle.dataset.uci_housing.test()()), WANT["ds_uci_test"])


def test_missing_files_name_the_url_and_the_cache_path(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    with pytest.raises(RuntimeError) as e:
        paddle.text.Imikolov(data_type="NGRAM", window_size=5)
    assert "https://dataset.bj.bcebos.com/imikolov%2Fsimple-examples.tgz" in str(e.value)
    assert str(tmp_path / "imikolov" / "imikolov%2Fsimple-examples.tgz") in str(e.value)
    with pytest.raises(RuntimeError, match="housing.data"):
        paddle.dataset.uci_housing.fetch()
    with pytest.raises(AssertionError, match="downloading automatically is disabled"):
        paddle.text.Imdb(download=False)
    with pytest.raises(ValueError, match="not exists and auto download disabled"):
        common.data_file_or_cached("/nonexistent", "u", None, "imdb", False)

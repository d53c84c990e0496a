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


# -- data sets whose ids follow Python's set order (categories, title words, SRL tags): Paddle numbers them in
# -- the iteration order of a set, which follows PYTHONHASHSEED; compared here through the names they stand for
def _names(d):
    return {v: k for k, v in d.items()}


def _movielens_named(items, categories, titles):
    cat, title = _names(categories), _names(titles)
    return [tuple(np.asarray(x).tolist() for x in it[:5]) + (sorted(cat[c] for c in np.asarray(it[5]).tolist()),
            [title[w] for w in np.asarray(it[6]).tolist()], np.asarray(it[7]).tolist()) for it in items]


def _conll_named(items, label_dict):
    lab = _names(label_dict)
    return [tuple(np.asarray(x).tolist() for x in it[:8]) + ([lab[i] for i in np.asarray(it[8]).tolist()],)
            for it in items]


@pytest.fixture
def dict_home(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("mode", ["train", "test"])
def test_movielens_and_wmt16_as_paddle(archives, dict_home, mode):
    d = paddle.text.Movielens(data_file=archives["movielens"], mode=mode, test_ratio=0.3, rand_seed=4)
    categories, titles, items = WANT[f"movielens_{mode}"]
    assert set(d.categories_dict) == set(categories) and set(d.movie_title_dict) == set(titles)
    assert [[np.asarray(x).dtype for x in it] for it in d] == [[x.dtype for x in it] for it in items]
    assert _movielens_named([d[i] for i in range(len(d))], d.categories_dict, d.movie_title_dict) == \
        _movielens_named(items, categories, titles)
    d = paddle.text.WMT16(data_file=archives["wmt16"], mode=mode, src_dict_size=8, trg_dict_size=10, lang="de")
    src_dict, trg_dict, items = WANT[f"wmt16_{mode}"]
    assert (d.src_dict, d.trg_dict) == (src_dict, trg_dict)
    _same([d[i] for i in range(len(d))], items)
    assert (dict_home / "wmt16" / "de_8.dict").exists()


@pytest.mark.parametrize("mode", ["train", "test", "gen"])
def test_wmt14_as_paddle(archives, mode):
    d = paddle.text.WMT14(data_file=archives["wmt14"], mode=mode, dict_size=10)
    dicts, reversed_dicts, items = WANT[f"wmt14_{mode}"]
    assert d.get_dict() == dicts and d.get_dict(reverse=True) == reversed_dicts
    _same([d[i] for i in range(len(d))], items)


def test_conll05st_as_paddle(archives):
    d = paddle.text.Conll05st(data_file=archives["conll05"], word_dict_file=archives["conll05_words"],
                              verb_dict_file=archives["conll05_verbs"], target_dict_file=archives["conll05_targets"],
                              emb_file=archives["conll05_emb"])
    (word_dict, verb_dict, label_dict), items = WANT["conll05"]
    assert d.get_dict()[:2] == (word_dict, verb_dict) and set(d.label_dict) == set(label_dict)
    assert _conll_named([d[i] for i in range(len(d))], d.label_dict) == _conll_named(items, label_dict)
    assert d.get_embedding() == archives["conll05_emb"]


CACHED = [("movielens", "movielens", "movielens%2Fml-1m.zip"), ("conll05st", "conll05", "conll05st-tests.tar.gz"),
          ("conll05st", "conll05_words", "conll05st%2FwordDict.txt"),
          ("conll05st", "conll05_verbs", "conll05st%2FverbDict.txt"),
          ("conll05st", "conll05_targets", "conll05st%2FtargetDict.txt"), ("conll05st", "conll05_emb", "conll05st%2Femb"),
          ("wmt14", "wmt14", "wmt14.tgz"), ("wmt16", "wmt16", "wmt16.tar.gz")]


def test_more_dataset_readers_as_paddle(archives, fake_cache, monkeypatch):
    for module, key, name in CACHED:
        os.makedirs(fake_cache / module, exist_ok=True)
        os.symlink(archives[key], fake_cache / module / name)
    ml = paddle.dataset.movielens
    for name in ("MOVIE_INFO", "MOVIE_TITLE_DICT", "CATEGORIES_DICT", "USER_INFO"):
        monkeypatch.setattr(ml, name, None)
    got = list(ml.test(rand_seed=2, test_ratio=0.4)())
    categories, titles, max_movie, max_user, max_job = WANT["ds_movielens_dicts"]
    assert (ml.max_movie_id(), ml.max_user_id(), ml.max_job_id()) == (max_movie, max_user, max_job)

    def named(samples, cats, words):
        cat, title = _names(cats), _names(words)
        return [s[:5] + [sorted(cat[c] for c in s[5]), [title[w] for w in s[6]], s[7]] for s in samples]
    assert named(got, ml.movie_categories(), ml.get_movie_title_dict()) == \
        named(WANT["ds_movielens_test"], categories, titles)
    word_dict, verb_dict, label_dict = paddle.dataset.conll05.get_dict()
    assert (word_dict, verb_dict) == WANT["ds_conll05_dicts"][:2]
    lab, want_lab = _names(label_dict), _names(WANT["ds_conll05_dicts"][2])
    got = [s[:8] + ([lab[i] for i in s[8]],) for s in paddle.dataset.conll05.test()()]
    assert got == [s[:8] + ([want_lab[i] for i in s[8]],) for s in WANT["ds_conll05_test"]]
    assert list(paddle.dataset.wmt14.train(9)()) == WANT["ds_wmt14_train"]
    assert paddle.dataset.wmt14.get_dict(9) == WANT["ds_wmt14_dict"]
    assert list(paddle.dataset.wmt16.validation(7, 9, "en")()) == WANT["ds_wmt16_val"]
    assert paddle.dataset.wmt16.get_dict("de", 9, reverse=True) == WANT["ds_wmt16_dict"]
    with pytest.raises(ValueError, match="An error language type"):
        paddle.dataset.wmt16.train(5, 5, "fr")


NAN, INF = float("nan"), float("inf")
Z2 = [[0, 0], [0, 0]]
# (potentials, transitions, lengths, include_bos_eos_tag) -> (scores, path) as real Paddle 3.3.1 gives them: its
# maximum skips NaN (a row with nothing above the lowest float gives that value and tag -1) and it mixes steps with
# 0/1 masks, so an inf of a masked-out step turns NaN
SPECIAL = [
    (([[[NAN, 1.0]]], Z2, [1], False), ([1.0], [[1]])),
    (([[[1.0, NAN]]], Z2, [1], False), ([1.0], [[0]])),
    (([[[INF, 1.0]]], Z2, [1], False), ([INF], [[0]])),
    (([[[0, 0], [0, 0]]], [[NAN, 0], [0, 0]], [2], False), ([0.0], [[1, 0]])),
    (([[[NAN, 0], [0, 0]]], Z2, [2], False), ([0.0], [[1, 1]])),
    (([[[1, 2], [INF, -INF]], [[0, 0], [0, 0]]], Z2, [1, 2], False),
     ([-3.4028234663852886e+38, 0.0], [[-1, 0], [0, 0]])),
    (([[[1, 2], [NAN, 0]], [[0, 0], [0, 0]]], Z2, [1, 2], False), ([2.0, 0.0], [[1, 0], [0, 0]])),
    (([[[1, 2, 0, 0], [0, 0, 0, 0]], [[0, 0, 0, 0], [0, 0, 0, 0]]],
      [[0, 0, 0, 0], [0, 0, 0, 0], [INF, INF, INF, INF], [0, 0, 0, 0]], [1, 2], True),
     ([-3.4028234663852886e+38, -3.4028234663852886e+38], [[-1, 0], [0, -1]])),
]


@pytest.mark.parametrize("args,want", SPECIAL)
def test_viterbi_decode_special_values_as_paddle(args, want):
    pot, trans, lengths, tag = args
    s, p = paddle.text.viterbi_decode(paddle.to_tensor(np.array(pot, "float32")),
                                      paddle.to_tensor(np.array(trans, "float32")),
                                      paddle.to_tensor(np.array(lengths, "int64")), tag)
    assert s.numpy().tolist() == want[0] and p.numpy().tolist() == want[1]

"""paddle.audio against real Paddle (tests/fixtures/audio/audio.npz): functional helpers, windows and feature
layers; the wave backend's round trip; backend selection; the datasets' offline error and cache layout."""
import os
import wave

import numpy as np
import pytest

import purepaddle as paddle
from tests.fixtures.audio.make_audio_fixtures import CASES

DATA = np.load(__file__.rsplit("/tests/", 1)[0] + "/tests/fixtures/audio/audio.npz")


@pytest.mark.parametrize("key,expr", CASES, ids=[c[0] for c in CASES])
def test_matches_real_paddle(key, expr):
    env = {"paddle": paddle, "x": paddle.to_tensor(DATA["x"]), "m": paddle.to_tensor(DATA["m"])}
    out = eval(expr, env)  # noqa: S307 - the fixture's own expressions
    got = out.numpy() if hasattr(out, "numpy") else np.asarray(out)
    want = DATA[f"out_{key}"]
    assert got.shape == want.shape
    if hasattr(out, "numpy"):
        assert got.dtype == want.dtype
    tol = 1e-5 if want.dtype == np.float32 else 1e-12
    if key.startswith(("logmel", "mfcc", "power_to_db")):
        tol = 2e-4  # dB of float32 powers: log10 near the floor amplifies an ulp
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


def test_window_errors():
    gw = paddle.audio.functional.get_window
    with pytest.raises(ValueError, match="The 'kaiser' window needs one or more parameters -- pass a tuple."):
        gw("kaiser", 4)
    with pytest.raises(ValueError, match="Unknown window type."):
        gw("nope", 4)
    with pytest.raises(ValueError, match="as window type is not supported."):
        gw(3, 4)
    with pytest.raises(ValueError, match="If sym==True, center must be None."):
        gw(("exponential", 2.0, 1.0), 4, fftbins=False)
    assert gw("hann", 1).shape == [1] and gw("hann", 0).shape == [0]
    with pytest.raises(ValueError, match="Window length M must be a non-negative integer"):
        gw("hann", 2.5)
    # Paddle's Tukey window with alpha >= 1 is its Hann window in float64, whatever the dtype asked
    assert gw(("tukey", 1.5), 8, dtype="float32").dtype == paddle.float64
    assert gw(("tukey", 0.0), 8, dtype="float32").dtype == paddle.float32
    np.testing.assert_allclose(gw(("tukey", 1.5), 8, fftbins=False).numpy(),
                               [0.0, 0.1882551, 0.61126047, 0.95048443, 0.95048443, 0.61126047, 0.1882551, 0.0],
                               atol=1e-7)


def test_power_to_db_errors():
    s = paddle.ones([3])
    for kw, msg in [(dict(amin=0), "amin must be strictly positive"), (dict(ref_value=0), "ref_value must be "),
                    (dict(top_db=-1.0), "top_db must be non-negative")]:
        with pytest.raises(Exception, match=msg):
            paddle.audio.functional.power_to_db(s, **kw)


def test_features_are_differentiable_and_buffers():
    x = paddle.randn([1, 800])
    x.stop_gradient = False
    layer = paddle.audio.features.MelSpectrogram(sr=8000, n_fft=128, n_mels=10)
    assert sorted(layer.state_dict()) == ["_spectrogram.fft_window", "fbank_matrix"]
    (g,) = paddle.grad([layer(x).sum()], [x])
    assert g.shape == [1, 800] and np.isfinite(g.numpy()).all()
    with pytest.raises(AssertionError, match="n_mfcc cannot be larger than n_mels: 30 vs 20"):
        paddle.audio.features.MFCC(n_mfcc=30, n_mels=20)
    with pytest.raises(AssertionError, match="Power of spectrogram must be > 0."):
        paddle.audio.features.Spectrogram(power=0)


def test_wave_round_trip(tmp_path):
    path = str(tmp_path / "a.wav")
    wav = (paddle.linspace(-1.0, 1.0, 100) * 0.5).reshape([2, 50])
    paddle.audio.save(path, wav, 8000)
    info = paddle.audio.info(path)
    assert (info.sample_rate, info.num_samples, info.num_channels, info.bits_per_sample, info.encoding) == \
        (8000, 50, 2, 16, "PCM_S")
    got, sr = paddle.audio.load(path)
    assert sr == 8000 and got.shape == [2, 50] and got.dtype == paddle.float32
    np.testing.assert_allclose(got.numpy(), np.trunc(wav.numpy() * 2 ** 15) / 2 ** 15, atol=1 / 2 ** 15)
    raw, _ = paddle.audio.load(path, frame_offset=10, num_frames=5, normalize=False, channels_first=False)
    assert raw.shape == [5, 2] and float(abs(raw).max()) > 1
    with open(path, "rb") as f:
        assert paddle.audio.load(f)[0].shape == [2, 50]
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not a wave file")
    with pytest.raises(NotImplementedError, match="only PCM16 WAV supported"):
        paddle.audio.info(str(bad))
    with pytest.raises(ValueError, match="Invalid bits_per_sample, only support 16 bit"):
        paddle.audio.save(path, wav, 8000, bits_per_sample=24)


def test_wave_written_is_readable_by_the_stdlib(tmp_path):
    path = str(tmp_path / "b.wav")
    paddle.audio.save(path, paddle.zeros([30, 1]), 4000, channels_first=False)
    with wave.open(path) as r:
        assert (r.getnchannels(), r.getframerate(), r.getnframes(), r.getsampwidth()) == (1, 4000, 30, 2)


def test_backends():
    b = paddle.audio.backends
    with pytest.warns(UserWarning, match="Failed importing paddleaudio"):
        assert b.list_available_backends() == ["wave_backend"]
    assert b.get_current_backend() == "wave_backend"
    b.set_backend("wave_backend")
    with pytest.raises(NotImplementedError), pytest.warns(UserWarning):
        b.set_backend("soundfile")


def _wav(path, n=400):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    paddle.audio.save(path, paddle.randn([1, n]) * 0.1, 8000)


def test_datasets_offline_error_and_cache_layout(tmp_path, monkeypatch):
    from purepaddle.audio.datasets import dataset, esc50, tess
    for mod in (dataset, esc50, tess):
        monkeypatch.setattr(mod, "DATA_HOME", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="ESC-50-master.zip") as e:
        paddle.audio.datasets.ESC50()
    assert str(tmp_path) in str(e.value)
    with pytest.raises(FileNotFoundError, match="TESS_Toronto_emotional_speech_set.zip"):
        paddle.audio.datasets.TESS()
    # ESC-50: meta/esc50.csv names the files, fold `split` is dev
    root = tmp_path / "ESC-50-master"
    rows = ["filename,fold,target,category,esc10,src_file,take"]
    for i in range(6):
        _wav(str(root / "audio" / f"{i}.wav"))
        rows.append(f"{i}.wav,{i % 3 + 1},{i},dog,False,x,A")
    (root / "meta").mkdir()
    (root / "meta" / "esc50.csv").write_text("\n".join(rows) + "\n")
    dev = paddle.audio.datasets.ESC50(mode="dev", split=2)
    assert len(dev) == 2 and [dev[k][1] for k in range(2)] == [1, 4]
    train = paddle.audio.datasets.ESC50(split=2, feat_type="mfcc", n_mfcc=8, n_fft=128, n_mels=16)
    assert len(train) == 4 and train[0][0].shape[0] == 8
    with pytest.raises(AssertionError, match="1 <= split <= 5"):
        paddle.audio.datasets.ESC50(split=6)
    # TESS: <speaker>_<word>_<emotion>.wav anywhere under the folder
    troot = tmp_path / "TESS_Toronto_emotional_speech_set"
    for i, emo in enumerate(["angry", "sad", "ps", "happy"]):
        _wav(str(troot / "OAF" / f"OAF_w{i}_{emo}.wav"))
    t = paddle.audio.datasets.TESS(mode="dev", n_folds=2, split=1, feat_type="spectrogram", n_fft=64)
    assert len(t) == 2 and t[0][0].shape[0] == 33
    with pytest.raises(RuntimeError, match="Unknown feat_type: bad"):
        paddle.audio.datasets.TESS(feat_type="bad")

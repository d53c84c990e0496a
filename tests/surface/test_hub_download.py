"""paddle.utils.download (Paddle's cache layout, md5, archives, the offline message) and paddle.hub (local
repositories, the cached github layout, the offline message). No test touches the network: $PUREPADDLE_OFFLINE
makes every missing file fail at once."""
import hashlib
import io
import os
import tarfile
import zipfile

import pytest

import purepaddle as paddle
from purepaddle.hapi import hub as hub_module
from purepaddle.utils import download

URL = "https://paddle-hapi.bj.bcebos.com/models/tiny.pdparams"


@pytest.fixture(autouse=True)
def offline(monkeypatch, tmp_path):
    monkeypatch.setenv("PUREPADDLE_OFFLINE", "1")
    monkeypatch.setattr(download, "WEIGHTS_HOME", str(tmp_path / "weights"))
    monkeypatch.setattr(hub_module, "HUB_DIR", str(tmp_path / "hub"))


def test_weights_path_when_cached_and_md5(tmp_path):
    weights = tmp_path / "weights"
    weights.mkdir()
    (weights / "tiny.pdparams").write_bytes(b"abc")
    assert download.get_weights_path_from_url(URL) == str(weights / "tiny.pdparams")
    assert download.get_weights_path_from_url(URL, hashlib.md5(b"abc").hexdigest()) == str(weights / "tiny.pdparams")
    with pytest.raises(FileNotFoundError, match="exists but its md5 is not 0123"):
        download.get_weights_path_from_url(URL, "0123")


def test_offline_message_names_url_and_exact_path(tmp_path):
    with pytest.raises(FileNotFoundError) as info:
        paddle.utils.download.get_weights_path_from_url(URL, md5sum="feed")
    text = str(info.value)
    assert f"Fetch {URL} (md5 feed)" in text and f"put it at {tmp_path / 'weights' / 'tiny.pdparams'}" in text
    assert "PUREPADDLE_OFFLINE is set" in text


def test_failed_download_reports_why(tmp_path, monkeypatch):
    monkeypatch.delenv("PUREPADDLE_OFFLINE")
    with pytest.raises(FileNotFoundError, match="the download failed"):
        download.cached_file("file:///no/such/file.bin", str(tmp_path / "x.bin"))  # urllib fails at once
    assert not (tmp_path / "x.bin_tmp").exists()
    source = tmp_path / "src.bin"
    source.write_bytes(b"payload")
    got = download.cached_file(source.as_uri(), str(tmp_path / "sub" / "copy.bin"),
                               md5sum=hashlib.md5(b"payload").hexdigest())
    assert open(got, "rb").read() == b"payload"
    with pytest.raises(FileNotFoundError, match="downloaded file's md5"):
        download.cached_file(source.as_uri(), str(tmp_path / "other.bin"), md5sum="0" * 32)


def _tar(path, members):
    with tarfile.open(path, "w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def test_archives_unpack_as_paddle_names_them(tmp_path):
    root = tmp_path / "data"
    root.mkdir()
    _tar(root / "one_dir.tar.gz", {"corpus/a.txt": b"a", "corpus/b.txt": b"b"})
    assert download.get_path_from_url("https://x.org/one_dir.tar.gz", str(root)) == str(root / "corpus")
    assert (root / "corpus" / "b.txt").read_bytes() == b"b"
    with zipfile.ZipFile(root / "loose.zip", "w") as zf:
        zf.writestr("a.txt", "a")
        zf.writestr("b.txt", "b")
    assert download.get_path_from_url("https://x.org/loose.zip", str(root)) == str(root / "loose")
    assert (root / "loose" / "a.txt").read_text() == "a"
    assert download.get_path_from_url("https://x.org/loose.zip", str(root), decompress=False) == str(root / "loose.zip")
    _tar(root / "evil.tar", {"../escape.txt": b"x"})
    with pytest.raises(tarfile.TarError):
        download.get_path_from_url("https://x.org/evil.tar", str(root))
    assert not (tmp_path / "escape.txt").exists()
    with pytest.raises(AssertionError, match="not a url"):
        download.get_path_from_url("/local/file", str(root))


HUBCONF = '''import purepaddle as paddle
from helper import WIDTH
dependencies = ["numpy"]


def tiny(out=2):
    """A Linear layer of WIDTH inputs."""
    return paddle.nn.Linear(WIDTH, out)


def _private():
    pass
'''


def _repo(where):
    where.mkdir(parents=True)
    (where / "hubconf.py").write_text(HUBCONF)
    (where / "helper.py").write_text("WIDTH = 3\n")
    return where


def test_hub_local(tmp_path):
    repo = str(_repo(tmp_path / "repo"))
    assert paddle.hub.list(repo, source="local") == ["tiny"]
    assert paddle.hub.help(repo, "tiny", source="local") == "A Linear layer of WIDTH inputs."
    net = paddle.hub.load(repo, "tiny", source="local", out=5)
    assert net.weight.shape == [3, 5]
    with pytest.raises(RuntimeError, match="Cannot find callable nothing in hubconf"):
        paddle.hub.load(repo, "nothing", source="local")
    with pytest.raises(ValueError, match='Unknown source: "svn"'):
        paddle.hub.list(repo, source="svn")
    with open(os.path.join(repo, "hubconf.py"), "a") as f:
        f.write("dependencies = ['numpy', 'no_such_dep_x']\n")
    with pytest.raises(RuntimeError, match="Missing dependencies: no_such_dep_x"):
        paddle.hub.load(repo, "tiny", source="local")


def test_hub_github_uses_cache_else_offline_error(tmp_path):
    _repo(tmp_path / "hub" / "someone_models_main")
    assert paddle.hub.list("someone/models", source="github") == ["tiny"]
    with pytest.raises(FileNotFoundError) as info:
        paddle.hub.load("someone/other:v1", "tiny", source="gitee")
    text = str(info.value)
    assert "https://gitee.com/someone/other/repository/archive/v1.zip" in text
    assert str(tmp_path / "hub" / "someone_other_v1" / "hubconf.py") in text


def test_load_state_dict_from_url(tmp_path):
    cache = tmp_path / "ckpt"
    cache.mkdir()
    paddle.save(paddle.nn.Linear(2, 2).state_dict(), str(cache / "lin.pdparams"))
    sd = paddle.hub.load_state_dict_from_url("https://x.org/m/lin.pdparams", model_dir=str(cache))
    assert sorted(sd) == ["bias", "weight"] and isinstance(sd["weight"], paddle.Tensor)
    arrays = paddle.hub.load_state_dict_from_url("https://x.org/m/lin.pdparams", model_dir=str(cache),
                                                 map_location="numpy")
    assert arrays["weight"].shape == (2, 2) and not isinstance(arrays["weight"], paddle.Tensor)
    with zipfile.ZipFile(cache / "zipped.zip", "w") as zf:
        zf.write(cache / "lin.pdparams", "inner.pdparams")
    assert sorted(paddle.hub.load_state_dict_from_url("https://x.org/zipped.zip", model_dir=str(cache))) == [
        "bias", "weight"]
    with pytest.raises(FileNotFoundError, match="put it at"):
        paddle.hub.load_state_dict_from_url("https://x.org/absent.pdparams", model_dir=str(cache))

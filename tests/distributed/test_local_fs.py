"""fleet.utils.LocalFS against the behaviour of Paddle 3.3.1's (same calls, same results)."""
import pytest

from purepaddle.distributed.fleet.utils import LocalFS
from purepaddle.distributed.fleet.utils.fs import FSFileExistsError, FSFileNotExistsError


def test_local_fs(tmp_path):
    fs = LocalFS()
    d = str(tmp_path / "d")
    assert fs.ls_dir(d) == ([], []) and fs.list_dirs(d) == [] and not fs.is_exist(d)
    fs.mkdirs(d + "/sub")
    fs.touch(d + "/a.txt")
    fs.touch(d + "/a.txt")  # exist_ok
    with pytest.raises(FSFileExistsError):
        fs.touch(d + "/a.txt", exist_ok=False)
    assert fs.ls_dir(d) == (["sub"], ["a.txt"]) and fs.list_dirs(d) == ["sub"]
    assert fs.is_file(d + "/a.txt") and fs.is_dir(d + "/sub") and not fs.need_upload_download()
    fs.touch(d + "/b.txt")
    with pytest.raises(FSFileExistsError):
        fs.mv(d + "/a.txt", d + "/b.txt")
    fs.mv(d + "/a.txt", d + "/b.txt", overwrite=True)
    with pytest.raises(FSFileNotExistsError):
        fs.mv(d + "/a.txt", d + "/c.txt")
    with pytest.raises(AssertionError, match="is already a file"):
        fs.mkdirs(d + "/b.txt")
    fs.delete(d + "/b.txt")
    fs.delete(d)
    fs.delete(d)  # gone: nothing
    assert not fs.is_exist(d)

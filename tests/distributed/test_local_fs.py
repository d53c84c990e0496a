"""fleet.utils.LocalFS and fleet.util (UtilBase) against the behaviour of Paddle 3.3.1's (same calls, same results)."""
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


def test_fleet_util_in_one_process_returns_values_as_given(solo, capsys):
    import purepaddle.distributed.fleet as fleet
    fleet.init(is_collective=True)
    assert isinstance(fleet.util, fleet.UtilBase)
    assert fleet.util.get_file_shard(["a", "b", "c"]) == ["a", "b", "c"]  # what Paddle 3.3.1 prints
    assert fleet.util.all_reduce([1, 2], mode="sum") == [1, 2] and fleet.util.all_gather(3) == 3
    fleet.util.barrier()
    fleet.util.print_on_rank("hi", 0)
    fleet.util.print_on_rank("not me", 1)
    assert capsys.readouterr().out == "hi\n"
    with pytest.raises(TypeError, match="files should be a list"):
        fleet.util.get_file_shard("a")


def test_file_shards_split_like_paddle(monkeypatch):
    from purepaddle.distributed.fleet import fleet_base
    from purepaddle.distributed.fleet.util_base import UtilBase
    files = [f"f{i}" for i in range(7)]
    shards = []
    for rank in range(3):
        monkeypatch.setattr(fleet_base.fleet, "worker_index", lambda r=rank: r)
        monkeypatch.setattr(fleet_base.fleet, "worker_num", lambda: 3)
        shards.append(UtilBase().get_file_shard(files))
    assert shards == [["f0", "f1", "f2"], ["f3", "f4"], ["f5", "f6"]]

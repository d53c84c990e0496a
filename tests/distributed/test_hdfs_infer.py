"""fleet.utils.HDFSClient over a fake `hadoop` command (a shell script serving a local folder), and
fleet.utils.DistributedInfer outside a parameter-server job."""
import os
import stat

import pytest

import purepaddle as paddle
from purepaddle.distributed.fleet.utils import DistributedInfer, HDFSClient
from purepaddle.distributed.fleet.utils.fs import FSFileExistsError, FSFileNotExistsError
from purepaddle.distributed.fleet.utils.hdfs import FSTimeOut

# `hadoop fs [-Dk=v ...] -CMD args`: each hdfs:/x path is $HDFS_ROOT/x; ls prints Hadoop's 8 columns
FAKE_HADOOP = r"""#!/bin/bash
shift  # fs
while [[ "$1" == -D* ]]; do echo "$1" >> "$HDFS_ROOT/.configs"; shift; done
cmd="$1"; shift
p() { echo "$HDFS_ROOT/${1#hdfs:/}"; }
case "$cmd" in
  -test) [ "$1" = -e ] && { [ -e "$(p "$2")" ]; exit; }; [ -d "$(p "$2")" ]; exit ;;
  -ls) for a in "$@"; do d="$(p "$a")"; [ -e "$d" ] || exit 1; echo "Found 2 items"
       for f in "$d"/*; do [ -e "$f" ] || continue; t=-rw-r--r--; [ -d "$f" ] && t=drwxr-xr-x
       echo "$t 3 u g $(stat -c %s "$f") 2026-01-01 00:00 $a/$(basename "$f")"; done; done ;;
  -mkdir) [ "$1" = -p ] && shift; mkdir -p "$(p "$1")" ;;
  -put) cp -r "$1" "$(p "$2")" ;;
  -get) cp -r "$(p "$1")" "$2" ;;
  -mv) mv "$(p "$1")" "$(p "$2")" ;;
  -rm) rm "$(p "$1")" ;;
  -rmr) rm -r "$(p "$1")" ;;
  -touchz) : > "$(p "$1")" ;;
  -cat) cat "$(p "$1")" ;;
  *) exit 2 ;;
esac
"""


@pytest.fixture
def hadoop(tmp_path, monkeypatch):
    home = tmp_path / "hadoop"
    (home / "bin").mkdir(parents=True)
    script = home / "bin" / "hadoop"
    script.write_text(FAKE_HADOOP)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    root = tmp_path / "hdfs"
    root.mkdir()
    monkeypatch.setenv("HDFS_ROOT", str(root))
    return home, root


def test_hdfs_client_calls_hadoop_fs(hadoop, tmp_path):
    home, root = hadoop
    c = HDFSClient(str(home), {"fs.default.name": "hdfs://x", "hadoop.job.ugi": "u,p"}, time_out=300,
                   sleep_inter=10)
    assert c.pre_commands[1:] == ["fs", "-Dfs.default.name=hdfs://x", "-Dhadoop.job.ugi=u,p"]
    assert c.need_upload_download() and c.ls_dir("hdfs:/none") == ([], [])
    c.mkdirs("hdfs:/a/b")
    c.touch("hdfs:/a/f.txt")
    with pytest.raises(FSFileExistsError):
        c.touch("hdfs:/a/f.txt", exist_ok=False)
    assert c.ls_dir("hdfs:/a") == (["b"], ["f.txt"]) and c.list_dirs("hdfs:/a") == ["b"]
    assert c.is_dir("hdfs:/a/b") and c.is_file("hdfs:/a/f.txt") and not c.is_exist("hdfs:/a/g")
    local = tmp_path / "up.txt"
    local.write_text("hello\nworld")
    c.upload(str(local), "hdfs:/a/b")
    assert c.cat("hdfs:/a/b/up.txt") == "hello\nworld" and c.cat("hdfs:/a/b") == ""
    assert c.list_files_info(["hdfs:/a/b"]) == [{"path": "hdfs:/a/b/up.txt", "size": 11}]
    c.mv("hdfs:/a/b/up.txt", "hdfs:/a/up2.txt")
    with pytest.raises(FSFileNotExistsError):
        c.mv("hdfs:/a/b/up.txt", "hdfs:/a/up3.txt")
    with pytest.raises(FSFileExistsError):
        c.mv("hdfs:/a/f.txt", "hdfs:/a/up2.txt")
    down = tmp_path / "down.txt"
    c.download("hdfs:/a/up2.txt", str(down))
    assert down.read_text() == "hello\nworld"
    c.delete("hdfs:/a/b")
    assert not c.is_exist("hdfs:/a/b")
    with pytest.raises(FSTimeOut):
        c._try_cat("hdfs:/a/missing")  # a failing command is retried until time_out
    assert c._split_files(list(range(7)), 0, 3) == [0, 1, 2] and c._split_files(list(range(7)), 2, 3) == [5, 6]


def test_hdfs_client_needs_hadoop(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RuntimeError, match=r"HDFSClient runs the `hadoop fs` command line, but there is no "
                                           r".*bin/hadoop and no `hadoop` command on PATH"):
        HDFSClient(str(tmp_path / "nohadoop"), {})


def test_hdfs_client_uses_hadoop_on_path(hadoop, monkeypatch):
    home, root = hadoop
    monkeypatch.setenv("PATH", str(home / "bin") + os.pathsep + os.environ["PATH"])
    c = HDFSClient("", None)
    c.mkdirs("hdfs:/z")
    assert (root / "z").is_dir()


def test_distributed_infer_outside_a_ps_job(fleet_state):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            ids = paddle.static.data("ids", [None, 1], "int64")
            emb = paddle.static.nn.embedding(ids, size=[10, 4], is_sparse=True)
            loss = paddle.mean(paddle.static.nn.fc(emb, 1))
        infer = DistributedInfer(main, startup)
        prog = infer.get_dist_infer_program()
        assert prog is not main and [op.type for op in prog.global_block().ops] == [
            op.type for op in main.global_block().ops]
        table = [op for op in main.global_block().ops if op.type.startswith("lookup_table")][0].inputs["W"][0]
        converted = infer._convert_program(main.clone(), {table: {"dim": 4, "dtype": "float32"}})
        assert "distributed_lookup_table" in [op.type for op in converted.global_block().ops]
        with pytest.raises(NotImplementedError, match="parameter-server training needs servers"):
            infer.init_distributed_infer_env(paddle.static.Executor(), loss)
    finally:
        paddle.disable_static()

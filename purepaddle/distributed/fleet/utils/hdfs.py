"""fleet.utils.HDFSClient: Paddle's FS interface over the `hadoop fs` command line.

Every call runs `<hadoop> fs [-Dkey=value ...] -<command> ...` in a shell, where <hadoop> is
`{hadoop_home}/bin/hadoop`, or the `hadoop` command on PATH when hadoop_home has none; without either the
client cannot exist and says so. A command that fails is retried every sleep_inter ms until time_out ms have
passed (then FSTimeOut), as Paddle does; `ls` lines are read in Hadoop's 8-column format.
"""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
import time
from typing import Any

from .fs import FSFileExistsError, FSFileNotExistsError, LocalFS

__all__ = ["HDFSClient", "ExecuteError", "FSTimeOut", "FSShellCmdAborted"]


class ExecuteError(Exception):
    """A hadoop command exited with an error."""


class FSTimeOut(Exception):
    """A hadoop command kept failing for longer than the client's time_out."""


class FSShellCmdAborted(ExecuteError):
    """The hadoop command aborted (exit status 134)."""


def _retried(f):
    """Retry f while it raises ExecuteError, every sleep_inter ms, until time_out ms have passed."""
    @functools.wraps(f)
    def handler(self, *args, **kwargs):
        start = time.time()
        while True:
            try:
                return f(self, *args, **kwargs)
            except FSShellCmdAborted:
                raise
            except ExecuteError:
                if time.time() - start >= self._time_out / 1000.0:
                    raise FSTimeOut(f"args:{args} timeout:{time.time() - start}") from None
                time.sleep(self._sleep_inter / 1000.0)
    return handler


class HDFSClient:
    """Files on HDFS through the `hadoop fs` command line, with the methods of Paddle's FS interface.

    Args:
        hadoop_home (str): The Hadoop installation; its bin/hadoop runs the commands (the `hadoop` on PATH when it
            has none).
        configs (dict): Hadoop settings passed as -Dkey=value, for instance {"fs.default.name": ..., "hadoop.job.ugi":
            ...}.
        time_out (int, optional): How long (ms) a failing command is retried. Default: 300000.
        sleep_inter (int, optional): The pause (ms) between retries. Default: 1000.

    Examples:
        .. code-block:: python

            >>> # doctest: +SKIP("needs a hadoop installation")
            >>> from paddle.distributed.fleet.utils import HDFSClient
            >>> client = HDFSClient("/usr/local/hadoop", {"fs.default.name": "hdfs://xxx", "hadoop.job.ugi": "u,p"})
            >>> client.ls_dir("hdfs:/test_hdfs_client")
            ([], [])
    """

    def __init__(self, hadoop_home: str, configs: dict[str, Any], time_out: int = 5 * 60 * 1000,
                 sleep_inter: int = 1000) -> None:
        binary = os.path.join(hadoop_home or "", "bin", "hadoop")
        if not os.access(binary, os.X_OK):
            binary = shutil.which("hadoop")
            if binary is None:
                raise RuntimeError(f"HDFSClient runs the `hadoop fs` command line, but there is no "
                                   f"{os.path.join(hadoop_home or '', 'bin', 'hadoop')} and no `hadoop` command on "
                                   "PATH: install Hadoop (or point hadoop_home at it) to use HDFS")
        self.pre_commands = [binary, "fs"] + [f"-D{k}={v}" for k, v in (configs or {}).items()]
        self._time_out, self._sleep_inter = time_out, sleep_inter
        self._base_cmd = " ".join(self.pre_commands)

    # -- running commands ------------------------------------------------------------------------------
    def _run_cmd(self, cmd: str, redirect_stderr: bool = False) -> tuple[int, list[str]]:
        """(exit status, output lines) of `hadoop fs -<cmd>` run in a shell."""
        proc = subprocess.run(f"{self._base_cmd} -{cmd}", shell=True, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT if redirect_stderr else subprocess.PIPE, text=True)
        if proc.returncode == 134:
            raise FSShellCmdAborted(cmd)
        return proc.returncode, proc.stdout.splitlines()

    def _checked(self, cmd: str, **kw) -> list[str]:
        ret, lines = self._run_cmd(cmd, **kw)
        if ret != 0:
            raise ExecuteError(cmd)
        return lines

    # -- reading ---------------------------------------------------------------------------------------
    @_retried
    def is_exist(self, fs_path: str) -> bool:
        """Whether fs_path exists."""
        return self._run_cmd(f"test -e {fs_path} ", redirect_stderr=True)[0] == 0

    def _is_dir(self, fs_path):
        return self._run_cmd(f"test -d {fs_path}", redirect_stderr=True)[0] == 0

    @_retried
    def is_dir(self, fs_path: str) -> bool:
        """Whether fs_path is a directory."""
        return self.is_exist(fs_path) and self._is_dir(fs_path)

    def is_file(self, fs_path: str) -> bool:
        """Whether fs_path is a file."""
        return self.is_exist(fs_path) and not self._is_dir(fs_path)

    def _ls_dir(self, fs_path):
        dirs, files = [], []
        for line in self._checked(f"ls {fs_path}"):
            cols = line.split()
            if len(cols) != 8:  # the "Found N items" header and anything else that is no entry
                continue
            (dirs if cols[0].startswith("d") else files).append(os.path.basename(cols[7]))
        return dirs, files

    @_retried
    def ls_dir(self, fs_path: str) -> tuple[list[str], list[str]]:
        """([sub-directories], [files]) directly in fs_path (([], []) when it does not exist)."""
        return self._ls_dir(fs_path) if self.is_exist(fs_path) else ([], [])

    @_retried
    def list_dirs(self, fs_path: str) -> list[str]:
        """The sub-directories directly in fs_path."""
        return self._ls_dir(fs_path)[0] if self.is_exist(fs_path) else []

    def list_files_info(self, path_list: list[str]) -> list[dict[str, Any]]:
        """[{'path': ..., 'size': bytes}] of the files the paths list."""
        if not path_list:
            return []
        ret, lines = self._run_cmd("ls " + " ".join(path_list) + " | awk '{if ($8 != \"\") {print $5\" \"$8 }}'")
        out = []
        for line in lines:
            parts = line.split(" ")
            if len(parts) >= 2:
                out.append({"path": parts[1], "size": int(parts[0])})
        return out

    @_retried
    def _try_cat(self, fs_path):
        return self._checked(f"cat {fs_path}")

    def cat(self, fs_path: str | None = None) -> str:
        """The text of the file fs_path ('' when it is no file)."""
        return "\n".join(self._try_cat(fs_path)) if self.is_file(fs_path) else ""

    def need_upload_download(self) -> bool:
        """True: files on HDFS must be downloaded to be read locally."""
        return True

    # -- writing ---------------------------------------------------------------------------------------
    @_retried
    def mkdirs(self, fs_path: str) -> None:
        """Create the directory fs_path and its parents."""
        if self.is_exist(fs_path):
            return
        ret, out = self._run_cmd(f"mkdir {fs_path} ", redirect_stderr=True)
        if ret != 0:
            if not any("No such file or directory" in line for line in out):
                raise ExecuteError(f"mkdir {fs_path}")
            if not self.is_exist(fs_path):  # an old hadoop without parents by default
                self._checked(f"mkdir -p {fs_path}")

    @_retried
    def delete(self, fs_path: str) -> None:
        """Remove fs_path (recursively when it is a directory); nothing when it does not exist."""
        if self.is_exist(fs_path):
            self._checked(f"rmr {fs_path}" if self._is_dir(fs_path) else f"rm {fs_path}")

    def touch(self, fs_path: str, exist_ok: bool = True) -> None:
        """Create an empty file (FSFileExistsError when it exists and exist_ok is False)."""
        if self.is_exist(fs_path):
            if exist_ok:
                return
            raise FSFileExistsError
        self._touchz(fs_path)

    @_retried
    def _touchz(self, fs_path):
        self._checked(f"touchz {fs_path}")

    def mv(self, fs_src_path: str, fs_dst_path: str, overwrite: bool = False, test_exists: bool = True) -> None:
        """Move fs_src_path to fs_dst_path (FSFileNotExistsError / FSFileExistsError as the checks find)."""
        if overwrite and self.is_exist(fs_dst_path):
            self.delete(fs_dst_path)
        if test_exists:
            if not self.is_exist(fs_src_path):
                raise FSFileNotExistsError(f"{fs_src_path} is not exists")
            if self.is_exist(fs_dst_path):
                raise FSFileExistsError(f"{fs_dst_path} exists already")
        self._try_mv(fs_src_path, fs_dst_path)

    @_retried
    def _try_mv(self, src, dst):
        try:
            self._checked(f"mv {src} {dst}")
        except ExecuteError:
            if not self.is_exist(src) and self.is_exist(dst):  # an earlier try did move it
                return
            raise

    def rename(self, fs_src_path: str, fs_dst_path: str) -> None:
        """Rename (mv without the existence checks)."""
        self.mv(fs_src_path, fs_dst_path, test_exists=False)

    @_retried
    def _try_upload(self, local_path, fs_path):
        try:
            self._checked(f"put {local_path} {fs_path}")
        except ExecuteError:
            self.delete(fs_path)
            raise

    @_retried
    def _try_download(self, fs_path, local_path):
        try:
            self._checked(f"get {fs_path} {local_path}")
        except ExecuteError:
            LocalFS().delete(local_path)
            raise

    def upload(self, local_path: str, fs_path: str, multi_processes: int = 5, overwrite: bool = False) -> None:
        """Put the local file, or each entry of the local directory, into fs_path (one command each; Paddle
        spreads them over multi_processes processes, here they run in turn)."""
        if not os.path.exists(local_path):
            raise FSFileNotExistsError(f"{local_path} not exists")
        entries = ([os.path.join(local_path, f) for f in os.listdir(local_path)] if os.path.isdir(local_path)
                   else [local_path])
        if not entries:
            print("there are nothing need to upload, function exit")
            return
        if overwrite and self.is_exist(fs_path):
            self.delete(fs_path)
            self.mkdirs(fs_path)
        for entry in entries:
            self._try_upload(entry, fs_path)

    def upload_dir(self, local_dir: str, dest_dir: str, overwrite: bool = False) -> None:
        """Put the local directory into dest_dir (as dest_dir/<its name>)."""
        local_dir, dest_dir = local_dir.rstrip("/"), dest_dir.rstrip("/")
        target = dest_dir + "/" + os.path.basename(local_dir)
        if overwrite and self.is_exist(target):
            self.delete(target)
        if not self.is_exist(dest_dir):
            self.mkdirs(dest_dir)
        self._try_upload(local_dir, dest_dir)

    def download(self, fs_path: str, local_path: str, multi_processes: int = 5, overwrite: bool = False) -> None:
        """Get the file fs_path, or each entry of the directory fs_path, into local_path."""
        if not self.is_exist(fs_path):
            raise FSFileNotExistsError(f"{fs_path} not exits")
        if self.is_file(fs_path):
            return self._try_download(fs_path, local_path)
        dirs, files = self.ls_dir(fs_path)
        for name in files + dirs:
            self._try_download(fs_path + "/" + name, local_path)
        return None

    def _split_files(self, files, trainer_id, trainers):
        """The share of `files` of trainer `trainer_id` out of `trainers` (contiguous blocks, the first ones one
        longer)."""
        size, extra = divmod(len(files), trainers)
        begin = trainer_id * size + min(trainer_id, extra)
        return files[begin:begin + size + (trainer_id < extra)]

"""fleet.utils.LocalFS: Paddle's file-system interface on the local disk (the one checkpoint code uses when the
files are not on HDFS), with its error types."""
import os
import shutil

__all__ = ["LocalFS", "FSFileExistsError", "FSFileNotExistsError"]


class FSFileExistsError(Exception):
    """The destination exists (touch with exist_ok=False, mv without overwrite)."""


class FSFileNotExistsError(Exception):
    """The source does not exist (mv)."""


class LocalFS:
    """Files and directories on this machine's disk, through the methods of Paddle's FS interface.

    Examples:
        .. code-block:: python

            >>> import tempfile, os
            >>> from paddle.distributed.fleet.utils import LocalFS
            >>> fs = LocalFS()
            >>> d = tempfile.mkdtemp()
            >>> fs.mkdirs(os.path.join(d, "sub"))
            >>> fs.touch(os.path.join(d, "a.txt"))
            >>> fs.ls_dir(d)
            (['sub'], ['a.txt'])
            >>> fs.delete(d)
    """

    def ls_dir(self, fs_path):
        """([sub-directories], [files]) directly in fs_path (([], []) when it does not exist)."""
        if not self.is_exist(fs_path):
            return [], []
        dirs, files = [], []
        for f in os.listdir(fs_path):
            (dirs if os.path.isdir(os.path.join(fs_path, f)) else files).append(f)
        return dirs, files

    def mkdirs(self, fs_path):
        """Make fs_path and its parents (no error when it exists as a directory)."""
        assert not os.path.isfile(fs_path), f"{fs_path} is already a file"
        os.makedirs(fs_path, exist_ok=True)

    def rename(self, fs_src_path, fs_dst_path):
        """Rename a file or directory."""
        os.rename(fs_src_path, fs_dst_path)

    def delete(self, fs_path):
        """Remove a file, or a directory with its contents (nothing when it does not exist)."""
        if not self.is_exist(fs_path):
            return
        if os.path.isfile(fs_path):
            os.remove(fs_path)
        else:
            shutil.rmtree(fs_path)

    def need_upload_download(self):
        """False: the files are local already."""
        return False

    def is_file(self, fs_path):
        return os.path.isfile(fs_path)

    def is_dir(self, fs_path):
        return os.path.isdir(fs_path)

    def is_exist(self, fs_path):
        return os.path.exists(fs_path)

    def touch(self, fs_path, exist_ok=True):
        """Create an empty file (an existing one: nothing, or FSFileExistsError when exist_ok is False)."""
        if self.is_exist(fs_path):
            if exist_ok:
                return
            raise FSFileExistsError
        with open(fs_path, "a"):
            pass

    def mv(self, src_path, dst_path, overwrite=False, test_exists=False):
        """Move src_path to dst_path (FSFileExistsError when dst_path exists, unless overwrite)."""
        if not self.is_exist(src_path):
            raise FSFileNotExistsError
        if overwrite and self.is_exist(dst_path):
            self.delete(dst_path)
        if self.is_exist(dst_path):
            raise FSFileExistsError
        return self.rename(src_path, dst_path)

    def list_dirs(self, fs_path):
        """The sub-directories of fs_path ([] when it does not exist)."""
        if not self.is_exist(fs_path):
            return []
        return [f for f in os.listdir(fs_path) if os.path.isdir(os.path.join(fs_path, f))]

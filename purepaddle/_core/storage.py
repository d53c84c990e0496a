"""Atomic file writes shared by paddle.save, jit.save and the static model files."""
import os
import tempfile


def _umask():
    # read, not set-and-restore: os.umask() would briefly change it for every thread
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    return 0o022


def write_atomic(path, write):
    """Run write(file) on a temporary file beside `path`, fsync it, then rename it over `path`.

    A failure at any point leaves an existing `path` untouched and removes the temporary file.
    The new file keeps the old one's mode (or gets what open(path, 'wb') would give).
    """
    path = os.path.realpath(os.fspath(path))  # a symlink keeps pointing at the new file
    dirname, base = os.path.split(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=dirname)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = os.stat(path).st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(dirname, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass

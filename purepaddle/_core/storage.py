"""Durable writes and reads of model files: one file, or a set of files that lands whole or not at all.

- `write_atomic(path, write)`: run write(file) on a temporary file beside `path`, fsync it, rename it over
  `path`. A failure leaves an old `path` untouched and removes the temporary file.
- `file_set()`: a context; every `write_atomic` inside it (in this thread) is only staged, and on a clean
  exit the whole set is committed: a journal listing (temporary -> final) is written and renamed into place
  (the commit point), the temporaries are renamed over their finals, the journal is removed. Killed before
  the commit, the old files are all still there; killed after it, the next reader or writer in that
  directory completes the renames (`recover`). So a reader sees the whole old set or the whole new set.
- Temporary files carry their writer's host, pid and start time (`.<base>.~pp<host>-<pid>.<start>.<rand>.tmp`).
  The next write or `recover` in a directory removes those whose writer is gone (a writer on another host
  sharing the directory cannot be asked: its temporaries are removed only after a day); SIGTERM (main
  thread, default handler) and KeyboardInterrupt remove this process's own at once.
- `open_model_file(path)`: how every reader opens a model file: the directory is recovered first.
"""
import contextlib
import hashlib
import json
import os
import re
import secrets
import signal
import socket
import threading
import time

__all__ = ["write_atomic", "file_set", "recover", "open_model_file", "is_temporary"]

_TMP_RE = re.compile(r"\.~pp([0-9a-f]{8})-(\d+)\.(\d+)\.[0-9a-f]+\.(tmp|fileset)$")
_HOST = hashlib.sha1(socket.gethostname().encode("utf-8", "replace")).hexdigest()[:8]
_FOREIGN_AGE = 24 * 3600  # seconds after which another host's temporary counts as abandoned
_LOCK = threading.Lock()
_STATE = threading.local()  # .staged: the open set of this thread ([tmp, final] pairs) or None; .swept: its dirs
_LIVE = {}  # tmp path -> final path, every staged temporary of this process (SIGTERM removes them)
_SWEPT = {}  # directory -> its mtime when last recovered (a directory that did not change is not listed again)


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


def _proc_start(pid):
    """(start time in clock ticks since boot, zombie?) of a process from /proc; (0, False) where unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return int(fields[19]), fields[0] == b"Z"
    except (OSError, IndexError, ValueError):
        return 0, False


_PID = os.getpid()
_START = _proc_start(_PID)[0]


def _me():
    global _PID, _START
    if os.getpid() != _PID:  # a forked child is a different writer
        _PID, _START = os.getpid(), _proc_start(os.getpid())[0]
    return _PID, _START


def _alive(pid, start):
    """Whether the process that wrote a temporary (pid, start time) still runs."""
    if (pid, start) == _me():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        pass
    except OSError:
        return True
    now, zombie = _proc_start(pid)
    if zombie or (start and now and now != start):  # killed and not yet reaped, or the pid was reused
        return False
    return True


def _abandoned(path, m):
    """Whether the writer of a temporary is gone: asked on this host, judged by age for another host."""
    if m.group(1) == _HOST:
        return not _alive(int(m.group(2)), int(m.group(3)))
    try:
        return time.time() - os.stat(path).st_mtime > _FOREIGN_AGE
    except OSError:
        return False


def _tmp_name(final, kind="tmp"):
    pid, start = _me()
    d, base = os.path.split(final)
    return os.path.join(d, f".{base}.~pp{_HOST}-{pid}.{start}.{secrets.token_hex(4)}.{kind}")


def _fsync_dir(dirname):
    try:
        fd = os.open(dirname or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unlink(path):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


# -- recovery: complete committed sets, remove the temporaries of writers that are gone ---------------------
def _journal_pairs(journal):
    """The (temporary, final) absolute paths a committed journal lists (ValueError on a foreign file)."""
    dirname = os.path.dirname(journal)
    with open(journal, "rb") as f:
        entries = json.loads(f.read().decode("utf-8"))["files"]
    pairs = []
    for tmp, final in entries:
        for rel in (tmp, final):  # a planted journal may only rename our temporaries inside this directory
            if not isinstance(rel, str) or os.path.isabs(rel) or ".." in rel.replace("\\", "/").split("/"):
                raise ValueError(f"{journal}: not a purepaddle file-set journal (path {rel!r})")
        if not _TMP_RE.search(tmp) or not tmp.endswith(".tmp"):
            raise ValueError(f"{journal}: not a purepaddle file-set journal (temporary {tmp!r})")
        pairs.append((os.path.join(dirname, tmp), os.path.join(dirname, final)))
    return pairs


def _roll_forward(journal, pairs):
    """Rename every listed temporary that is still there over its final, then remove the journal."""
    for tmp, final in pairs:
        try:
            os.replace(tmp, final)
        except FileNotFoundError:  # renamed already (by the writer, or by another reader)
            pass
    for d in {os.path.dirname(f) for _, f in pairs}:
        _fsync_dir(d)
    _unlink(journal)
    _fsync_dir(os.path.dirname(journal))


def _sweep(dirname):
    """Complete the committed file sets in dirname and remove temporaries whose writer is gone."""
    try:
        names = os.listdir(dirname)
    except OSError:
        return
    found = [(n, _TMP_RE.search(n)) for n in names]
    found = [(n, m) for n, m in found if m]
    for name, m in found:  # journals first: their temporaries must be renamed, not removed
        if m.group(4) == "fileset":
            journal = os.path.join(dirname, name)
            try:
                pairs = _journal_pairs(journal)
            except FileNotFoundError:
                continue
            except (ValueError, KeyError, TypeError, UnicodeDecodeError) as e:
                raise RuntimeError(f"A file-set journal {journal} cannot be read ({e}); remove it by hand "
                                   "after checking the model files beside it") from None
            try:
                _roll_forward(journal, pairs)
            except OSError as e:
                raise RuntimeError(f"An interrupted save left a committed set of files in {dirname} "
                                   f"(journal {name}) that could not be completed: {e}") from None
    for name, m in found:
        if m.group(4) == "tmp" and _abandoned(os.path.join(dirname, name), m):
            try:
                _unlink(os.path.join(dirname, name))
            except OSError:
                pass


def is_temporary(name):
    """Whether a file name is a temporary or a journal of a save in progress (readers of a directory skip it)."""
    return _TMP_RE.search(os.path.basename(name)) is not None


def recover(path):
    """Complete or clean up interrupted saves around a model path (a file, a file prefix or a directory).

    Examples:
        .. code-block:: python

            >>> import tempfile
            >>> from purepaddle._core.storage import recover
            >>> recover(tempfile.mkdtemp())
    """
    path = os.path.abspath(os.fspath(path))
    dirs = [os.path.dirname(path)] + ([path] if os.path.isdir(path) else [])
    for d in dirs:
        try:
            mtime = os.stat(d).st_mtime_ns
        except OSError:
            continue
        if _SWEPT.get(d) == mtime:
            continue
        _sweep(d)
        try:
            _SWEPT[d] = os.stat(d).st_mtime_ns
        except OSError:
            pass


def open_model_file(path):
    """Open a model file for reading, after completing any interrupted save in its directory."""
    recover(path)
    return open(path, "rb")


# -- writing ----------------------------------------------------------------------------------------------
def _on_sigterm(signum, frame):
    # default SIGTERM kills without unwinding: remove this process's uncommitted temporaries first
    for tmp in list(_LIVE):
        try:
            os.unlink(tmp)
        except OSError:
            pass
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)


@contextlib.contextmanager
def _sigterm_cleanup():
    installed = False
    if threading.current_thread() is threading.main_thread():
        try:
            installed = signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
            if installed:
                signal.signal(signal.SIGTERM, _on_sigterm)
        except (ValueError, OSError):
            installed = False
    try:
        yield
    finally:
        if installed and signal.getsignal(signal.SIGTERM) is _on_sigterm:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stage(path, write, staged):
    """Write one member to its temporary (fsynced); the pair goes into `staged`."""
    path = os.path.realpath(os.fspath(path))  # a symlink keeps pointing at the new file
    dirname = os.path.dirname(path)
    swept = _STATE.swept
    if dirname not in swept:  # once per directory and set: a set of 10,000 files lists its directory once
        recover(path)  # finish what an earlier killed writer left here, drop its temporaries
        swept.add(dirname)
    tmp = _tmp_name(path)
    with _LOCK:
        _LIVE[tmp] = path
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = os.stat(path).st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
    except BaseException:
        _discard([[tmp, path]])
        raise
    for pair in staged:  # a member written twice: the later one wins
        if pair[1] == path:
            _discard([pair])
            staged.remove(pair)
            break
    staged.append([tmp, path])
    _SWEPT.pop(dirname, None)


def _discard(staged):
    for tmp, _ in staged:
        try:
            _unlink(tmp)
        except OSError:
            pass
        with _LOCK:
            _LIVE.pop(tmp, None)


def _commit(staged):
    """Make the staged members the files on disk, all of them or (before the journal lands) none."""
    if len(staged) == 1:
        tmp, final = staged[0]
        os.replace(tmp, final)
        _fsync_dir(os.path.dirname(final))
        return
    root = os.path.commonpath([os.path.dirname(f) for _, f in staged])
    journal = _tmp_name(os.path.join(root, "model"), kind="fileset")
    body = json.dumps({"files": [[os.path.relpath(t, root), os.path.relpath(f, root)] for t, f in staged]})
    pending = _tmp_name(journal)
    with _LOCK:
        _LIVE[pending] = journal
    try:
        with open(pending, "wb") as f:
            f.write(body.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        with _LOCK:  # from here SIGTERM leaves the members alone: the journal may land any moment
            for tmp, _ in staged:
                _LIVE.pop(tmp, None)
        os.replace(pending, journal)  # the commit point
    finally:
        with _LOCK:
            _LIVE.pop(pending, None)
        _unlink(pending)
    pairs = [(t, f) for t, f in staged]
    staged.clear()  # committed: a failure from here on leaves the journal for the next reader, never discards
    _fsync_dir(root)
    _roll_forward(journal, pairs)


@contextlib.contextmanager
def file_set():
    """Group the atomic writes inside into one set: all new files land, or (killed or failing) none do.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> from purepaddle._core.storage import file_set, write_atomic
            >>> d = tempfile.mkdtemp()
            >>> with file_set():
            ...     write_atomic(os.path.join(d, 'a.pdparams'), lambda f: f.write(b'a'))
            ...     write_atomic(os.path.join(d, 'a.pdopt'), lambda f: f.write(b'b'))
            >>> sorted(os.listdir(d))
            ['a.pdopt', 'a.pdparams']
    """
    outer = getattr(_STATE, "staged", None)
    if outer is not None:  # nested: the outermost set commits
        yield
        return
    staged = []
    _STATE.staged, _STATE.swept = staged, set()
    committed = False
    try:
        with _sigterm_cleanup():
            try:
                yield
            finally:
                _STATE.staged = None
            if staged:
                _commit(staged)
            committed = True
    finally:
        if not committed:
            _discard(staged)
        with _LOCK:
            for tmp, _ in staged:
                _LIVE.pop(tmp, None)


def write_atomic(path, write):
    """Run write(file) on a temporary file beside `path`, fsync it, then rename it over `path`.

    Inside `file_set()` the rename waits for the set's commit. A failure at any point leaves an
    existing `path` untouched and removes the temporary file. The new file keeps the old one's mode
    (or gets what open(path, 'wb') would give).

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> from purepaddle._core.storage import write_atomic
            >>> p = os.path.join(tempfile.mkdtemp(), 'x.bin')
            >>> write_atomic(p, lambda f: f.write(b'data'))
            >>> open(p, 'rb').read()
            b'data'
    """
    staged = getattr(_STATE, "staged", None)
    if staged is not None:
        _stage(path, write, staged)
        return
    with file_set():
        _stage(path, write, _STATE.staged)

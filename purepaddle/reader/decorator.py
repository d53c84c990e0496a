"""paddle.reader's decorators: functions that turn reader creators (callables returning a sample iterator) into
new reader creators, the data pipeline of Paddle's fluid era.

A reader creator is called once per pass; the samples it yields are any Python objects (a tuple of fields, most
often). Random choices use Python's `random` module, as Paddle's do, so `random.seed` repeats Paddle's order.
"""
import itertools
import json
import logging
import multiprocessing
import random
import sys
from queue import Queue
from threading import Condition, Thread

__all__ = ["cache", "map_readers", "shuffle", "chain", "ComposeNotAligned", "compose", "buffered", "firstn",
           "xmap_readers", "multiprocess_reader"]

QUEUE_GET_TIMEOUT = 60  # seconds multiprocess_reader waits for a sample, Paddle's paddle.base.reader value


def cache(reader):
    """Read every sample of `reader` now and serve them from memory on each pass.

    Args:
        reader (callable): a reader creator.

    Returns:
        callable: a reader creator yielding the cached samples.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cached = paddle.reader.cache(lambda: iter(range(3)))
            >>> list(cached()), list(cached())
            ([0, 1, 2], [0, 1, 2])
    """
    samples = tuple(reader())

    def cached_reader():
        yield from samples
    return cached_reader


def map_readers(func, *readers):
    """Apply `func` to the samples of several readers taken side by side (stops at the shortest).

    Args:
        func (callable): takes one sample of each reader, returns the new sample.
        *readers (callable): reader creators.

    Returns:
        callable: a reader creator yielding func's results.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> r = paddle.reader.map_readers(lambda a, b: a + b, lambda: iter([1, 2]), lambda: iter([10, 20]))
            >>> list(r())
            [11, 22]
    """
    def mapped_reader():
        yield from map(func, *(r() for r in readers))
    return mapped_reader


def shuffle(reader, buf_size):
    """Shuffle the samples of `reader` within consecutive windows of `buf_size` samples (Python's random.shuffle).

    Args:
        reader (callable): a reader creator.
        buf_size (int): how many samples are shuffled together.

    Returns:
        callable: a reader creator yielding the shuffled samples.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> r = paddle.reader.shuffle(lambda: iter(range(6)), 3)
            >>> sorted(r())
            [0, 1, 2, 3, 4, 5]
    """
    def shuffled_reader():
        window = []
        for sample in reader():
            window.append(sample)
            if len(window) >= buf_size:
                random.shuffle(window)
                yield from window
                window = []
        if window:
            random.shuffle(window)
            yield from window
    return shuffled_reader


def chain(*readers):
    """The samples of each reader, one reader after the other.

    Args:
        *readers (callable): reader creators.

    Returns:
        callable: a reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> r = paddle.reader.chain(lambda: iter([1, 2]), lambda: iter([3]))
            >>> list(r())
            [1, 2, 3]
    """
    def chained_reader():
        yield from itertools.chain(*[r() for r in readers])
    return chained_reader


class ComposeNotAligned(ValueError):
    """Raised by a composed reader when its readers run out at different lengths (check_alignment=True)."""


def _as_tuple(sample):
    return sample if isinstance(sample, tuple) else (sample,)


def compose(*readers, **kwargs):
    """Join the samples of several readers into one flat tuple per step: (a, (b, c)) -> (a, b, c).

    Args:
        *readers (callable): reader creators.
        check_alignment (bool, optional): keyword only; when True (default) a reader ending before the others
            raises ComposeNotAligned, else the composed reader stops at the shortest.

    Returns:
        callable: a reader creator yielding tuples.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> r = paddle.reader.compose(lambda: iter([1, 2]), lambda: iter([(3, 4), (5, 6)]))
            >>> list(r())
            [(1, 3, 4), (2, 5, 6)]
    """
    check_alignment = kwargs.pop("check_alignment", True)

    def composed_reader():
        iters = [r() for r in readers]
        if not check_alignment:
            for samples in zip(*iters):
                yield sum(map(_as_tuple, samples), ())
            return
        for samples in itertools.zip_longest(*iters):
            if any(s is None for s in samples):
                raise ComposeNotAligned("outputs of readers are not aligned.")
            yield sum(map(_as_tuple, samples), ())
    return composed_reader


class _End:
    """The sentinel a worker thread puts after its last sample."""


def buffered(reader, size):
    """Read ahead: a thread fills a queue of up to `size` samples while the consumer takes them.

    Args:
        reader (callable): a reader creator.
        size (int): the most samples held in the buffer.

    Returns:
        callable: a reader creator yielding the same samples in the same order.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> r = paddle.reader.buffered(lambda: iter(range(4)), 2)
            >>> list(r())
            [0, 1, 2, 3]
    """
    def buffered_reader():
        q = Queue(maxsize=size)

        def fill(samples):
            for s in samples:
                q.put(s)
            q.put(_End)
        Thread(target=fill, args=(reader(),), daemon=True).start()
        s = q.get()
        while s is not _End:
            yield s
            s = q.get()
    return buffered_reader


def firstn(reader, n):
    """The first `n` samples of `reader`.

    Args:
        reader (callable): a reader creator.
        n (int): how many samples to keep.

    Returns:
        callable: a reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> r = paddle.reader.firstn(lambda: iter(range(10)), 3)
            >>> list(r())
            [0, 1, 2]
    """
    def first_reader():
        for i, sample in enumerate(reader()):
            if i == n:
                break
            yield sample
    return first_reader


class XmapEndSignal:
    """The sentinel xmap_readers' threads pass along after the last sample."""


def xmap_readers(mapper, reader, process_num, buffer_size, order=False):
    """Map the samples of `reader` with `mapper` in `process_num` threads.

    Args:
        mapper (callable): sample -> new sample.
        reader (callable): a reader creator.
        process_num (int): how many threads run `mapper`.
        buffer_size (int): the size of the input and output queues.
        order (bool, optional): keep the input order (default False: results come as threads finish).

    Returns:
        callable: a reader creator yielding mapper's results.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> r = paddle.reader.xmap_readers(lambda x: x * x, lambda: iter(range(5)), 2, 4, order=True)
            >>> list(r())
            [0, 1, 4, 9, 16]
    """
    end = XmapEndSignal()

    def xreader():
        in_q, out_q = Queue(buffer_size), Queue(buffer_size)
        turn = [0]  # with order: the index of the sample whose result goes out next
        cv = Condition()

        def feed():
            for i, sample in enumerate(reader()):
                in_q.put((i, sample))
            in_q.put(end)

        def work():
            item = in_q.get()
            while not isinstance(item, XmapEndSignal):
                i, sample = item
                result = mapper(sample)
                if order:
                    with cv:
                        cv.wait_for(lambda: turn[0] == i)
                        out_q.put(result)
                        turn[0] += 1
                        cv.notify_all()
                else:
                    out_q.put(result)
                item = in_q.get()
            in_q.put(end)  # let the next thread see the end too
            out_q.put(end)

        Thread(target=feed, daemon=True).start()
        for _ in range(process_num):
            Thread(target=work, daemon=True).start()
        finished = 0
        while finished < process_num:
            result = out_q.get()
            if isinstance(result, XmapEndSignal):
                finished += 1
            else:
                yield result
    return xreader


def _fork_context():
    return multiprocessing.get_context("fork")


def multiprocess_reader(readers, use_pipe=True, queue_size=1000):
    """Run each reader in its own forked process and yield their samples as they arrive.

    With `use_pipe` (default) samples travel as JSON through one pipe per reader (tuples come back as lists, as
    in Paddle); else through one multiprocessing.Queue of `queue_size`. A reader yielding None is an error.

    Args:
        readers (list|tuple): reader creators.
        use_pipe (bool, optional): pipes (True) or a queue (False).
        queue_size (int, optional): the queue's capacity when use_pipe is False.

    Returns:
        callable: a reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> r = paddle.reader.multiprocess_reader([lambda: iter([1, 2]), lambda: iter([3])])
            >>> sorted(r())
            [1, 2, 3]
    """
    if sys.platform == "win32":
        raise NotImplementedError("The multiprocess_reader method is not supported on windows.")
    assert isinstance(readers, (list, tuple)) and len(readers) > 0, "`readers` must be list or tuple."
    ctx = _fork_context()

    def into_queue(reader, q):
        try:
            for sample in reader():
                if sample is None:
                    raise ValueError("sample has None")
                q.put(sample)
            q.put(None)
        except Exception:
            q.put("")  # tells the consumer this reader failed
            raise

    def queue_reader():
        q = ctx.Queue(queue_size)
        for r in readers:
            ctx.Process(target=into_queue, args=(r, q)).start()
        finished = 0
        while finished < len(readers):
            try:
                sample = q.get(timeout=QUEUE_GET_TIMEOUT)
            except Exception:
                logging.error("multiprocess_reader failed to get data from the multiprocessing.Queue.")
                raise
            if sample is None:
                finished += 1
            elif isinstance(sample, str) and sample == "":
                raise ValueError("multiprocess_reader failed to put data into the multiprocessing.Queue.")
            else:
                yield sample

    def into_pipe(reader, conn):
        try:
            for sample in reader():
                if sample is None:
                    raise ValueError("sample has None!")
                conn.send(json.dumps(sample))
            conn.send(json.dumps(None))
        except Exception:
            conn.send(json.dumps(""))
            raise
        finally:
            conn.close()

    def pipe_reader():
        conns = []
        for r in readers:
            parent, child = ctx.Pipe()
            conns.append(parent)
            ctx.Process(target=into_pipe, args=(r, child)).start()
        while conns:
            for conn in list(conns):  # one sample from each live reader in turn
                sample = json.loads(conn.recv())
                if sample is None or sample == "":
                    conn.close()
                    conns.remove(conn)
                    if sample == "":
                        raise ValueError("multiprocess_reader failed to send data into the multiprocessing.Pipe.")
                else:
                    yield sample
    return pipe_reader if use_pipe else queue_reader

"""PyDataProvider2's `@provider`: a Python generator of samples, read asynchronously into a shuffle pool.

A loader thread runs the generator (once per data file) and fills a pool of at most `pool_size` samples;
each draw waits until the pool holds `min_pool_size` samples (or the data ran out) and, with `should_shuffle`,
takes a uniformly random sample of the pool. So the pool bounds the memory the
data takes, and it is also the shuffle's reach: a sample can move at most about a pool's length ahead.
`cache=CacheType.CACHE_PASS_IN_MEM` keeps the first complete pass in memory and serves later passes from it
(shuffled as a whole) without calling the generator again.

The same provider serves `purepaddle train` (define_py_data_sources2 names it) and paddle.v2 programs:
`process.reader(file_list)` is a v2 reader creator for paddle.batch and trainer.SGD.train."""
import collections
import functools
import logging
import random
import threading

from .data_type import InputType

__all__ = ["CacheType", "provider", "DataProvider", "ProviderSettings"]


class CacheType:
    """What a provider keeps between passes: NO_CACHE (read the data again each pass) or
    CACHE_PASS_IN_MEM (keep the first pass's samples in memory and replay them)."""

    NO_CACHE = 0
    CACHE_PASS_IN_MEM = 1


class ProviderSettings:
    """The `settings` object a provider's generator and init_hook receive: `input_types`, `is_train`,
    `should_shuffle`, `pool_size`, `min_pool_size`, `file_list`, `logger`, plus what init_hook sets."""

    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)


def _slots(input_types):
    """(slot names or None, [InputType]) of a provider's input_types (a dict or a list)."""
    if isinstance(input_types, dict):
        names, types = list(input_types), list(input_types.values())
    elif isinstance(input_types, (list, tuple)):
        names, types = None, list(input_types)
    elif isinstance(input_types, InputType):
        names, types = None, [input_types]
    else:
        raise TypeError(f"@provider: input_types must be a dict or list of input types (dense_vector(...), "
                        f"integer_value(...), ...), but received {input_types!r}")
    for t in types:
        if not isinstance(t, InputType):
            raise TypeError(f"@provider: input_types holds {t!r}, which is not an input type")
    return names, types


class DataProvider:
    """A generator function decorated with @provider. Calling it calls the generator; `reader(file_list)`
    gives a v2 reader creator over the files, and `feeding` maps slot names to sample positions."""

    def __init__(self, generator, input_types, should_shuffle, pool_size, min_pool_size, cache, init_hook, check,
                 check_fail_continue, extra):
        if cache not in (CacheType.NO_CACHE, CacheType.CACHE_PASS_IN_MEM):
            raise ValueError(f"@provider: cache must be CacheType.NO_CACHE or CacheType.CACHE_PASS_IN_MEM, but "
                             f"received {cache!r}")
        self.generator, self.input_types, self.should_shuffle = generator, input_types, should_shuffle
        self.pool_size, self.min_pool_size, self.cache = int(pool_size), int(min_pool_size), cache
        self.init_hook, self.check, self.check_fail_continue, self.extra = init_hook, check, check_fail_continue, extra
        functools.update_wrapper(self, generator)

    def __call__(self, *args, **kwargs):
        return self.generator(*args, **kwargs)

    def settings(self, file_list, is_train=True, **kwargs):
        """The settings object for one data source: init_hook (if any) has run on it."""
        shuffle = is_train if self.should_shuffle is None else bool(self.should_shuffle)
        s = ProviderSettings(input_types=self.input_types, is_train=bool(is_train), should_shuffle=shuffle,
                             pool_size=self.pool_size, min_pool_size=self.min_pool_size, file_list=list(file_list),
                             logger=logging.getLogger("paddle.data_provider"), **self.extra)
        if self.init_hook is not None:
            self.init_hook(s, file_list=list(file_list), is_train=bool(is_train), **kwargs)
        if s.input_types is None:
            raise ValueError(f"@provider {self.generator.__name__}: no input_types (give them to @provider or set "
                             f"settings.input_types in init_hook)")
        _slots(s.input_types)
        return s

    def feeding(self, settings=None):
        """{slot name: position in a sample} when input_types is a dict, else None."""
        names, _ = _slots((settings or self).input_types)
        return None if names is None else {n: i for i, n in enumerate(names)}

    def reader(self, file_list, is_train=True, seed=None, **kwargs):
        """A v2 reader creator: each call returns an iterator over one pass of samples (tuples in slot
        order) read from `file_list` through the shuffle pool. `seed` seeds the pool's draws; `kwargs`
        go to init_hook.

        Examples:
            .. code-block:: python

                >>> from paddle.trainer.PyDataProvider2 import provider, integer_value
                >>> @provider(input_types={"x": integer_value(10)}, should_shuffle=False)
                ... def process(settings, filename):
                ...     for i in range(3):
                ...         yield {"x": i}
                >>> list(process.reader(["any"])())
                [(0,), (1,), (2,)]
        """
        if isinstance(file_list, str):
            file_list = [file_list]
        return PassReader(self, self.settings(file_list, is_train=is_train, **kwargs), list(file_list), seed)


class PassReader:
    """A provider's reader creator over fixed files: call it for one pass's iterator. `generator_calls`
    counts the generator's runs and `peak_pool` the most samples the pool held in the last pass."""

    def __init__(self, provider, settings, files, seed):
        self.provider, self.settings, self.files = provider, settings, files
        self.rng = random.Random(seed)
        self.names, self.types = _slots(settings.input_types)
        self.cached, self.generator_calls, self.peak_pool = None, 0, 0

    def feeding(self):
        """{slot name: position} when input_types is a dict, else None."""
        return None if self.names is None else {n: i for i, n in enumerate(self.names)}

    def _samples(self):
        """One pass of normalized samples straight from the generator."""
        for f in self.files:
            self.generator_calls += 1
            for raw in self.provider.generator(self.settings, f):
                sample = self._normalize(raw)
                if sample is not None:
                    yield sample

    def _normalize(self, raw):
        """A generator's sample as a tuple in slot order (None to skip a bad one under check_fail_continue)."""
        if isinstance(raw, dict):
            if self.names is None:
                raise TypeError("@provider: a sample is a dict, but input_types is a list; make input_types a "
                                "dict {slot name: type}")
            missing = [n for n in self.names if n not in raw]
            if missing:
                raise ValueError(f"@provider: a sample lacks the slots {missing}")
            sample = tuple(raw[n] for n in self.names)
        elif len(self.types) == 1 and not isinstance(raw, tuple):
            sample = (raw,)
        else:
            sample = tuple(raw)
        if len(sample) != len(self.types):
            raise ValueError(f"@provider: a sample has {len(sample)} slots, but input_types declares "
                             f"{len(self.types)}")
        if self.provider.check:
            try:
                for i, (value, t) in enumerate(zip(sample, self.types)):
                    t.to_batch([value], self.names[i] if self.names else f"slot {i}")
            except (ValueError, TypeError):
                if self.provider.check_fail_continue:
                    return None
                raise
        return sample

    def __call__(self):
        if self.cached is not None:
            return self._replay()
        if self.provider.cache == CacheType.CACHE_PASS_IN_MEM:
            return self._pooled(self._caching())
        return self._pooled(self._samples())

    def _caching(self):
        """The generator's pass, kept in memory once it completes."""
        kept = []
        for s in self._samples():
            kept.append(s)
            yield s
        self.cached = kept

    def _replay(self):
        """A later pass of a CACHE_PASS_IN_MEM provider: the kept samples, shuffled as a whole."""
        order = list(self.cached)
        if self.settings.should_shuffle:
            self.rng.shuffle(order)
        return iter(order)

    def _limits(self):
        """(pool capacity or None, samples to hold before the first draw or None for all)."""
        cap = self.settings.pool_size if self.settings.pool_size > 0 else None
        low = self.settings.min_pool_size
        if low < 0:
            low = cap  # -1: fill the pool first (all the data when the pool is unbounded)
        elif cap is not None:
            low = min(low, cap)
        return cap, low

    def _pooled(self, samples):
        """Iterate `samples` through the pool, loaded by a background thread."""
        cap, low = self._limits()
        shuffle, rng = self.settings.should_shuffle, self.rng
        pool, cond = collections.deque() if not shuffle else [], threading.Condition()
        state = {"done": False, "stop": False, "error": None}
        self.peak_pool = 0

        def load():
            try:
                for s in samples:
                    with cond:
                        while cap is not None and len(pool) >= cap and not state["stop"]:
                            cond.wait()
                        if state["stop"]:
                            return
                        pool.append(s)
                        self.peak_pool = max(self.peak_pool, len(pool))
                        cond.notify_all()
            except BaseException as e:  # noqa: BLE001  (handed to the consumer)
                state["error"] = e
            finally:
                with cond:
                    state["done"] = True
                    cond.notify_all()

        loader = threading.Thread(target=load, name="PyDataProvider2-loader", daemon=True)
        loader.start()
        need = max(low, 1) if low is not None else None  # None: wait for all the data
        try:
            while True:
                with cond:
                    # every draw waits for the pool to hold min_pool_size samples (or the end of the data), so
                    # the shuffle always chooses among at least that many
                    while not state["done"] and (need is None or len(pool) < need):
                        cond.wait()
                    if state["error"] is not None:
                        raise state["error"]
                    if not pool:
                        return
                    if shuffle:
                        k = rng.randrange(len(pool))
                        pool[k], pool[-1] = pool[-1], pool[k]
                        s = pool.pop()
                    else:
                        s = pool.popleft()
                    cond.notify_all()
                yield s
        finally:
            with cond:
                state["stop"] = True
                cond.notify_all()


def provider(input_types=None, should_shuffle=None, pool_size=-1, min_pool_size=-1, can_over_batch_size=True,
             calc_batch_size=None, cache=CacheType.NO_CACHE, check=False, check_fail_continue=False,
             init_hook=None, **kwargs):
    """Decorate `generator(settings, filename)` (yielding samples) as a PyDataProvider2 data provider.

    Args:
        input_types (dict|list): the slots' types (dense_vector(n), sparse_binary_vector(n), integer_value(n),
            their *_sequence forms); a dict names the slots, and samples may then be dicts.
        should_shuffle (bool|None): shuffle through the pool; None: shuffle training data only.
        pool_size (int): the most samples held in memory (-1: no limit).
        min_pool_size (int): samples to load before the first is drawn (-1: fill the pool first).
        cache (int): CacheType.NO_CACHE or CacheType.CACHE_PASS_IN_MEM (replay pass 1 from memory).
        check (bool): check every sample against input_types; check_fail_continue skips bad ones.
        init_hook (callable): init_hook(settings, file_list=..., is_train=..., **args) runs before reading.

    Returns:
        A decorator giving a DataProvider.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer.PyDataProvider2 import provider, CacheType, dense_vector, integer_value
            >>> @provider(input_types=[dense_vector(2), integer_value(2)], cache=CacheType.CACHE_PASS_IN_MEM,
            ...           min_pool_size=0)
            ... def process(settings, filename):
            ...     yield [0.5, 1.0], 1
            >>> list(process.reader(["f"], is_train=False)())
            [([0.5, 1.0], 1)]
    """
    if calc_batch_size is not None:
        raise NotImplementedError("@provider: calc_batch_size is not supported by purepaddle's PyDataProvider2")
    if input_types is not None:
        _slots(input_types)

    def wrap(generator):
        return DataProvider(generator, input_types, should_shuffle, pool_size, min_pool_size, cache, init_hook,
                            check, check_fail_continue, kwargs)
    return wrap

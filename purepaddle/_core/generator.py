"""The global random Generator shared by random ops, dropout and initializers: Paddle's CPU generator.

Like Paddle's, it is a std::mt19937_64 engine (`_core.twister`) that `manual_seed` seeds through
std::seed_seq, and kernels draw from it with libstdc++'s distribution recipes
(`_core.distribution`), so a seeded program draws Paddle's numbers. A state taken with
`get_state` replays the following draws after `set_state`. An op-level `seed` attribute != 0
draws from a fresh engine seeded with it, as Paddle's kernels do.
"""
import os

import numpy as np

from .twister import Twister, seed_seq_words, seed_words

_U64 = 1 << 64


def _fresh_seed():
    """A nondeterministic seed (Paddle seeds its default generator randomly at start-up, 53 bits)."""
    return int.from_bytes(os.urandom(8), "little") & 0x1FFFFFFFFFFFFF


class GeneratorState:
    """An opaque snapshot of a Generator: pass it back to set_state to replay the same draws."""

    __slots__ = ("_seed", "_state")

    def __init__(self, seed, state):
        self._seed = seed
        self._state = state

    def current_seed(self):
        """The seed the generator was last seeded with."""
        return self._seed

    def clone(self):
        """An independent copy of this state."""
        words, pos = self._state
        return GeneratorState(self._seed, (words.copy(), pos))

    def __reduce__(self):
        return (GeneratorState, (self._seed, self._state))

    def __eq__(self, other):
        return (isinstance(other, GeneratorState) and self._seed == other._seed
                and self._state[1] == other._state[1] and np.array_equal(self._state[0], other._state[0]))

    __hash__ = None

    def __repr__(self):
        return f"<GeneratorState seed={self._seed}>"


class Generator:
    """A seedable random stream (Paddle's `core.Generator`): manual_seed, seed, get_state/set_state.

    `engine` is the `Twister` kernels draw from.
    """

    __slots__ = ("_seed", "engine")

    def __init__(self, seed=None):
        self.manual_seed(_fresh_seed() if seed is None else seed)

    def manual_seed(self, seed):
        """Reseed with an integer in [0, 2**64) (through std::seed_seq, which keeps its low 32 bits); returns self."""
        if isinstance(seed, np.integer):
            seed = int(seed)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _U64:
            raise TypeError(
                f"manual_seed(): the seed must be an int in [0, 2**64), but received {seed!r} "
                f"of type {type(seed).__name__}")
        self._seed = seed
        self._put(seed_seq_words(seed))
        return self

    def _put(self, words, pos=312):
        # the engine object is kept (a fresh randomgen engine costs more than its new state); kernels
        # look up `engine` at each draw, so nothing holds an old one
        engine = getattr(self, "engine", None)
        if engine is None:
            self.engine = Twister(words, pos)
        else:
            engine.set_state(words, pos)

    def seed(self):
        """Reseed nondeterministically and return the new seed."""
        s = _fresh_seed()
        self.manual_seed(s)
        return s

    def initial_seed(self):
        """The seed last given to manual_seed (or picked by seed())."""
        return self._seed

    def get_state(self):
        """A GeneratorState snapshot of the stream position."""
        return GeneratorState(self._seed, self.engine.state())

    def set_state(self, state):
        """Restore a snapshot taken by get_state: the following draws repeat."""
        if not isinstance(state, GeneratorState):
            raise TypeError(f"set_state(): expected a GeneratorState, but received {type(state).__name__}")
        self._seed = state._seed
        self._put(*state._state)
        return self

    def random(self):
        """The next raw 64-bit output of the engine, as an int."""
        return int(self.engine.raw(1)[0])

    def __repr__(self):
        return f"<purepaddle Generator seed={self._seed}>"


_DEFAULT = Generator()


def default_generator():
    """The process-wide CPU generator (`paddle.seed` reseeds it; dropout draws from it)."""
    return _DEFAULT


def engine(seed=0):
    """The engine an op draws from: the global one, or for an op-level `seed` != 0 a fresh std::mt19937_64(seed)."""
    if not seed:
        return _DEFAULT.engine
    return Twister(seed_words(int(seed) % _U64))

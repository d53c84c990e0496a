"""The global random Generator shared by random ops and dropout (PCG64 streams, not Paddle's mt19937_64).

Paddle's CPU generator is a std::mt19937_64 engine; purepaddle draws from NumPy's PCG64
instead, so for a given seed the numbers differ from real Paddle's. What holds is what
programs rely on: the same seed, or a restored state, gives the same numbers again within
purepaddle, and an op-level `seed` attribute != 0 draws from its own fixed stream.
"""
import os

import numpy as np

_U64 = 1 << 64


def _fresh_seed():
    """A nondeterministic seed (Paddle seeds its default generator randomly at start-up)."""
    return int.from_bytes(os.urandom(7), "little")


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
        return GeneratorState(self._seed, _copy_state(self._state))

    def __reduce__(self):
        return (GeneratorState, (self._seed, self._state))

    def __eq__(self, other):
        return (isinstance(other, GeneratorState) and self._seed == other._seed
                and self._state == other._state)

    __hash__ = None

    def __repr__(self):
        return f"<GeneratorState seed={self._seed}>"


def _copy_state(state):
    """A deep copy of a PCG64 state dict (nested dicts of ints and str)."""
    return {k: (_copy_state(v) if isinstance(v, dict) else v) for k, v in state.items()}


class Generator:
    """A seedable random stream (Paddle's `core.Generator`): manual_seed, seed, get_state/set_state.

    `rng` is the NumPy Generator kernels draw from.
    """

    __slots__ = ("_seed", "rng")

    def __init__(self, seed=None):
        self.manual_seed(_fresh_seed() if seed is None else seed)

    def manual_seed(self, seed):
        """Reseed with an integer in [0, 2**64); returns the generator."""
        if isinstance(seed, np.integer):
            seed = int(seed)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _U64:
            raise TypeError(
                f"manual_seed(): the seed must be an int in [0, 2**64), but received {seed!r} "
                f"of type {type(seed).__name__}")
        self._seed = seed
        self.rng = np.random.Generator(np.random.PCG64(seed))
        return self

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
        return GeneratorState(self._seed, _copy_state(self.rng.bit_generator.state))

    def set_state(self, state):
        """Restore a snapshot taken by get_state: the following draws repeat."""
        if not isinstance(state, GeneratorState):
            raise TypeError(f"set_state(): expected a GeneratorState, but received {type(state).__name__}")
        self._seed = state._seed
        bg = np.random.PCG64()
        bg.state = _copy_state(state._state)
        self.rng = np.random.Generator(bg)
        return self

    def random(self):
        """One random 64-bit unsigned integer from the stream."""
        return int(self.rng.integers(0, _U64, dtype=np.uint64))

    def __repr__(self):
        return f"<purepaddle Generator seed={self._seed}>"


_DEFAULT = Generator()


def default_generator():
    """The process-wide CPU generator (`paddle.seed` reseeds it; dropout draws from it)."""
    return _DEFAULT


def rng(seed=0):
    """The NumPy Generator an op draws from: the global stream, or a fixed one for `seed` != 0."""
    if not seed:
        return _DEFAULT.rng
    return np.random.Generator(np.random.PCG64(int(seed) % _U64))

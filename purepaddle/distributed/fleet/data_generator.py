"""paddle.distributed.fleet.data_generator: turn raw text lines into the MultiSlot text format that
InMemoryDataset / QueueDataset read through their pipe_command.

A user subclasses MultiSlotDataGenerator (numbers) or MultiSlotStringDataGenerator (strings), writes
generate_sample (and optionally generate_batch), and runs the script as the dataset's pipe_command: it reads
lines on stdin and writes one line per sample, each slot as `count v1 v2 ...`, slots separated by spaces.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable, Iterable, Sequence

__all__ = ["DataGenerator", "MultiSlotDataGenerator", "MultiSlotStringDataGenerator"]


class DataGenerator:
    """The base of the data generators: batching and the stdin/stdout loop; subclasses say how a sample is written.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.fleet as fleet
            >>> class Words(fleet.MultiSlotDataGenerator):
            ...     def generate_sample(self, line):
            ...         def local_iter():
            ...             yield [("words", [int(w) for w in line.split()])]
            ...         return local_iter
            >>> gen = Words()
            >>> gen.set_batch(16)
    """

    def __init__(self) -> None:
        self._proto_info = None
        self.batch_size_ = 32

    def set_batch(self, batch_size: int) -> None:
        """Set how many samples generate_batch receives at once.

        Args:
            batch_size (int): The number of samples per batch.

        Examples:
            .. code-block:: python

                >>> import paddle.distributed.fleet as fleet
                >>> gen = fleet.MultiSlotDataGenerator()
                >>> gen.set_batch(128)
        """
        self.batch_size_ = batch_size

    def _write_batches(self, samples: Iterable, out) -> None:
        """Group samples (None ones dropped) into batches, pass each through generate_batch, write the lines."""
        batch = []

        def flush():
            for sample in self.generate_batch(batch)():
                out.write(self._gen_str(sample))

        for sample in samples:
            if sample is None:
                continue
            batch.append(sample)
            if len(batch) == self.batch_size_:
                flush()
                batch = []
        if batch:
            flush()

    def run_from_memory(self) -> None:
        """Write to stdout the samples generate_sample(None) yields (for debugging and benchmarks).

        Examples:
            .. code-block:: python

                >>> import paddle.distributed.fleet as fleet
                >>> class Fixed(fleet.MultiSlotDataGenerator):
                ...     def generate_sample(self, line):
                ...         def local_iter():
                ...             yield [("words", [1, 2, 3])]
                ...         return local_iter
                >>> Fixed().run_from_memory()
                3 1 2 3
        """
        self._write_batches(self.generate_sample(None)(), sys.stdout)

    def run_from_stdin(self) -> None:
        """Read lines from stdin, turn each into samples with generate_sample, write them to stdout.

        This is what a dataset's pipe_command script calls.

        Examples:
            .. code-block:: python

                >>> import paddle.distributed.fleet as fleet
                >>> class Words(fleet.MultiSlotDataGenerator):
                ...     def generate_sample(self, line):
                ...         def local_iter():
                ...             yield [("words", [int(w) for w in line.split()])]
                ...         return local_iter
                >>> gen = Words()  # a pipe_command script then calls gen.run_from_stdin()
        """
        def samples():
            for line in sys.stdin:
                yield from self.generate_sample(line)()
        self._write_batches(samples(), sys.stdout)

    def _gen_str(self, line) -> str:
        """One sample as a line of text; the subclasses define the format."""
        raise NotImplementedError("pls use MultiSlotDataGenerator or PairWiseDataGenerator")

    def generate_sample(self, line: str | None) -> Callable[[], Iterable]:
        """Override: return a function whose call yields the samples of `line`, each a list or tuple of
        (slot name, [feasign, ...]) pairs.

        Args:
            line (str|None): One raw line (None under run_from_memory).

        Returns:
            A function of no arguments that returns an iterator of samples.

        Examples:
            .. code-block:: python

                >>> import paddle.distributed.fleet as fleet
                >>> class Words(fleet.MultiSlotDataGenerator):
                ...     def generate_sample(self, line):
                ...         def local_iter():
                ...             yield [("words", [int(w) for w in line.split()])]
                ...         return local_iter
                >>> list(Words().generate_sample("1 2")())
                [[('words', [1, 2])]]
        """
        raise NotImplementedError("Please rewrite this function to return a list or tuple: "
                                  "[(name, [feasign, ...]), ...] or ((name, [feasign, ...]), ...)")

    def generate_batch(self, samples: list) -> Callable[[], Iterable]:
        """Override to process a batch of samples together (padding, say); by default yields them unchanged.

        Args:
            samples (list): The samples generate_sample gave, batch_size of them (fewer for the last batch).

        Returns:
            A function of no arguments that returns an iterator of samples.

        Examples:
            .. code-block:: python

                >>> import paddle.distributed.fleet as fleet
                >>> gen = fleet.MultiSlotDataGenerator()
                >>> list(gen.generate_batch([[("a", [1])]])())
                [[('a', [1])]]
        """
        def local_iter():
            yield from samples
        return local_iter


def _slots(line, example):
    """The sample as a list of (name, elements) pairs, or Paddle's error when it is no list or tuple."""
    if isinstance(line, zip):
        line = list(line)
    if not isinstance(line, (list, tuple)):
        raise ValueError(f"the output of process() must be in list or tuple type{example}")
    return line


class MultiSlotStringDataGenerator(DataGenerator):
    """A data generator whose slots hold strings, written as they are: `count s1 s2 ... count s1 ...`.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.fleet as fleet
            >>> gen = fleet.MultiSlotStringDataGenerator()
            >>> gen._gen_str([("words", ["1926", "08", "17"]), ("label", ["1"])])
            '3 1926 08 17 1 1\\n'
    """

    def _gen_str(self, line: Sequence[tuple[str, list[str]]]) -> str:
        line = _slots(line, "Examples: [('words', ['1926', '08', '17']), ('label', ['1'])]")
        return " ".join(" ".join([str(len(elements)), *elements]) for _, elements in line) + "\n"


class MultiSlotDataGenerator(DataGenerator):
    """A data generator whose slots hold ints (uint64 slots) or floats (float slots): `count v1 v2 ...` per slot.

    The first sample fixes the slot names; a slot becomes a float slot once a float appears in it.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.fleet as fleet
            >>> gen = fleet.MultiSlotDataGenerator()
            >>> gen._gen_str([("words", [1926, 8, 17]), ("label", [1])])
            '3 1926 8 17 1 1\\n'
            >>> gen._proto_info
            [('words', 'uint64'), ('label', 'uint64')]
    """

    def _gen_str(self, line: Sequence[tuple[str, list[float]]]) -> str:
        line = _slots(line, "Example: [('words', [1926, 08, 17]), ('label', [1])]")
        first = self._proto_info is None
        if first:
            self._proto_info = []
        elif len(line) != len(self._proto_info):
            raise ValueError("the complete field set of two given line are inconsistent.")
        parts = []
        for index, (name, elements) in enumerate(line):
            if not isinstance(name, str):
                raise ValueError(f"name{type(name)} must be in str type")
            if not isinstance(elements, list):
                raise ValueError(f"elements{type(elements)} must be in list type")
            if not elements:
                raise ValueError("the elements of each field can not be empty, you need padding it in process().")
            if first:
                self._proto_info.append((name, "uint64"))
            elif name != self._proto_info[index][0]:
                raise ValueError(f"the field name of two given line are not match: "
                                 f"require<{self._proto_info[index][0]}>, get<{name}>.")
            for elem in elements:
                # the first sample checks every element; later ones stop checking a slot once it is a float slot
                if first or self._proto_info[index][1] != "float":
                    if isinstance(elem, float):
                        self._proto_info[index] = (name, "float")
                    elif not isinstance(elem, int):
                        raise ValueError(f"the type of element{type(elem)} must be in int or float")
            parts.append(" ".join([str(len(elements)), *map(str, elements)]))
        return " ".join(parts) + "\n"

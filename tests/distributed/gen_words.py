"""A pipe_command data generator (run as `python gen_words.py KIND`, lines on stdin) for the data generator and
dataset tests: KIND 'int' writes MultiSlotDataGenerator lines, 'str' MultiSlotStringDataGenerator lines.

Each input line `label w1 w2 ...` becomes the slots words (ints, or floats when a word has a dot) and label.
"""
import sys

import paddle.distributed.fleet as fleet

KIND = sys.argv[1] if len(sys.argv) > 1 else "int"
Base = fleet.MultiSlotDataGenerator if KIND == "int" else fleet.MultiSlotStringDataGenerator


class Words(Base):
    def generate_sample(self, line):
        def local_iter():
            parts = line.split()
            if not parts:
                yield None
                return
            if KIND == "int":
                words = [float(w) if "." in w else int(w) for w in parts[1:]] or [0]
                yield [("words", words), ("label", [int(parts[0])])]
            else:
                yield zip(["words", "label"], [parts[1:] or ["0"], parts[:1]])
        return local_iter

    def generate_batch(self, samples):
        def local_iter():
            for s in samples:  # a batch hook that keeps the order and duplicates nothing
                yield s
        return local_iter


if __name__ == "__main__":
    gen = Words()
    gen.set_batch(2)
    gen.run_from_stdin()

"""The data provider of the v2 text classifier: one review per line, "<label>\t<words>", read by a PyDataProvider2
@provider as a sparse bag of word ids (sparse_binary_vector over the dictionary) and a 0/1 label.

`write_corpus` makes the synthetic data set: reviews of 4-12 words drawn from a dictionary in which two
hundred words lean positive or negative and the rest are neutral; the label is the review's leaning."""
import random

from paddle.trainer.PyDataProvider2 import CacheType, integer_value, provider, sparse_binary_vector

DICT_SIZE, LEANING = 5000, 100  # words 0..99 lean negative, 100..199 positive, the rest are neutral


def write_corpus(path, n, seed):
    """Write `n` labelled reviews to `path` (one per line: label, tab, space-separated words)."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(n):
            label = rng.randint(0, 1)
            words = []
            for _ in range(rng.randint(4, 12)):
                r = rng.random()
                if r < 0.45:
                    words.append(rng.randrange(LEANING) + LEANING * label)  # a word of the review's leaning
                elif r < 0.52:
                    words.append(rng.randrange(LEANING) + LEANING * (1 - label))  # a word against it
                else:
                    words.append(rng.randrange(2 * LEANING, DICT_SIZE))
            f.write(f"{label}\t{' '.join(f'w{w}' for w in words)}\n")


def initialize(settings, dictionary, **kwargs):
    """init_hook: the slots' types come from the dictionary handed over in define_py_data_sources2's args."""
    settings.dictionary = dictionary
    settings.input_types = {"word": sparse_binary_vector(len(dictionary)), "label": integer_value(2)}


@provider(init_hook=initialize, cache=CacheType.CACHE_PASS_IN_MEM, pool_size=512, min_pool_size=512)
def process(settings, filename):
    """Yield {"word": [ids of the review's known words], "label": 0 or 1} for each line of `filename`."""
    with open(filename, encoding="utf-8") as f:
        for line in f:
            label, text = line.rstrip("\n").split("\t")
            ids = sorted({settings.dictionary[w] for w in text.split() if w in settings.dictionary})
            yield {"word": ids, "label": int(label)}


def dictionary():
    """word -> id for the DICT_SIZE words."""
    return {f"w{i}": i for i in range(DICT_SIZE)}

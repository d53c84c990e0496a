"""paddle.dataset.conll05: the CoNLL-2005 semantic role labelling test set (the WSJ part of conll05st-tests.tar.gz
and its word / verb / target dictionaries and embedding, in ~/.cache/paddle/dataset/conll05st/).

Each sample is one (sentence, predicate) pair: the word ids, five context-word ids around the predicate (each
repeated over the sentence), the predicate id, a 0/1 mark of the context window and the IOB label ids.
paddle.text.Conll05st reads through the same functions.
"""
import gzip
import tarfile

from . import common
from ._deprecation import superseded_by

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/conll05st/conll05st-tests.tar.gz"
DATA_MD5 = "387719152ae52d60422c016e92a742fc"
WORDDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FwordDict.txt"
WORDDICT_MD5 = "ea7fb7d4c75cc6254716f0177a506baa"
VERBDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FverbDict.txt"
VERBDICT_MD5 = "0d2977293bbb6cbefab5b0f97db1e77c"
TRGDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FtargetDict.txt"
TRGDICT_MD5 = "d8c7f03ceb5fc2e5a0fa7503a4353751"
EMB_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2Femb"
EMB_MD5 = "bf436eb0faa1f6f9103017f8be57cdb7"
UNK_IDX = 0
WORDS_NAME = "conll05st-release/test.wsj/words/test.wsj.words.gz"
PROPS_NAME = "conll05st-release/test.wsj/props/test.wsj.props.gz"


def load_label_dict(filename):
    """The label dict of a target dictionary file: B-tag, I-tag for each tag (in the order of a Python set of the
    tags, as Paddle builds it), then 'O'.

    Args:
        filename (str): the file (one label per line).

    Returns:
        dict: label -> id.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> path = os.path.join(tempfile.mkdtemp(), 'target.txt')
            >>> _ = open(path, 'w').write('B-A0\\nI-A0\\nO\\n')
            >>> paddle.dataset.conll05.load_label_dict(path)
            {'B-A0': 0, 'I-A0': 1, 'O': 2}
    """
    tags = set()
    with open(filename, "r") as f:
        for line in f:
            line = line.strip()
            if line.startswith(("B-", "I-")):
                tags.add(line[2:])
    d, index = {}, 0
    for tag in tags:
        d["B-" + tag], d["I-" + tag] = index, index + 1
        index += 2
    d["O"] = index
    return d


def load_dict(filename):
    """word -> line number of a dictionary file (one word per line).

    Args:
        filename (str): the file.

    Returns:
        dict: word -> id.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> path = os.path.join(tempfile.mkdtemp(), 'words.txt')
            >>> _ = open(path, 'w').write('a\\nb\\n')
            >>> paddle.dataset.conll05.load_dict(path)
            {'a': 0, 'b': 1}
    """
    with open(filename, "r") as f:
        return {line.strip(): i for i, line in enumerate(f)}


def _iob(columns):
    """One predicate's bracketed column ('(A0*', '*', '*)', '(V*)', ...) as IOB labels."""
    tag, inside, out = "O", False, []
    for cell in columns:
        if cell == "*":
            out.append("I-" + tag if inside else "O")
        elif cell == "*)":
            out.append("I-" + tag)
            inside = False
        elif "(" in cell:
            tag = cell[1:cell.find("*")]
            out.append("B-" + tag)
            inside = ")" not in cell
        else:
            raise RuntimeError(f"Unexpected label: {cell}")
    return out


def corpus_samples(data_path, words_name=WORDS_NAME, props_name=PROPS_NAME):
    """(sentence words, predicate, IOB labels) for each predicate of each sentence of the archive's gzip'ed words
    and props files (a blank props line ends a sentence)."""
    with tarfile.open(data_path) as tf, gzip.GzipFile(fileobj=tf.extractfile(words_name)) as words_file, \
            gzip.GzipFile(fileobj=tf.extractfile(props_name)) as props_file:
        sentence, rows = [], []
        for word, props in zip(words_file, props_file):
            word, props = word.strip().decode(), props.strip().decode().split()
            if props:
                sentence.append(word)
                rows.append(props)
                continue
            columns = [[row[i] for row in rows] for i in range(len(rows[0]))]
            if columns:
                verbs = [v for v in columns[0] if v != "-"]
                for i, col in enumerate(columns[1:]):
                    yield sentence, verbs[i], _iob(col)
            sentence, rows = [], []


def sample_ids(sentence, predicate, labels, word_dict, predicate_dict, label_dict):
    """The nine id lists of one (sentence, predicate, labels): words, ctx_n2, ctx_n1, ctx_0, ctx_p1, ctx_p2,
    predicate, mark, labels."""
    n = len(sentence)
    v = labels.index("B-V")
    mark = [0] * len(labels)
    for k in range(max(v - 2, 0), min(v + 3, len(labels))):
        mark[k] = 1
    ctx = [sentence[v + k] if 0 <= v + k < len(labels) else ("bos" if k < 0 else "eos") for k in (-2, -1, 0, 1, 2)]
    word_ids = [word_dict.get(w, UNK_IDX) for w in sentence]
    ctx_ids = [[word_dict.get(w, UNK_IDX)] * n for w in ctx]
    return (word_ids, *ctx_ids, [predicate_dict.get(predicate)] * n, mark, [label_dict.get(w) for w in labels])


def corpus_reader(data_path, words_name, props_name):
    """A reader creator of (sentence, predicate, labels) over the archive's words and props files.

    Args:
        data_path (str): conll05st-tests.tar.gz.
        words_name (str): the gzip'ed words member.
        props_name (str): the gzip'ed props member.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the CoNLL-05 archive")
            >>> r = paddle.dataset.conll05.corpus_reader('conll05st-tests.tar.gz', 'words.gz', 'props.gz')
    """
    return lambda: corpus_samples(data_path, words_name, props_name)


def reader_creator(corpus_reader, word_dict=None, predicate_dict=None, label_dict=None):
    """A reader creator of the nine id lists of each sample of corpus_reader (see sample_ids)."""
    def reader():
        for sentence, predicate, labels in corpus_reader():
            yield sample_ids(sentence, predicate, labels, word_dict, predicate_dict, label_dict)
    return reader


@superseded_by("paddle.text.datasets.Conll05st")
def get_dict():
    """The cached word, verb and label dictionaries.

    Returns:
        tuple: (word_dict, verb_dict, label_dict).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/conll05st")
            >>> word_dict, verb_dict, label_dict = paddle.dataset.conll05.get_dict()
    """
    return (load_dict(common.download(WORDDICT_URL, "conll05st", WORDDICT_MD5)),
            load_dict(common.download(VERBDICT_URL, "conll05st", VERBDICT_MD5)),
            load_label_dict(common.download(TRGDICT_URL, "conll05st", TRGDICT_MD5)))


@superseded_by("paddle.text.datasets.Conll05st")
def get_embedding():
    """The cached embedding file's path."""
    return common.download(EMB_URL, "conll05st", EMB_MD5)


@superseded_by("paddle.text.datasets.Conll05st")
def test():
    """The CoNLL-05 WSJ test reader creator (nine id lists per sample).

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/conll05st")
            >>> sample = next(paddle.dataset.conll05.test()())
    """
    word_dict, verb_dict, label_dict = get_dict()
    corpus = corpus_reader(common.download(DATA_URL, "conll05st", DATA_MD5), WORDS_NAME, PROPS_NAME)
    return reader_creator(corpus, word_dict, verb_dict, label_dict)


@superseded_by("paddle.text.datasets.Conll05st")
def fetch():
    """Check that every CoNLL-05 file is in the cache (purepaddle never downloads; a missing one raises)."""
    for url, md5 in ((WORDDICT_URL, WORDDICT_MD5), (VERBDICT_URL, VERBDICT_MD5), (TRGDICT_URL, TRGDICT_MD5),
                     (EMB_URL, EMB_MD5), (DATA_URL, DATA_MD5)):
        common.download(url, "conll05st", md5)

"""paddle.text.Conll05st: the CoNLL-2005 semantic role labelling test set (WSJ part)."""
import numpy as np

from ...dataset import conll05 as _conll
from ...dataset.common import data_file_or_cached
from ...io import Dataset

__all__ = ["Conll05st"]


class Conll05st(Dataset):
    """CoNLL-05 samples, one per (sentence, predicate): nine int64 arrays (word ids, the ids of the two words
    before, the predicate word and the two after, each repeated over the sentence; the predicate id; the 0/1
    context mark; the IOB label ids).

    Args:
        data_file (str|None, optional): conll05st-tests.tar.gz; None looks in Paddle's cache,
            ~/.cache/paddle/dataset/conll05st/ (never downloaded: a missing file raises an error naming the URL
            and that path). Default None.
        word_dict_file (str|None, optional): the word dictionary (conll05st%2FwordDict.txt in the cache).
        verb_dict_file (str|None, optional): the verb dictionary (conll05st%2FverbDict.txt).
        target_dict_file (str|None, optional): the label dictionary (conll05st%2FtargetDict.txt).
        emb_file (str|None, optional): the word embedding file (conll05st%2Femb).
        download (bool, optional): allow the cache lookup for files not given. Default True.

    Returns:
        Dataset: the CoNLL-05 data set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the CoNLL-05 files in ~/.cache/paddle/dataset/conll05st")
            >>> data = paddle.text.Conll05st()
            >>> word_dict, predicate_dict, label_dict = data.get_dict()
    """

    def __init__(self, data_file=None, word_dict_file=None, verb_dict_file=None, target_dict_file=None,
                 emb_file=None, download=True):
        def resolve(path, arg, url, md5):
            if path is None:
                assert download, f"{arg} is not set and downloading automatically is disabled"
                path = data_file_or_cached(path, url, md5, "conll05st", download)
            return path
        self.data_file = resolve(data_file, "data_file", _conll.DATA_URL, _conll.DATA_MD5)
        self.word_dict_file = resolve(word_dict_file, "word_dict_file", _conll.WORDDICT_URL, _conll.WORDDICT_MD5)
        self.verb_dict_file = resolve(verb_dict_file, "verb_dict_file", _conll.VERBDICT_URL, _conll.VERBDICT_MD5)
        self.target_dict_file = resolve(target_dict_file, "target_dict_file", _conll.TRGDICT_URL,
                                        _conll.TRGDICT_MD5)
        self.emb_file = resolve(emb_file, "emb_file", _conll.EMB_URL, _conll.EMB_MD5)
        self.word_dict = _conll.load_dict(self.word_dict_file)
        self.predicate_dict = _conll.load_dict(self.verb_dict_file)
        self.label_dict = _conll.load_label_dict(self.target_dict_file)
        self.sentences, self.predicates, self.labels = [], [], []
        for sentence, predicate, labels in _conll.corpus_samples(self.data_file):
            self.sentences.append(sentence)
            self.predicates.append(predicate)
            self.labels.append(labels)

    def __getitem__(self, idx):
        ids = _conll.sample_ids(self.sentences[idx], self.predicates[idx], self.labels[idx], self.word_dict,
                                self.predicate_dict, self.label_dict)
        return tuple(np.array(x) for x in ids)

    def __len__(self):
        return len(self.sentences)

    def get_dict(self):
        """(word_dict, predicate_dict, label_dict)."""
        return self.word_dict, self.predicate_dict, self.label_dict

    def get_embedding(self):
        """The embedding file's path."""
        return self.emb_file

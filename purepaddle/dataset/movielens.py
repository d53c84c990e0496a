"""paddle.dataset.movielens: the MovieLens 1M ratings (ml-1m.zip in ~/.cache/paddle/dataset/movielens/).

Each sample joins a rating with its user (id, gender 0/1, age bucket, job) and movie (id, category ids, title word
ids); the rating is mapped to 2 * r - 5. Ratings go to the test split with probability test_ratio, drawn with
NumPy's global generator after np.random.seed(rand_seed), as in Paddle. Title words and categories are numbered in
the iteration order of Python sets, as Paddle numbers them (it follows PYTHONHASHSEED).
paddle.text.Movielens reads through the same functions.
"""
import functools
import re
import zipfile

import numpy as np

from . import common
from ._deprecation import superseded_by

__all__ = []

age_table = [1, 18, 25, 35, 45, 50, 56]
URL = "https://dataset.bj.bcebos.com/movielens%2Fml-1m.zip"
MD5 = "c4d9eecfca2ab87c1945afe126590906"

MOVIE_INFO = None  # filled once per process by the first reader, as Paddle's module globals
MOVIE_TITLE_DICT = None
CATEGORIES_DICT = None
USER_INFO = None


class MovieInfo:
    """A movie: its id, categories and title (without the year)."""

    def __init__(self, index, categories, title):
        self.index = int(index)
        self.categories = categories
        self.title = title

    def value(self, categories_dict=None, movie_title_dict=None):
        """[id, category ids, title word ids] (the module's dictionaries unless given)."""
        categories_dict = CATEGORIES_DICT if categories_dict is None else categories_dict
        movie_title_dict = MOVIE_TITLE_DICT if movie_title_dict is None else movie_title_dict
        return [self.index, [categories_dict[c] for c in self.categories],
                [movie_title_dict[w.lower()] for w in self.title.split()]]

    def __str__(self):
        return f"<MovieInfo id({self.index}), title({self.title}), categories({self.categories})>"

    __repr__ = __str__


class UserInfo:
    """A user: id, gender, age bucket (index into age_table) and job id."""

    def __init__(self, index, gender, age, job_id):
        self.index = int(index)
        self.is_male = gender == "M"
        self.age = age_table.index(int(age))
        self.job_id = int(job_id)

    def value(self):
        """[id, 0 for male / 1 for female, age bucket, job id]."""
        return [self.index, 0 if self.is_male else 1, self.age, self.job_id]

    def __str__(self):
        return (f"<UserInfo id({self.index}), gender({'M' if self.is_male else 'F'}), age({age_table[self.age]}), "
                f"job({self.job_id})>")

    __repr__ = __str__


def read_meta(path):
    """(movie_info, movie_title_dict, categories_dict, user_info) of the zip's movies.dat and users.dat."""
    year = re.compile(r"^(.*)\((\d+)\)$")
    movies, title_words, categories = {}, set(), set()
    users = {}
    with zipfile.ZipFile(path) as package:
        with package.open("ml-1m/movies.dat") as f:
            for line in f:
                movie_id, title, cats = line.decode(encoding="latin").strip().split("::")
                cats = cats.split("|")
                categories.update(cats)
                title = year.match(title).group(1)
                movies[int(movie_id)] = MovieInfo(index=movie_id, categories=cats, title=title)
                title_words.update(w.lower() for w in title.split())
        with package.open("ml-1m/users.dat") as f:
            for line in f:
                uid, gender, age, job, _ = line.decode(encoding="latin").strip().split("::")
                users[int(uid)] = UserInfo(index=uid, gender=gender, age=age, job_id=job)
    return (movies, {w: i for i, w in enumerate(title_words)}, {c: i for i, c in enumerate(categories)}, users)


def ratings(path, test_ratio, is_test):
    """(user id, movie id, 2 * rating - 5) of the ratings in the split: one np.random.random() draw per line."""
    with zipfile.ZipFile(path) as package, package.open("ml-1m/ratings.dat") as f:
        for line in f:
            line = line.decode(encoding="latin")
            if (np.random.random() < test_ratio) == is_test:
                uid, mov_id, rating, _ = line.strip().split("::")
                yield int(uid), int(mov_id), float(rating) * 2 - 5.0


def _initialize_meta_info():
    global MOVIE_INFO, MOVIE_TITLE_DICT, CATEGORIES_DICT, USER_INFO
    path = common.download(URL, "movielens", MD5)
    if MOVIE_INFO is None:
        MOVIE_INFO, MOVIE_TITLE_DICT, CATEGORIES_DICT, USER_INFO = read_meta(path)
    return path


def _reader(rand_seed=0, test_ratio=0.1, is_test=False):
    path = _initialize_meta_info()
    np.random.seed(rand_seed)
    for uid, mov_id, rating in ratings(path, test_ratio, is_test):
        yield USER_INFO[uid].value() + MOVIE_INFO[mov_id].value() + [[rating]]


@superseded_by("paddle.text.datasets.Movielens", name="__reader_creator__")
def _reader_creator(**kwargs):
    return lambda: _reader(**kwargs)


train = functools.partial(_reader_creator, is_test=False)
train.__doc__ = """The training reader creator (train(rand_seed=0, test_ratio=0.1)): [user id, gender, age, job,
movie id, category ids, title ids, [rating]] per sample."""
test = functools.partial(_reader_creator, is_test=True)
test.__doc__ = """The test reader creator (test(rand_seed=0, test_ratio=0.1)); samples as train's."""


@superseded_by("paddle.text.datasets.Movielens")
def get_movie_title_dict():
    """title word -> id.

    Returns:
        dict: the title word dictionary.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/movielens/movielens%2Fml-1m.zip")
            >>> words = paddle.dataset.movielens.get_movie_title_dict()
    """
    _initialize_meta_info()
    return MOVIE_TITLE_DICT


@superseded_by("paddle.text.datasets.Movielens")
def max_movie_id():
    """The largest movie id."""
    _initialize_meta_info()
    return max(m.index for m in MOVIE_INFO.values())


@superseded_by("paddle.text.datasets.Movielens")
def max_user_id():
    """The largest user id."""
    _initialize_meta_info()
    return max(u.index for u in USER_INFO.values())


@superseded_by("paddle.text.datasets.Movielens")
def max_job_id():
    """The largest job id."""
    _initialize_meta_info()
    return max(u.job_id for u in USER_INFO.values())


@superseded_by("paddle.text.datasets.Movielens")
def movie_categories():
    """category -> id."""
    _initialize_meta_info()
    return CATEGORIES_DICT


@superseded_by("paddle.text.datasets.Movielens")
def user_info():
    """user id -> UserInfo."""
    _initialize_meta_info()
    return USER_INFO


@superseded_by("paddle.text.datasets.Movielens")
def movie_info():
    """movie id -> MovieInfo."""
    _initialize_meta_info()
    return MOVIE_INFO


@superseded_by("paddle.text.datasets.Movielens")
def fetch():
    """Check that ml-1m.zip is in the cache (purepaddle never downloads; a missing file raises)."""
    return common.download(URL, "movielens", MD5)


def unittest():
    """Read the whole train and test sets once and print the index of the last sample of each (a self-check that
    the files download and parse; like Paddle it prints the last index, one less than the count).

    Examples:
        .. code-block:: python

            >>> # doctest: +SKIP("downloads the MovieLens files")
            >>> import paddle
            >>> paddle.dataset.movielens.unittest()
    """
    train_count = test_count = -1
    for train_count, _ in enumerate(train()()):
        pass
    for test_count, _ in enumerate(test()()):
        pass
    print(train_count, test_count)

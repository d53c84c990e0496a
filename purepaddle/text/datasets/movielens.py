"""paddle.text.Movielens: the MovieLens 1M ratings with user and movie features."""
import numpy as np

from ...dataset import movielens as _ml
from ...dataset.common import data_file_or_cached
from ...dataset.movielens import MovieInfo, UserInfo, age_table  # noqa: F401  (Paddle's module holds them)
from ...io import Dataset

__all__ = ["Movielens"]


class Movielens(Dataset):
    """MovieLens 1M: items are 8 int64/float arrays: [user id], [gender], [age bucket], [job], [movie id],
    category ids, title word ids, [2 * rating - 5].

    Ratings go to 'test' with probability test_ratio (np.random.seed(rand_seed), then one draw per rating, as
    Paddle draws them). Title words and categories are numbered in Python set order (as in Paddle).

    Args:
        data_file (str|None, optional): ml-1m.zip; None looks in Paddle's cache,
            ~/.cache/paddle/dataset/sentiment/movielens%2Fml-1m.zip (the folder Paddle's class uses; never
            downloaded: a missing file raises an error naming the URL and that path). Default None.
        mode (str, optional): 'train' or 'test'. Default 'train'.
        test_ratio (float, optional): the test share. Default 0.1.
        rand_seed (int, optional): the NumPy seed of the split. Default 0.
        download (bool, optional): allow the cache lookup when data_file is None. Default True.

    Returns:
        Dataset: the Movielens data set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ml-1m.zip in ~/.cache/paddle/dataset/sentiment")
            >>> data = paddle.text.Movielens(mode='train')
            >>> len(data[0])
            8
    """

    def __init__(self, data_file=None, mode="train", test_ratio=0.1, rand_seed=0, download=True):
        assert mode.lower() in ("train", "test"), f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        self.data_file = data_file
        if self.data_file is None:
            assert download, "data_file is not set and downloading automatically is disabled"
            self.data_file = data_file_or_cached(data_file, _ml.URL, _ml.MD5, "sentiment", download)
        self.test_ratio = test_ratio
        self.rand_seed = rand_seed
        np.random.seed(rand_seed)
        self.movie_info, self.movie_title_dict, self.categories_dict, self.user_info = _ml.read_meta(self.data_file)
        self.data = []
        for uid, mov_id, rating in _ml.ratings(self.data_file, test_ratio, self.mode == "test"):
            user = [[v] for v in self.user_info[uid].value()]
            index, cats, words = self.movie_info[mov_id].value(self.categories_dict, self.movie_title_dict)
            self.data.append(user + [[index], cats, words] + [[rating]])

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)

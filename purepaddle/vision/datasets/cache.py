"""Where Paddle's vision dataset downloads live (~/.cache/paddle/dataset/<folder>/<file>): the data file of a
dataset built without an explicit `data_file`, through utils.download (used when present, downloaded when absent,
else an error naming the URL and the path to put it at)."""
import os

from ...utils import download as _download

__all__ = ["cached_file"]


def cached_file(url, folder, dataset, download=True, arg="data_file"):
    """The path of `url`'s file in Paddle's cache folder `folder` (FileNotFoundError naming URL and destination)."""
    if not download:
        raise AssertionError(f"{arg} is not set and downloading automatically is disabled")
    path = os.path.join(_download.DATA_HOME, folder, url.rsplit("/", 1)[-1])
    return _download.cached_file(url, path, what=f"{dataset}'s data file (or pass {arg}=)")

"""Where Paddle's dataset downloads live (~/.cache/paddle/dataset/<folder>/<file>) and the offline error.

A local stand-in for the shared utils.download helper (issue 16's surface work); datasets call cached_file only.
"""
import os

__all__ = ["DATA_HOME", "cached_file"]

DATA_HOME = os.path.expanduser(os.path.join("~", ".cache", "paddle", "dataset"))


def cached_file(url, folder, dataset, download=True, arg="data_file"):
    """The path of `url`'s file in Paddle's cache folder; FileNotFoundError naming URL and destination if absent."""
    fname = url.rsplit("/", 1)[-1]
    path = os.path.join(DATA_HOME, folder, fname)
    if not download:
        raise AssertionError(f"{arg} is not set and downloading automatically is disabled")
    if not os.path.exists(path):
        raise FileNotFoundError(f"{dataset}: {fname} not found. purepaddle never downloads data sets: get {url} and "
                                f"put it at {path} (the folder real Paddle downloads to), or pass {arg}=.")
    return path

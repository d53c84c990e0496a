"""paddle.hub: load models from a repository's hubconf.py (a local directory, or github/gitee through the cache)."""
from .hapi.hub import help, list, load, load_state_dict_from_url  # noqa: A004,F401

__all__ = ["list", "help", "load", "load_state_dict_from_url"]

"""`paddle.trainer`: the legacy trainer: PyDataProvider2 (the @provider data providers) and cli (the
`purepaddle train` command, the v0.x `paddle train`)."""
from . import PyDataProvider2, cli  # noqa: F401

__all__ = ["PyDataProvider2", "cli"]

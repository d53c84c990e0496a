"""paddle.distributed.launch(): the launcher CLI (launch/) run on sys.argv from Python, as
`python -m paddle.distributed.launch` runs it; the launcher is imported only when called."""
__all__ = ["launch"]


def launch():
    """`paddle.distributed.launch()`: run the launcher on sys.argv (as `python -m paddle.distributed.launch`)."""
    import sys

    from .launch.main import launch as _launch
    sys.exit(_launch())

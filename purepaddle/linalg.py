"""paddle.linalg: the linear-algebra namespace (re-exports from purepaddle.tensor.linalg)."""

"""Math ops (paddle.tensor.math): elementwise, unary, reductions, scans, special functions."""

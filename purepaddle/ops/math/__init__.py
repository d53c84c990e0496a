"""Math ops (paddle.tensor.math): elementwise, number-level, list-combining and unary
ops, reductions, scans, special functions."""

"""Creation ops (paddle.tensor.creation): fill and copy, evenly spaced values, matrix structure,
conversion."""

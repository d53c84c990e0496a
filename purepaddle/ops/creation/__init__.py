"""Creation ops (paddle.tensor.creation): fill and copy, ranges, matrix structure, conversion."""

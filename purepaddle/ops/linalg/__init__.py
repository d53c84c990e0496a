"""Linear-algebra ops (paddle.tensor.linalg): products, decompositions, norms, histogramdd."""

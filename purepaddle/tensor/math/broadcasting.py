"""Broadcast shape arithmetic on plain lists of sizes: broadcast_shape, broadcast_shapes (paddle.*)."""


def broadcast_shape(x_shape, y_shape):
    """The shape two shapes broadcast to (numpy rules).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.broadcast_shape([2, 1, 3], [4, 3])
            [2, 4, 3]
    """
    a, b = list(x_shape), list(y_shape)
    n = max(len(a), len(b))
    a, b = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
    out = []
    for i, (p, q) in enumerate(zip(a, b)):
        if p == q or q == 1:
            out.append(p)
        elif p == 1:
            out.append(q)
        else:
            raise ValueError(
                "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with the "
                f"shape of X = {list(x_shape)} and the shape of Y = {list(y_shape)}. Received [{p}] in X is not "
                f"equal to [{q}] in Y at i:{i}.")
    return out


def broadcast_shapes(*shapes):
    """The shape that all the given shapes broadcast to (numpy rules; -1 stands for an unknown size).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.broadcast_shapes([5, 1, 3], [1, 4, 1], [1, 1, 3])
            [5, 4, 3]
    """
    out = []
    for shape in shapes:
        a, b = list(out), [int(s) for s in shape]
        n = max(len(a), len(b))
        a, b = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
        res = []
        for i, (p, q) in enumerate(zip(a, b)):
            if p == q or q == 1 or q == -1 and p != 1:
                res.append(p)
            elif p == 1 or p == -1:
                res.append(q)
            else:
                raise ValueError(
                    "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with "
                    f"the shape of X = {a} and the shape of Y = {b}. Received [{p}] in X is not equal to [{q}] in Y "
                    f"at i:{i}.")
        out = res
    return out


__all__ = ["broadcast_shape", "broadcast_shapes"]

METHODS = {"broadcast_shape": broadcast_shape, "broadcast_shapes": broadcast_shapes}

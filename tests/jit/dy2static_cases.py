"""Functions with Python control flow on Tensor values, run by to_static in purepaddle's tests and by real Paddle in
tests/fixtures/make_dy2static_fixtures.py (which records real Paddle's outputs and gradients).

`paddle` is bound by the importer (purepaddle or real paddle). Each case takes x (float32 [2, 3]) and n (int64
[1]); CASES lists them; INPUTS are the inputs each case runs on (they take both sides of every branch).
"""
import numpy as np

paddle = None  # bound by the importer


def if_else(x, n):
    if x.mean() > 0:
        y = x * 2
    else:
        y = x - 1
    return y


def elif_chain(x, n):
    m = x.mean()
    if m > 1:
        y = x * 3
    elif m > 0:
        y = x * 2
    else:
        y = -x
    return y + 1


def early_return(x, n):
    if x.sum() > 0:
        return x * x
    y = x + 1
    return y * 3


def nested_if(x, n):
    y = x
    if x.mean() > 0:
        if x.max() > 2:
            y = y * 4
        else:
            y = y * 2
        z = y + 1
    else:
        z = y - 1
    return z


def logical_ops(x, n):
    if x.mean() > 0 and x.max() < 10 or not (x.min() > -5):
        y = x + 10
    else:
        y = x - 10
    return y


def ternary(x, n):
    return x * 2 if x.mean() > 0 else x * -3


def python_constants_differ(x, n):
    if x.mean() > 0:
        k = 1
    else:
        k = 2
    return x * k


def while_tensor(x, n):
    s = x
    i = 0
    while s.abs().sum() < 100:
        s = s * 2
        i += 1
    return s, i


def for_range_tensor(x, n):
    s = x
    k = paddle.zeros([1], "int64")
    for _ in range(n):
        s = s * 2 + 1
        k = k + 1
    return s, k


def while_break(x, n):
    s = x
    i = paddle.zeros([1], "int64")
    while i < 10:
        if s.abs().sum() > 40:
            break
        s = s * 2
        i += 1
    return s, i


def for_continue(x, n):
    s = x
    for i in range(n):
        if i % 2 == 0:
            continue
        s = s + x * 3
    return s


def loop_in_branch(x, n):
    if x.mean() > 0:
        s = x
        while s.sum() < 50:
            s = s * 3
    else:
        s = -x
    return s


def branch_in_loop(x, n):
    s = x
    for _ in range(n):
        if s.mean() > 0:
            s = s - 1
        else:
            s = s * 2
    return s


def return_in_python_loop(x, n):
    for k in range(3):  # a Python loop left early under a Tensor condition
        x = x * 2
        if x.mean() > 4:
            return x + k
    return x - 1


def python_control_flow_stays(x, n, mode="double"):
    for _ in range(2):  # Python bounds: unrolled while tracing
        x = x * 2 if mode == "double" else x + 1
    if x.shape[-1] > 2:
        x = x[:, :2]
    return x


CASES = [if_else, elif_chain, early_return, nested_if, logical_ops, ternary, python_constants_differ, while_tensor,
         for_range_tensor, while_break, for_continue, loop_in_branch, branch_in_loop, return_in_python_loop,
         python_control_flow_stays]

INPUTS = {
    "pos": (np.array([[1.0, 2.0, 0.5], [0.25, 3.0, -1.0]], "float32"), np.array([3], "int64")),
    "neg": (np.array([[-1.0, -2.0, 0.5], [0.25, -3.0, -1.0]], "float32"), np.array([4], "int64")),
    "big": (np.array([[3.0, 4.0, 5.0], [6.0, 7.0, 8.0]], "float32"), np.array([0], "int64")),
}

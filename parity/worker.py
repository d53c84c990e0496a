"""One side of the harness: run case specs on one framework (purepaddle or real Paddle) and answer each with its
outputs, gradients or exception, one JSON line per case.

Run as `python -m parity.worker MODULE` under the framework's interpreter (real Paddle's environment has NumPy but
neither ml_dtypes nor purepaddle's test packages, so this module imports the standard library, NumPy and
parity.payload only). The protocol is a private pipe: the original stdout carries the answers, while fd 1 is
pointed at stderr so that whatever an API prints cannot corrupt them."""
import importlib
import json
import operator
import os
import sys
import traceback
import warnings

import numpy as np

from parity.payload import decode, encode, kind

paddle = None  # the framework module, imported by main()


def _tensor(spec):
    """A Tensor of an encoded array, with the spec's stop_gradient (a leaf)."""
    arr = decode(spec["t"])
    dtype = spec["t"]["dtype"]
    t = paddle.to_tensor(arr, dtype=dtype)
    t.stop_gradient = spec.get("sg", True)
    return t


def _index(item):
    """A Python index item from its JSON form (slices, Ellipsis, None, ints, lists, Tensors)."""
    if isinstance(item, dict):
        if "slice" in item:
            return slice(*item["slice"])
        if "ellipsis" in item:
            return Ellipsis
        if "t" in item:
            return _tensor(item)
        if "tuple" in item:
            return tuple(_index(i) for i in item["tuple"])
    return item


def build(value, leaves):
    """The Python value of a JSON argument; Tensors built are appended to leaves (in argument order)."""
    if isinstance(value, dict):
        if "t" in value:
            t = _tensor(value)
            leaves.append(t)
            return t
        if "ts" in value:
            return [build(v, leaves) for v in value["ts"]]
        if "index" in value:
            idx = _index(value["index"])
            for i in idx if isinstance(idx, tuple) else (idx,):
                if _is_tensor(i):
                    leaves.append(i)
            return idx
        if "tuple" in value:
            return tuple(build(v, leaves) for v in value["tuple"])
        if "complex" in value:
            return complex(*value["complex"])
        if "np" in value:
            return decode(value["np"])
        if "dtype_of" in value:  # a dtype object rather than its name
            return getattr(paddle, value["dtype_of"])
        return {k: build(v, leaves) for k, v in value.items()}
    if isinstance(value, list):
        return [build(v, leaves) for v in value]
    return value


def _is_tensor(v):
    return isinstance(v, paddle.Tensor)


def _dtype_name(t):
    return str(t.dtype).replace("paddle.", "")


def _array(t):
    """NumPy array of a Tensor's values (float16/bfloat16 as float32, exactly)."""
    name = _dtype_name(t)
    with paddle.no_grad():
        if name in ("bfloat16", "float16"):
            t = paddle.cast(t, "float32")
        return np.asarray(t.numpy()), name


def describe(value):
    """The JSON form of an API's result (Tensors with dtype, shape, values and stop_gradient)."""
    if _is_tensor(value):
        arr, name = _array(value)
        return {"t": encode(arr, name), "sg": bool(value.stop_gradient)}
    if isinstance(value, (list, tuple)):
        return {"seq": [describe(v) for v in value]}
    if value is None:
        return None
    if isinstance(value, (bool, np.bool_)):
        return {"py": bool(value)}
    if isinstance(value, (int, np.integer)):
        return {"py": int(value)}
    if isinstance(value, (float, np.floating)):
        return {"py": float(value)}
    if isinstance(value, (complex, np.complexfloating)):
        return {"py": [value.real, value.imag]}
    if isinstance(value, str):
        return {"py": value}
    if isinstance(value, np.ndarray):
        return {"np": encode(value)}
    return {"obj": str(value)[:200]}  # dtypes, places, ...: their printed form


def _flat_tensors(value):
    if _is_tensor(value):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _flat_tensors(v)]
    return []


def resolve(api, args):
    """The callable an API name names: paddle.*, Tensor.<method> (bound to the first argument), op.<operator>,
    getitem/setitem; returns (callable, remaining args)."""
    if api.startswith("Tensor."):
        attr = getattr(args[0], api[len("Tensor."):])
        if not callable(attr):  # a property (T, mT, shape, ndim, dtype, ...)
            return (lambda: attr), args[1:]
        return attr, args[1:]
    if api.startswith("op."):
        return getattr(operator, api[3:]), args
    if api == "setitem":
        def setitem(x, index, value):
            y = x.clone() if not x.stop_gradient else x
            y[index] = value
            return y
        return setitem, args
    if api == "getitem":
        return operator.getitem, args
    obj = paddle
    for part in api.split(".")[1:]:
        obj = getattr(obj, part)
    return obj, args


def _error(exc):
    msg = str(exc).strip().splitlines()
    first = next((m for m in msg if m.strip()), "")
    return {"type": type(exc).__name__, "msg": first[:300]}


def run_case(case):
    """Run one case: forward, then (grad cases) backward with a seeded upstream gradient."""
    leaves = []
    try:
        paddle.seed(case.get("seed", 0) % (2 ** 31))
        args = build(case.get("args", []), leaves)
        kwargs = build(case.get("kwargs", {}), leaves)
        fn, args = resolve(case["api"], args)
    except Exception as exc:  # the inputs cannot be made on this side (a dtype it cannot hold, a missing API)
        return {"setup_error": _error(exc)}
    try:
        out = fn(*args, **kwargs)
    except Exception as exc:  # the API's own error is a result
        return {"error": _error(exc)}
    result = {"out": describe(out)}
    if case.get("grad"):
        result.update(_backward(case, out, leaves))
    return result


def _backward(case, out, leaves):
    wants = [t for t in leaves if not t.stop_gradient]
    outs = [t for t in _flat_tensors(out) if not t.stop_gradient and kind(_dtype_name(t)) in "fc"]
    if not wants or not outs:
        return {"grads": None}
    rng = np.random.RandomState(case.get("seed", 0) % (2 ** 31))
    upstream = []
    for t in outs:
        g = rng.standard_normal(tuple(t.shape)).astype(np.float32)
        if kind(_dtype_name(t)) == "c":  # a complex upstream gradient: real and imaginary parts both random
            g = (g + 1j * rng.standard_normal(tuple(t.shape))).astype(_dtype_name(t))
            upstream.append(paddle.to_tensor(g))
            continue
        upstream.append(paddle.cast(paddle.to_tensor(g), _dtype_name(t)))
    try:
        paddle.autograd.backward(outs, upstream)
    except Exception as exc:
        return {"grad_error": _error(exc)}
    grads = []
    for t in wants:
        g = t.grad
        grads.append(None if g is None else describe(g))
    return {"grads": grads}


def main():
    global paddle
    module = sys.argv[1] if len(sys.argv) > 1 else "paddle"
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # anything the API prints goes to stderr
    warnings.filterwarnings("ignore")
    np.seterr(all="ignore")
    paddle = importlib.import_module(module)
    proto.write(json.dumps({"ready": module}) + "\n")
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        try:
            result = run_case(case)
        except Exception as exc:  # building the arguments failed: report it, keep serving
            result = {"error": _error(exc), "harness": traceback.format_exc(limit=3)[-500:]}
        result["id"] = case["id"]
        proto.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()

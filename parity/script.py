"""A case as a standalone Python script (`python -m parity --script 'API|LABEL'`): the same inputs, call and
backward as the workers run, printed; run it with real Paddle's interpreter and with `python -m purepaddle` (which
serves `import paddle`) to see the difference outside the harness."""
from parity.payload import decode


def _literal(value):
    """A Python expression for a JSON scalar (NaN and infinities spelt as float(...))."""
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return f"float({str(value)!r})"
    return repr(value)


def _array(spec):
    arr = decode(spec)
    np_dtype = "float32" if spec["dtype"] == "bfloat16" else spec["dtype"]
    # repr spells NaN and infinities nan/inf (the script imports both names from NumPy)
    body = repr(arr.tolist() if arr.dtype.kind != "c" else
                [[float(v.real), float(v.imag)] for v in arr.reshape(-1)])
    if arr.dtype.kind == "c":
        return f"np.array([complex(*p) for p in {body}], {np_dtype!r}).reshape({list(arr.shape)})"
    return f"np.array({body}, {np_dtype!r}).reshape({list(arr.shape)})"


class _Writer:
    def __init__(self):
        self.lines, self.leaves = [], []

    def tensor(self, spec):
        name = f"t{len(self.leaves)}"
        sg = spec.get("sg", True)
        self.lines.append(f"{name} = paddle.to_tensor({_array(spec['t'])}, dtype={spec['t']['dtype']!r}, "
                          f"stop_gradient={sg})")
        self.leaves.append((name, sg))
        return name

    def expr(self, value):
        if isinstance(value, dict):
            if "t" in value:
                return self.tensor(value)
            if "ts" in value:
                return "[" + ", ".join(self.expr(v) for v in value["ts"]) + "]"
            if "index" in value:
                return self.index(value["index"])
            if "tuple" in value:
                return "(" + "".join(self.expr(v) + ", " for v in value["tuple"]) + ")"
            if "complex" in value:
                return f"complex{tuple(value['complex'])}"
            if "np" in value:
                return _array(value["np"])
            return "{" + ", ".join(f"{k!r}: {self.expr(v)}" for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(self.expr(v) for v in value) + "]"
        return _literal(value)

    def index(self, item):
        if isinstance(item, dict):
            if "slice" in item:
                return "slice(" + ", ".join(_literal(v) for v in item["slice"]) + ")"
            if "ellipsis" in item:
                return "Ellipsis"
            if "t" in item:
                return self.tensor(item)
            if "tuple" in item:
                return "(" + "".join(self.index(i) + ", " for i in item["tuple"]) + ")"
        return _literal(item)


def script(case):
    """The Python source of one case."""
    w = _Writer()
    args = [w.expr(a) for a in case.get("args", [])]
    kwargs = [f"{k}={w.expr(v)}" for k, v in case.get("kwargs", {}).items()]
    api = case["api"]
    if api.startswith("Tensor."):
        attr = api[len("Tensor."):]
        call = f"getattr({args[0]}, {attr!r})"
        call = f"({call}({', '.join(args[1:] + kwargs)}) if callable({call}) else {call})"
    elif api.startswith("op."):
        call = f"operator.{api[3:]}({', '.join(args + kwargs)})"
    elif api == "getitem":
        call = f"{args[0]}[{args[1]}]"
    elif api == "setitem":
        w.lines.append(f"y = {args[0]}.clone() if not {args[0]}.stop_gradient else {args[0]}")
        w.lines.append(f"y[{args[1]}] = {args[2]}")
        call = "y"
    else:
        call = f"{api}({', '.join(args + kwargs)})"
    head = [f"# parity case {case['api']}|{case['label']} (seed {case.get('seed')})", "import operator",
            "import numpy as np", "from numpy import inf, nan", "import paddle", "",
            f"paddle.seed({case.get('seed', 0) % 2 ** 31})"]
    body = w.lines + [f"out = {call}", "print(out)"]
    if case.get("grad"):
        wants = [n for n, sg in w.leaves if not sg]
        body += [
            "outs = [t for t in (out if isinstance(out, (list, tuple)) else [out])",
            "        if isinstance(t, paddle.Tensor) and not t.stop_gradient and t.dtype in "
            "(paddle.float16, paddle.bfloat16, paddle.float32, paddle.float64)]",
            f"rng = np.random.RandomState({case.get('seed', 0) % 2 ** 31})",
            "grads = [paddle.cast(paddle.to_tensor(rng.standard_normal(t.shape).astype('float32')), t.dtype) "
            "for t in outs]",
            "if outs:",
            "    paddle.autograd.backward(outs, grads)",
            f"for t in [{', '.join(wants)}]:",
            "    print('grad', t.grad)"]
    return "\n".join(head + body) + "\n"

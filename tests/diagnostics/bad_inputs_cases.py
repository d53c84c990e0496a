"""Bad-input cases across the API, as code strings: run on real Paddle by
tests/fixtures/make_bad_input_fixtures.py (what it raises) and on purepaddle by tests/diagnostics/test_bad_inputs.py.

Each case is (api, category, setup code, call code); the setup must succeed, the call is the bad input.
"""

X = "x = paddle.ones([2, 3])"
BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "remainder", "floor_divide", "equal",
          "less_than", "greater_equal", "atan2", "logical_and", "heaviside"]
REDUCE = ["sum", "mean", "max", "min", "prod", "amax", "amin", "argmax", "argmin", "cumsum", "cumprod", "logsumexp",
          "std", "var", "all", "any", "median", "nansum", "count_nonzero"]
AXIS_OPS = [("paddle.flip(x, axis=[4])", "flip"), ("paddle.nn.functional.softmax(x, axis=3)", "softmax"),
            ("paddle.nn.functional.log_softmax(x, axis=-4)", "log_softmax"),
            ("paddle.concat([x, x], axis=4)", "concat"), ("paddle.split(x, 2, axis=5)", "split"),
            ("paddle.squeeze(x, axis=5)", "squeeze"), ("paddle.unsqueeze(x, axis=10)", "unsqueeze"),
            ("paddle.transpose(x, perm=[0, 3])", "transpose"), ("paddle.transpose(x, perm=[0])", "transpose"),
            ("paddle.gather(x, paddle.to_tensor([0]), axis=5)", "gather"), ("paddle.roll(x, 1, axis=7)", "roll"),
            ("paddle.sort(x, axis=3)", "sort"), ("paddle.argsort(x, axis=-3)", "argsort"),
            ("paddle.topk(x, 1, axis=4)", "topk"), ("paddle.stack([x, x], axis=5)", "stack"),
            ("paddle.unbind(x, axis=3)", "unbind"), ("paddle.chunk(x, 2, axis=6)", "chunk"),
            ("paddle.moveaxis(x, 0, 5)", "moveaxis"), ("paddle.diff(x, axis=4)", "diff"),
            ("paddle.nn.functional.normalize(x, axis=3)", "normalize"), ("paddle.softmax(x, 3)", "softmax"), ("paddle.tensordot(x, x, axes=[[5], [0]])", "tensordot")]
SHAPES = [("paddle.matmul(x, paddle.ones([4, 5]))", "matmul"), ("paddle.mm(x, paddle.ones([4, 5]))", "mm"),
          ("paddle.bmm(paddle.ones([2, 3, 4]), paddle.ones([3, 5, 6]))", "bmm"),
          ("paddle.dot(paddle.ones([3]), paddle.ones([4]))", "dot"),
          ("paddle.concat([x, paddle.ones([2, 4])], axis=0)", "concat"),
          ("paddle.stack([x, paddle.ones([3, 2])])", "stack"), ("paddle.reshape(x, [7])", "reshape"),
          ("paddle.reshape(x, [-1, -1])", "reshape"), ("paddle.expand(x, [4, 2])", "expand"),
          ("paddle.broadcast_to(x, [3, 3])", "broadcast_to"), ("paddle.where(x > 0, x, paddle.ones([4]))", "where"),
          ("paddle.split(x, 2, axis=1)", "split"), ("paddle.split(x, [1, 1], axis=1)", "split"),
          ("paddle.outer(x, x)", None), ("paddle.kron(x, x)", None),
          ("paddle.nn.functional.linear(x, paddle.ones([4, 2]))", "linear"),
          ("paddle.masked_select(x, paddle.ones([3, 2]) > 0)", "masked_select"),
          ("paddle.index_select(x, paddle.to_tensor([[0]]), axis=0)", "index_select"),
          ("paddle.take_along_axis(x, paddle.to_tensor([[0]], dtype='int64'), axis=3)", "take_along_axis"),
          ("paddle.slice(x, axes=[0, 1], starts=[0], ends=[1, 1])", "slice")]
NEGATIVE = ["paddle.zeros([2, -3])", "paddle.ones([-2])", "paddle.full([-2], 1.0)", "paddle.rand([3, -2])",
            "paddle.randn([-5])", "paddle.empty([-1, 2])", "paddle.reshape(x, [-2, 3])", "paddle.expand(x, [-2, 3])",
            "paddle.tile(x, [-1])", "paddle.arange(0, 10, 0)", "paddle.linspace(0, 1, -3)", "paddle.eye(-2)",
            "paddle.randint(0, 10, [-3])", "paddle.zeros([2.5, 3])", "paddle.uniform([-1])",
            "paddle.nn.Linear(-1, 3)", "paddle.nn.Conv2D(3, -8, 3)", "paddle.nn.Embedding(-10, 3)",
            "paddle.nn.functional.one_hot(paddle.to_tensor([1]), -1)", "paddle.repeat_interleave(x, -1)",
            "paddle.nn.Dropout(p=1.5)", "paddle.nn.functional.dropout(x, p=-0.1)", "paddle.randperm(-3)",
            "paddle.nn.functional.pad(x, [-1, -1, -1, -1], mode='reflect')", "paddle.tril(x, 'a')"]
DTYPES = ["paddle.gather(x, paddle.to_tensor([0.5]))", "paddle.nn.functional.embedding(paddle.to_tensor([0.5]), x)",
          "paddle.nn.functional.one_hot(paddle.to_tensor([0.5]), 3)", "paddle.bitwise_and(x, x)",
          "paddle.to_tensor([1, 2], dtype='flaot32')", "paddle.cast(x, 'int33')", "paddle.ones([2], dtype='str')",
          "paddle.nn.functional.cross_entropy(x, paddle.to_tensor([0.5, 0.5]))", "paddle.index_select(x, x)",
          "paddle.scatter(x, paddle.to_tensor([0.0]), x[:1])", "paddle.nn.functional.relu('abc')",
          "paddle.add(x, 'abc')", "paddle.matmul(x, [[1.0], [2.0], [3.0]])", "paddle.sum(x, axis='0')",
          "paddle.reshape(x, 'abc')", "paddle.nn.functional.softmax(x, axis=1.5)", "paddle.topk(x, 1.5)",
          "paddle.logical_not('x')", "paddle.bincount(x)", "paddle.histogram(x, bins=-1)",
          "paddle.nn.functional.interpolate(x, scale_factor=2)", "paddle.flatten(x, start_axis=1, stop_axis=0)",
          "paddle.arange(0, 'a')", "paddle.full([2], 'abc')", "paddle.multinomial(paddle.to_tensor([-1.0, 2.0]))",
          "paddle.acosh(paddle.to_tensor([True]))", "paddle.asinh([1.0])", "paddle.atanh_(paddle.to_tensor([1, 2]))",
          "paddle.real(x)", "paddle.imag(paddle.to_tensor([1]))", "paddle.cast_([1.0], 'int32')",
          "paddle.softmax(paddle.to_tensor([1, 2]))", "paddle.shape([1, 2])", "x.to('cpu:0')"]
EMPTY = ["paddle.max(paddle.ones([0, 3]))", "paddle.argmax(paddle.ones([0]))", "paddle.min(paddle.ones([0]))",
         "paddle.stack([])", "paddle.concat([])", "paddle.median(paddle.ones([0]))",
         "paddle.nn.functional.max_pool2d(paddle.ones([1, 1, 0, 0]), 2)", "paddle.topk(paddle.ones([0]), 1)",
         "paddle.mean(paddle.ones([0, 3]), axis=1)", "paddle.nn.Linear(3, 2)(paddle.ones([0, 3]))",
         "paddle.kthvalue(paddle.ones([0]), 1)", "paddle.mode(paddle.ones([0]))", "paddle.prod(paddle.ones([0]))"]
LAYERS = [("lin = paddle.nn.Linear(2, 3)", "lin(paddle.ones([4, 5]))", "Linear"),
          ("conv = paddle.nn.Conv2D(3, 8, 3)", "conv(paddle.ones([1, 4, 8, 8]))", "Conv2D"),
          ("conv = paddle.nn.Conv2D(3, 8, 3)", "conv(paddle.ones([4, 8, 8]))", "Conv2D"),
          ("bn = paddle.nn.BatchNorm1D(4)", "bn(paddle.ones([2, 3]))", "BatchNorm1D"),
          ("emb = paddle.nn.Embedding(10, 3)", "emb(paddle.to_tensor([11]))", "Embedding"),
          ("lstm = paddle.nn.LSTM(4, 8)", "lstm(paddle.ones([2, 5, 3]))", "LSTM"),
          ("ln = paddle.nn.LayerNorm(4)", "ln(paddle.ones([2, 3]))", "LayerNorm"),
          ("pool = paddle.nn.MaxPool2D(3)", "pool(paddle.ones([1, 1, 2, 2]))", "MaxPool2D"),
          ("pass", "paddle.nn.MultiHeadAttention(8, 3)", "MultiHeadAttention"),
          ("ce = paddle.nn.CrossEntropyLoss()", "ce(paddle.ones([4, 3]), paddle.to_tensor([[0], [1], [5], [1]]))",
           "CrossEntropyLoss"),
          ("mse = paddle.nn.MSELoss()", "mse(paddle.ones([4, 3]), paddle.ones([5, 3]))", "MSELoss")]
OPTIMIZERS = [("lin = paddle.nn.Linear(2, 2)", "paddle.optimizer.SGD(learning_rate=float('nan'), "
               "parameters=lin.parameters())", "SGD"),
              ("lin = paddle.nn.Linear(2, 2)", "paddle.optimizer.SGD(learning_rate='0.1', parameters=lin.parameters())",
               "SGD"),
              ("lin = paddle.nn.Linear(2, 2)", "paddle.optimizer.Adam(beta1=1.5, parameters=lin.parameters())", "Adam"),
              ("lin = paddle.nn.Linear(2, 2)", "paddle.optimizer.Adam(epsilon=-1.0, parameters=lin.parameters())",
               "Adam"),
              ("lin = paddle.nn.Linear(2, 2)", "paddle.optimizer.Momentum(momentum='a', parameters=lin.parameters())",
               "Momentum"),
              ("lin = paddle.nn.Linear(2, 2)", "paddle.optimizer.SGD(parameters=lin)", "SGD"),
              ("lin = paddle.nn.Linear(2, 2); opt = paddle.optimizer.SGD(parameters=lin.parameters())",
               "opt.set_lr(float('nan'))", "set_lr"),
              ("lin = paddle.nn.Linear(2, 2); opt = paddle.optimizer.SGD(parameters=lin.parameters())",
               "opt.set_lr('a')", "set_lr")]
STATE_DICTS = [("lin = paddle.nn.Linear(2, 3)", "lin.set_state_dict({'weight': paddle.ones([3, 2])})",
                "set_state_dict"),
               ("lin = paddle.nn.Linear(2, 3)", "lin.set_state_dict({'weight': np.ones([2, 3], 'float64'), "
                "'bias': 'x'})", "set_state_dict"),
               ("lin = paddle.nn.Linear(2, 3)", "lin.set_state_dict([1, 2])", "set_state_dict"),
               ("lin = paddle.nn.Linear(2, 2); opt = paddle.optimizer.Adam(parameters=lin.parameters()); "
                "lin(paddle.ones([1, 2])).sum().backward(); opt.step()", "opt.set_state_dict({'foo': 1})",
                "set_state_dict"),
               ("lin = paddle.nn.Linear(2, 2); opt = paddle.optimizer.Adam(parameters=lin.parameters()); "
                "lin(paddle.ones([1, 2])).sum().backward(); opt.step(); sd = opt.state_dict(); "
                "sd[list(sd)[0]] = paddle.ones([5])", "opt.set_state_dict(sd)", "set_state_dict")]

# issue 13, "Bad input": inputs Paddle rejects (or accepts) that purepaddle used to take silently or crash on
NAN = "float('nan')"
VALUES = [("pass", "paddle.nn.functional.grid_sample(paddle.ones([1, 2, 4, 4]), paddle.ones([1, 3, 3, 3]))",
           "grid_sample"),
          ("pass", "paddle.nn.functional.grid_sample(paddle.ones([1, 2, 4, 4, 4]), paddle.ones([1, 3, 3, 3, 2]))",
           "grid_sample"),
          ("pass", "paddle.nn.functional.grid_sample(paddle.ones([1, 2, 4, 4]), paddle.ones([2, 3, 3, 2]))",
           "grid_sample"),
          ("pass", "paddle.nn.Linear(3.5, 4)", "Linear"), ("pass", "paddle.nn.Linear(3, 4.0)", "Linear"),
          ("pass", "paddle.nn.Linear(True, 4)", "Linear"), ("pass", "paddle.nn.Linear(np.int64(3), 4)", "Linear"),
          ("pass", "paddle.nn.Conv2D(3, 8.0, 3)", "Conv2D"), ("pass", "paddle.nn.Conv2DTranspose(3, 8.0, 3)",
                                                                "Conv2DTranspose"),
          ("pass", "paddle.nn.Embedding(10.5, 4)", "Embedding"), ("pass", "paddle.nn.LSTM(4, 8.5)", "LSTM"),
          ("pass", "paddle.nn.GRU(4.5, 8)", "GRU"), ("pass", "paddle.nn.BatchNorm2D(3.5)", "BatchNorm2D"),
          ("pass", "paddle.nn.PReLU(num_parameters=2.5)", "PReLU"), ("pass", "paddle.nn.Bilinear(3, 2.5, 4)", "Bilinear"),
          ("pass", "paddle.nn.TransformerEncoderLayer(8, 2, 16.5)", "TransformerEncoderLayer"),
          ("pass", "paddle.nn.Conv2D(3, 8, 0)(paddle.ones([1, 3, 4, 4]))", "Conv2D"),
          ("pass", "paddle.nn.Conv1D(3, 8, 0)(paddle.ones([1, 3, 5]))", "Conv1D"),
          ("lin = paddle.nn.Linear(2, 3)", "lin.weight.set_value(np.ones([2, 3], 'int64'))", "set_value"),
          ("lin = paddle.nn.Linear(2, 3)", "lin.weight.set_value(paddle.ones([2, 3], 'float64'))", "set_value"),
          ("lin = paddle.nn.Linear(2, 3)", "lin.weight.set_value(np.ones([3, 2], 'float32'))", "set_value"),
          ("lin = paddle.nn.Linear(2, 3)", "lin.weight.set_value([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])", "set_value"),
          ("pass", f"paddle.nn.functional.binary_cross_entropy(paddle.to_tensor([{NAN}, 0.5]), paddle.ones([2]))",
           "binary_cross_entropy"),
          ("pass", f"paddle.nn.BCELoss()(paddle.to_tensor([[0.5, 0.2], [{NAN}, 2.0]]), paddle.ones([2, 2]))",
           "BCELoss"),
          ("pass", f"paddle.gammainc(paddle.to_tensor([{NAN}]), paddle.ones([1]))", "gammainc")]


def cases():
    """[(api, category, setup, call)]."""
    out = []
    for name in BINARY:
        out.append((name, "broadcast", X, f"paddle.{name}(x, paddle.ones([4]))"))
    for name in REDUCE:
        out.append((name, "axis", X, f"paddle.{name}(x, axis=5)"))
    for code, name in AXIS_OPS:
        out.append((name, "axis", X, code))
    for code, name in SHAPES:
        out.append((name or code.split("(")[0].split(".")[-1], "shape", X, code))
    for code in NEGATIVE:
        out.append((code.split("(")[0].split(".")[-1], "negative", X, code))
    for code in DTYPES:
        out.append((code.split("(")[0].split(".")[-1], "dtype", X, code))
    for code in EMPTY:
        out.append((code.split("(")[0].split(".")[-1], "empty", X, code))
    for setup, code, name in LAYERS:
        out.append((name, "layer", setup, code))
    for setup, code, name in OPTIMIZERS:
        out.append((name, "optimizer", setup, code))
    for setup, code, name in STATE_DICTS:
        out.append((name, "state_dict", setup, code))
    for setup, code, name in VALUES:
        out.append((name, "value", setup, code))
    return out


def run_case(paddle, np, setup, call):
    """(error type name or None, message) of running `call` after `setup`."""
    ns = {"paddle": paddle, "np": np}
    exec(setup, ns)
    try:
        eval(call, ns)  # noqa: S307  (test-only strings from this file)
    except Exception as e:  # noqa: BLE001
        return type(e).__name__, str(e), ns
    return None, "", ns

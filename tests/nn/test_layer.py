"""nn.Layer, ParamAttr and the containers, checked against real Paddle 3.3.1 behaviour:
unique names, parameter creation, attribute routing, state_dict round trips, hooks, modes, dtype casts."""
import collections
import pickle
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.nn.initializer import Constant
from purepaddle.nn.param_attr import ParamAttr
from purepaddle.regularizer import L2Decay

nn = paddle.nn


class MyLin(nn.Layer):
    """A Linear built only from the Layer base (independent of nn.Linear)."""

    def __init__(self, i, o, weight_attr=None, bias_attr=None):
        super().__init__()
        self.weight = self.create_parameter([i, o], attr=weight_attr)
        self.bias = self.create_parameter([o], attr=bias_attr, is_bias=True)

    def forward(self, x):
        return paddle.matmul(x, self.weight) + self.bias


class BatchNorm2D(nn.Layer):
    def __init__(self):
        super().__init__()
        self.w = self.create_parameter([3])
        self.register_buffer("_mean", paddle.zeros([3]))
        self.tmp = paddle.ones([2])  # a plain Tensor attribute: a non-persistable buffer


class MyNet(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = MyLin(3, 4)
        self.seq = nn.Sequential(("0", MyLin(4, 4)), ("named", MyLin(4, 2)))
        self.bn = BatchNorm2D()
        self.ll = nn.LayerList([MyLin(2, 2)])

    def forward(self, x):
        return self.ll[0](self.seq(self.fc(x)))


@pytest.fixture
def net(fresh_names):
    return MyNet()


# -- names ---------------------------------------------------------------------------------
def test_unique_names_follow_paddle(net):
    assert net.full_name() == "my_net_0"
    assert [p.name for p in net.parameters()] == [
        "my_lin_0.w_0", "my_lin_0.b_0", "my_lin_1.w_0", "my_lin_1.b_0", "my_lin_2.w_0", "my_lin_2.b_0",
        "batch_norm2d_0.w_0", "my_lin_3.w_0", "my_lin_3.b_0"]


@pytest.mark.parametrize("cls, name", [("LSTM", "lstm"), ("GRUCell", "gru_cell"), ("ReLU6", "re_lu6"),
                                       ("PReLU", "p_re_lu"), ("BatchNorm2D", "batch_norm2d"),
                                       ("Conv2DTranspose", "conv2d_transpose"), ("HTTPServer", "http_server"),
                                       ("AB", "ab"), ("aB", "a_b"), ("ColumnParallelLinear", "linear")])
def test_snake_case_rule(cls, name):
    with paddle.utils.unique_name.guard():
        assert type(cls, (nn.Layer,), {})().full_name() == name + "_0"


def test_guard_resets_counters_and_name_scope():
    with paddle.utils.unique_name.guard():
        a = MyLin(2, 2)
        b = MyLin(2, 2)
    with paddle.utils.unique_name.guard():
        c = MyLin(2, 2)
    assert (a.weight.name, b.weight.name, c.weight.name) == ("my_lin_0.w_0", "my_lin_1.w_0", "my_lin_0.w_0")
    with paddle.utils.unique_name.guard():
        assert nn.Layer(name_scope="block").full_name() == "block_0"


def test_explicit_names_and_duplicates():
    with paddle.utils.unique_name.guard():
        layer = nn.Layer()
        p = layer.create_parameter([2, 2], attr="myname")
        assert p.name == "myname"
        with pytest.raises(ValueError, match=r"parameter name \[myname\] have be been used"):
            layer.create_parameter([2, 2], attr=ParamAttr(name="myname"))
    with paddle.utils.unique_name.guard():  # a fresh guard forgets the used names, as in Paddle
        assert nn.Layer().create_parameter([1], attr="myname").name == "myname"


# -- create_parameter and ParamAttr ------------------------------------------------------------
def test_create_parameter_attributes():
    layer = nn.Layer()
    assert layer.create_parameter([2, 2], attr=False) is None
    p = layer.create_parameter([2], dtype="float64", attr=ParamAttr(learning_rate=0.5, trainable=False,
                                                                    need_clip=False, regularizer=L2Decay(0.1)))
    assert isinstance(p, paddle.Parameter) and p.dtype == paddle.float64 and p.persistable
    assert p.stop_gradient and not p.trainable and not p.need_clip
    assert p.optimize_attr == {"learning_rate": 0.5} and str(p.regularizer) == "L2Decay, coeff=0.100000"
    q = layer.create_parameter([3, 4])
    assert not q.stop_gradient and q.trainable and q.need_clip and q.do_model_average
    assert q.optimize_attr == {"learning_rate": 1.0} and q.regularizer is None
    limit = np.sqrt(6.0 / 7)  # default weight init: XavierUniform with fan_in=3, fan_out=4
    assert np.abs(q.numpy()).max() <= limit and q.numpy().std() > 0
    assert layer.create_parameter([4], is_bias=True).numpy().tolist() == [0.0] * 4


def test_initializer_precedence():
    layer = nn.Layer()
    c7, c2 = Constant(7.0), Constant(2.0)
    assert layer.create_parameter([2], is_bias=True, default_initializer=c7).numpy().tolist() == [7.0, 7.0]
    assert layer.create_parameter([2], attr=ParamAttr(initializer=c2), default_initializer=c7).numpy()[0] == 2.0
    assert layer.create_parameter([2], attr=Constant(1.5)).numpy()[0] == 1.5  # an Initializer as attr
    nn.initializer.set_global_initializer(Constant(3.0), Constant(4.0))
    try:
        assert layer.create_parameter([2], default_initializer=c7).numpy()[0] == 3.0
        assert layer.create_parameter([2], is_bias=True).numpy()[0] == 4.0
        assert layer.create_parameter([2], attr=ParamAttr(initializer=c2)).numpy()[0] == 2.0
    finally:
        nn.initializer.set_global_initializer(None)
    assert layer.create_parameter([2], is_bias=True).numpy()[0] == 0.0


def test_create_parameter_dtype_rules():
    layer = nn.Layer()
    with pytest.raises(TypeError, match="Can not create parameter with default initializer"):
        layer.create_parameter([2], dtype="int64")
    p = layer.create_parameter([2], dtype="int64", default_initializer=Constant(3))
    assert p.numpy().tolist() == [3, 3] and p.dtype == paddle.int64
    # no dtype: the global default dtype, not the layer's own (as real Paddle 3.3.1)
    assert nn.Layer(dtype="float64").create_parameter([2]).dtype == paddle.float32
    paddle.set_default_dtype("float64")
    try:
        assert nn.Layer().create_parameter([2]).dtype == paddle.float64
    finally:
        paddle.set_default_dtype("float32")


def test_param_attr_conversions_and_checks():
    assert ParamAttr._to_attr(None).name is None
    assert ParamAttr._to_attr("w").name == "w"
    assert ParamAttr._to_attr(False) is False and ParamAttr._to_attr(True).name is None
    assert isinstance(ParamAttr._to_attr(Constant(1.0)).initializer, Constant)
    assert isinstance(ParamAttr._to_attr(L2Decay(1.0)).regularizer, L2Decay)
    with pytest.raises(TypeError, match="cast to ParamAttr"):
        ParamAttr._to_attr(3)
    with pytest.raises(ValueError, match="name of ParamAttr can not be empty str"):
        ParamAttr(name="")
    ParamAttr(name=1)  # dygraph: Paddle's check_type does not check
    paddle.enable_static()
    try:
        with pytest.raises(TypeError, match=r"The type of 'trainable' in ParamAttr must be <class 'bool'>"):
            ParamAttr(trainable=1)
    finally:
        paddle.disable_static()


def test_learning_rate_zero_keeps_the_gradient():
    layer = MyLin(2, 2, weight_attr=ParamAttr(learning_rate=0.0))
    layer(paddle.ones([1, 2])).sum().backward()
    assert layer.weight.optimize_attr["learning_rate"] == 0.0 and layer.weight.grad is not None


def test_trainable_false_gets_no_gradient():
    layer = MyLin(2, 2, weight_attr=ParamAttr(trainable=False))
    layer(paddle.ones([1, 2])).sum().backward()
    assert layer.weight.grad is None and layer.bias.grad is not None


# -- structure ---------------------------------------------------------------------------------
def test_structured_names(net):
    assert list(net.state_dict().keys()) == [
        "fc.weight", "fc.bias", "seq.0.weight", "seq.0.bias", "seq.named.weight", "seq.named.bias", "bn.w",
        "bn._mean", "ll.0.weight", "ll.0.bias"]
    assert isinstance(net.state_dict(), collections.OrderedDict)
    assert [k for k, _ in net.named_sublayers()] == ["fc", "seq", "seq.0", "seq.named", "bn", "ll", "ll.0"]
    assert [k for k, _ in net.named_buffers()] == ["bn._mean", "bn.tmp"]
    assert [k for k, _ in net.named_children()] == ["fc", "seq", "bn", "ll"]
    assert [k for k, _ in net.named_modules()][:3] == ["", "fc", "seq"] and len(list(net.modules())) == 8
    assert len(net.sublayers()) == 7 and len(net.sublayers(include_self=True)) == 8
    assert [k for k, _ in net.named_parameters(prefix="m")][0] == "m.fc.weight"
    assert len(net.parameters(include_sublayers=False)) == 0 and len(net.fc.parameters()) == 2
    assert net.get_sublayer("seq.named") is net.seq["named"]
    assert net.get_parameter("seq.named.bias") is net.seq["named"].bias
    assert net.get_buffer("bn._mean") is net.bn._mean
    with pytest.raises(AttributeError, match="Sequential has no attribute `nope`"):
        net.get_sublayer("seq.nope")


def test_shared_parameters_listed_once():
    a = MyLin(2, 2)
    seq = nn.Sequential(a, a)
    assert len(seq.parameters()) == 2 and len(list(seq.named_sublayers())) == 1


def test_repr(net):
    assert repr(net) == ("MyNet(\n  (fc): MyLin()\n  (seq): Sequential(\n    (0): MyLin()\n    (named): MyLin()\n"
                         "  )\n  (bn): BatchNorm2D()\n  (ll): LayerList(\n    (0): MyLin()\n  )\n)")

    class Extra(nn.Layer):
        def extra_repr(self):
            return "a=1\nb=2"
    assert repr(Extra()) == "Extra(\n  a=1\n  b=2\n)"


def test_attribute_routing(net):
    with pytest.raises(TypeError, match="assignment to parameter 'weight' should be of type Parameter or None"):
        net.fc.weight = paddle.ones([3])
    with pytest.raises(TypeError, match="assignment to sublayer 'fc' should be of type Layer or None, but got 'int'"):
        net.fc = 3
    net.fc.weight = None
    assert net.fc.weight is None and "weight" in net.fc._parameters
    net.extra = MyLin(1, 1)
    assert "extra" in net._sub_layers and net._modules is net._sub_layers
    del net.extra
    assert "extra" not in net._sub_layers
    del net.bn
    assert [k for k, _ in net.named_children()] == ["fc", "seq", "ll"]
    assert "fc" in dir(net)

    class NoInit(nn.Layer):
        def __init__(self):
            self.w = paddle.create_parameter([1], "float32")
    with pytest.raises(ValueError, match=r"super\(\).__init__\(\) should be called first"):
        NoInit()


def test_register_buffer_and_add_parameter_errors(net):
    with pytest.raises(KeyError, match="can not contain"):
        net.register_buffer("a.b", paddle.ones([1]))
    with pytest.raises(KeyError, match="attribute 'fc' already exists."):
        net.register_buffer("fc", paddle.ones([1]))
    with pytest.raises(TypeError, match="The registered buffer should be a Paddle.Tensor, but received ndarray."):
        net.register_buffer("zz", np.ones([1]))
    with pytest.raises(TypeError, match="The parameter to be added should be a Parameter, but received Tensor."):
        net.add_parameter("zz", paddle.ones([1]))
    with pytest.raises(KeyError, match="The parameter 'fc' already exists."):
        net.add_parameter("fc", net.bn.w)
    net.register_buffer("nb", paddle.ones([1]), persistable=False)
    assert "nb" not in net.state_dict() and "nb" in dict(net.named_buffers())
    assert "nb" in net.to_static_state_dict()


# -- state_dict ----------------------------------------------------------------------------------
@pytest.mark.filterwarnings("ignore:Skip loading")
def test_state_dict_round_trip(net):
    other = MyNet()
    missing, unexpected = other.set_state_dict(net.state_dict())
    assert missing == [] and unexpected == []
    for (k, a), (_, b) in zip(net.state_dict().items(), other.state_dict().items()):
        np.testing.assert_array_equal(a.numpy(), b.numpy(), err_msg=k)
    numpy_sd = {k: v.numpy() for k, v in net.state_dict().items()}
    assert other.set_dict(numpy_sd) == ([], [])
    by_name = {o.name: v.numpy() for o, v in zip(other.state_dict().values(), net.state_dict().values())}
    assert other.load_dict(by_name, use_structured_name=False) == ([], [])
    missing, unexpected = other.load_dict(numpy_sd, use_structured_name=False)
    assert missing[0] == other.fc.weight.name and unexpected[0] == "fc.weight"


def test_set_state_dict_missing_unexpected_and_shape(net):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        missing, unexpected = net.set_state_dict({"fc.weight": np.zeros([3, 4], "float32"), "zzz": 1,
                                                  "bn._mean": np.ones([4], "float32")})
    assert missing == ["fc.bias", "seq.0.weight", "seq.0.bias", "seq.named.weight", "seq.named.bias", "bn.w",
                       "bn._mean", "ll.0.weight", "ll.0.bias"]
    assert unexpected == ["zzz", "bn._mean"]
    assert net.fc.weight.numpy().sum() == 0
    texts = [str(x.message) for x in w]
    assert "Skip loading for bn._mean. bn._mean receives a shape [4], but the expected shape is [3]." in texts
    assert "Skip loading for fc.bias. fc.bias is not found in the provided dict." in texts


def test_set_state_dict_dtype_mismatch_raises():
    layer = MyLin(2, 3)
    with pytest.raises(AssertionError, match="Variable dtype not match, Variable"):
        layer.set_state_dict({"weight": np.ones((2, 3), "float64"), "bias": np.ones(3, "float32")})


@pytest.mark.filterwarnings("ignore:Skip loading")
def test_load_state_dict_strict():
    layer = MyLin(2, 3)
    res = layer.load_state_dict({"weight": np.ones((2, 3), "float32"), "bias": np.ones(3, "float32")})
    assert str(res) == "<All keys matched successfully>"
    with pytest.raises(RuntimeError, match='Missing key\\(s\\) in state_dict: "bias"'):
        layer.load_state_dict({"weight": np.ones((2, 3), "float32")})


def test_state_dict_options(net):
    assert list(net.state_dict(structured_name_prefix="m.").keys())[0] == "m.fc.weight"
    assert list(net.state_dict(include_sublayers=False).keys()) == []
    assert net.state_dict(keep_vars=False)["fc.weight"] is not net.fc.weight
    assert net.state_dict()["fc.weight"] is net.fc.weight
    assert list(net.state_dict(None, "pre.").keys())[0] == "pre.fc.weight"  # torch's positional form
    handle = net.register_state_dict_hook(lambda sd: collections.OrderedDict(list(sd.items())[:1]))
    assert len(net.state_dict()) == 1
    handle.remove()
    assert len(net.state_dict()) == 10


def test_layer_pickles(net):
    back = pickle.loads(pickle.dumps(net))
    np.testing.assert_array_equal(back.fc.weight.numpy(), net.fc.weight.numpy())
    assert back.fc.weight.name == net.fc.weight.name


# -- calling, hooks, modes -------------------------------------------------------------------------
def test_eval_does_not_disable_grad(net):
    assert net.training and not net.eval().training and not net.fc.training
    y = net(paddle.ones([2, 3]))
    assert y.stop_gradient is False
    assert net.train().fc.training
    with paddle.no_grad():
        assert net(paddle.ones([2, 3])).stop_gradient is True


def test_forward_hooks(net):
    calls = []
    h1 = net.fc.register_forward_pre_hook(lambda layer, inp: calls.append(len(inp)))
    h2 = net.fc.register_forward_post_hook(lambda layer, inp, out: out * 0)
    x = paddle.ones([2, 3])
    assert float(net.fc(x).sum()) == 0.0 and calls == [1]
    h1.remove()
    h2.remove()
    h2.remove()
    assert float(net.fc(x).sum()) != 0.0 and not net.fc._forward_pre_hooks
    h = net.fc.register_forward_pre_hook(lambda layer, inp: inp[0] * 2)  # a single value becomes (value,)
    np.testing.assert_allclose(net.fc(x).numpy(), net.fc.forward(x * 2).numpy())
    h.remove()
    order = []
    net.fc.register_forward_post_hook(lambda *a: order.append("a"))
    net.fc.register_forward_post_hook(lambda *a: order.append("b"), prepend=True)
    net.fc.register_forward_pre_hook(lambda layer, args, kwargs: (args, kwargs), with_kwargs=True)
    net.fc(x)
    assert order == ["b", "a"]


def test_always_call_hook_runs_on_error():
    seen = []

    class Boom(nn.Layer):
        def forward(self, x):
            raise ValueError("boom")
    b = Boom()
    b.register_forward_post_hook(lambda *a: seen.append(1), always_call=True)
    with pytest.raises(ValueError, match="boom"):
        b(1)
    assert seen == [1]


def test_apply_clear_gradients_and_requires_grad(net):
    visited = []
    net.apply(lambda layer: visited.append(type(layer).__name__))
    assert visited[-1] == "MyNet" and visited[0] == "MyLin"
    net(paddle.ones([2, 3])).sum().backward()
    net.clear_gradients()
    assert float(net.fc.weight.grad.abs().sum()) == 0.0
    net.clear_gradients(set_to_zero=False)
    assert net.fc.weight.grad is None
    net.requires_grad_(False)
    assert all(p.stop_gradient for p in net.parameters())


def test_layer_forward_and_backward_errors():
    with pytest.raises(NotImplementedError):
        nn.Layer()(1)
    with pytest.raises(ValueError, match="Layer shouldn't implement backward"):
        nn.Layer().backward()


# -- dtype conversion ------------------------------------------------------------------------------
def test_to_float_double_astype():
    layer = MyLin(2, 2)
    w = layer.weight
    layer.to(dtype="float64")
    assert layer.weight is w and w.dtype == paddle.float64 and layer._dtype == "float64"
    layer.float()
    assert w.dtype == paddle.float32
    layer.double()
    assert w.dtype == paddle.float64 and layer.bias.dtype == paddle.float64
    layer.astype("float16")
    assert w.dtype == paddle.float16
    with pytest.raises(ValueError, match="dtype value error"):
        layer.astype("foo")
    buf = MyLin(1, 1)
    buf.register_buffer("count", paddle.to_tensor([1], dtype="int64"))
    buf.float()
    assert buf.count.dtype == paddle.int64  # float() casts floating tensors only


# -- containers ----------------------------------------------------------------------------------
def test_sequential():
    a, b, c = MyLin(4, 3), MyLin(3, 2), MyLin(2, 2)
    seq = nn.Sequential(a, b)
    assert len(seq) == 2 and seq[0] is a and seq[-1] is b and list(seq) == [a, b]
    assert seq(paddle.ones([1, 4])).shape == [1, 2]
    assert isinstance(seq[0:1], nn.Sequential) and seq[0:1][0] is a
    with pytest.raises(IndexError, match="index 2 is out of range"):
        seq[2]
    seq.append(c)
    seq.insert(0, MyLin(4, 4))
    assert [type(m).__name__ for m in seq] == ["MyLin"] * 4 and seq[1] is a
    del seq["0"]
    assert len(seq) == 3
    seq[5] = c
    assert seq["5"] is c
    od = nn.Sequential(collections.OrderedDict([("x", a), ("y", b)]))
    assert [k for k, _ in od.named_children()] == ["x", "y"]


def test_layer_list():
    layers = nn.LayerList([MyLin(2, 2) for _ in range(3)])
    assert len(layers) == 3 and [k for k, _ in layers.named_children()] == ["0", "1", "2"]
    extra = MyLin(2, 2)
    layers.append(extra)
    assert layers[-1] is extra
    layers.insert(1, MyLin(2, 2))
    assert layers[4] is extra and len(layers) == 5
    layers.extend([MyLin(1, 1)])
    del layers[0]
    assert list(layers._sub_layers.keys()) == ["0", "1", "2", "3", "4"] and layers[3] is extra
    assert isinstance(layers[1:3], nn.LayerList) and len(layers[1:3]) == 2
    with pytest.raises(IndexError, match="index 9 is out of range"):
        layers[9]
    assert layers.pop(-1) is not extra and len(layers) == 4
    combined = layers + nn.LayerList([MyLin(1, 1)])
    assert len(combined) == 5
    layers += [MyLin(1, 1)]
    assert len(layers) == 5 and len(layers.parameters()) == 10


def test_layer_dict_and_parameter_containers():
    d = nn.LayerDict({"a": MyLin(1, 1)})
    d["b"] = MyLin(1, 2)
    d.update([("c", MyLin(2, 2))])
    assert list(d.keys()) == ["a", "b", "c"] and "b" in d and len(d) == 3
    assert d.pop("a") is not None and list(d) == ["b", "c"]
    with pytest.raises(ValueError, match="which must be 2"):
        d.update([("x",)])
    d.clear()
    assert len(d) == 0
    plist = nn.ParameterList([paddle.create_parameter([2], "float32") for _ in range(2)])
    plist.append(paddle.create_parameter([3], "float32"))
    assert len(plist) == 3 and [k for k, _ in plist.named_parameters()] == ["0", "1", "2"]
    first = plist[0]
    plist[0] = paddle.ones([2, 3])  # Paddle assigns into the existing parameter, shape included
    assert plist[0] is first and plist[0].numpy().tolist() == [[1.0] * 3] * 2
    pdict = nn.ParameterDict({"w": paddle.create_parameter([2, 2], "float32")})
    pdict["v"] = paddle.create_parameter([1], "float32")
    assert list(pdict) == ["w", "v"] and pdict["w"].shape == [2, 2]


# -- static mode -----------------------------------------------------------------------------------
def test_layer_in_static_mode(static_mode):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup), paddle.utils.unique_name.guard():
        layer = MyLin(3, 4, bias_attr=ParamAttr(initializer=Constant(2.0)))
        x = paddle.static.data("x", [2, 3])
        y = layer(x)
    assert [op.type for op in startup.global_block().ops] == ["uniform_random", "fill_constant"]
    assert layer.weight.name == "my_lin_0.w_0" and layer.weight.persistable
    exe = paddle.static.Executor()
    exe.run(startup)
    (out,) = exe.run(main, feed={"x": np.zeros((2, 3), "float32")}, fetch_list=[y])
    np.testing.assert_array_equal(out, np.full((2, 4), 2.0, "float32"))
    assert layer.set_state_dict({"weight": np.ones((3, 4), "float32"), "bias": np.zeros(4, "float32")}) == ([], [])
    (out,) = exe.run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[y])
    np.testing.assert_array_equal(out, np.full((2, 4), 3.0, "float32"))

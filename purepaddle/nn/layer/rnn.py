"""paddle.nn recurrent layers: SimpleRNNCell, LSTMCell, GRUCell, RNN, BiRNN, SimpleRNN, LSTM, GRU.

Cells are compositions of framework ops, stepped by RNN/BiRNN. SimpleRNN/LSTM/GRU run the whole
stack as ONE fused `rnn` op (ops/rnn/fused.py): the input projection of all steps is one matmul, the
time loop runs on arrays, and backward is a dedicated BPTT op, so the autograd graph holds a
handful of nodes instead of one per step. (Double backward through it is not implemented.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import ParamAttrLike

import math

from ... import tensor as _T
from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ...ops.rnn.fused import Rnn as _RnnOp
from .. import functional as F
from .. import initializer as I
from .container import LayerList
from .layers import Layer

__all__ = ["RNNCellBase", "SimpleRNNCell", "LSTMCell", "GRUCell", "RNN", "BiRNN", "SimpleRNN", "LSTM", "GRU"]

_BIDIRECTIONAL = ("bidirectional", "bidirect")


def _flatten(x):
    """The tensors of a nested list/tuple structure, depth first."""
    if isinstance(x, (list, tuple)):
        return [t for item in x for t in _flatten(item)]
    return [x]


def _map(fn, *xs):
    """Apply fn leafwise over nested list/tuple structures of the same shape."""
    if isinstance(xs[0], (list, tuple)):
        return type(xs[0])(_map(fn, *parts) for parts in zip(*xs))
    return fn(*xs)


def _swap_batch_time(x):
    return _T.transpose(x, [1, 0] + list(range(2, len(x.shape))))


def rnn(cell, inputs, initial_states=None, sequence_length=None, time_major=False, is_reverse=False, **kwargs):
    """Step `cell` over the time axis of `inputs`; returns (outputs, final_states).

    With `sequence_length`, a state stops updating once its sequence has ended (the final state is
    the one at the last valid step); as in Paddle, the outputs at padded steps are not zeroed.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.layer.rnn import rnn
            >>> cell = paddle.nn.SimpleRNNCell(16, 32)
            >>> outputs, final_states = rnn(cell, paddle.rand((4, 23, 16)), paddle.randn((4, 32)))
            >>> outputs.shape, final_states.shape
            (paddle.Size([4, 23, 32]), paddle.Size([4, 32]))
    """
    time_axis = 0 if time_major else 1
    steps = _flatten(inputs)[0].shape[time_axis]
    if steps < 0:
        raise ValueError("rnn: the number of time steps must be known when the network is built (got -1)")
    if initial_states is None:
        initial_states = cell.get_initial_states(batch_ref=inputs, batch_dim_idx=1 if time_major else 0)
    if not time_major:
        inputs = _map(_swap_batch_time, inputs)
    mask = None
    if sequence_length is not None:
        from ..functional.extension import sequence_mask
        dtype = _flatten(inputs)[0].dtype
        mask = _T.unsqueeze(_T.transpose(sequence_mask(sequence_length, maxlen=steps, dtype=dtype), [1, 0]), -1)
    if steps == 0:
        raise ValueError("rnn: inputs must have at least one time step")
    order = range(steps - 1, -1, -1) if is_reverse else range(steps)
    states = initial_states
    outputs = [None] * steps
    for i in order:
        step_out, new_states = cell(_map(lambda x: x[i], inputs), states, **kwargs)
        if mask is not None:
            m = mask[i]
            new_states = _map(lambda old, new: new * m + old * (1 - m), states, new_states)
        states = new_states
        outputs[i] = step_out
    final_outputs = _map(lambda *xs: _T.stack(list(xs), axis=time_axis), *outputs)
    return final_outputs, states


def birnn(cell_fw, cell_bw, inputs, initial_states=None, sequence_length=None, time_major=False, **kwargs):
    """Run cell_fw forward and cell_bw backward over `inputs`; outputs are concatenated on the last axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.layer.rnn import birnn
            >>> outputs, (s_fw, s_bw) = birnn(paddle.nn.GRUCell(16, 8), paddle.nn.GRUCell(16, 8),
            ...                               paddle.rand((2, 5, 16)))
            >>> outputs.shape
            paddle.Size([2, 5, 16])
    """
    if initial_states is None:
        batch_idx = 1 if time_major else 0
        states_fw = cell_fw.get_initial_states(batch_ref=inputs, batch_dim_idx=batch_idx)
        states_bw = cell_fw.get_initial_states(batch_ref=inputs, batch_dim_idx=batch_idx)
    else:
        states_fw, states_bw = initial_states
    out_fw, states_fw = rnn(cell_fw, inputs, states_fw, sequence_length, time_major=time_major, **kwargs)
    out_bw, states_bw = rnn(cell_bw, inputs, states_bw, sequence_length, time_major=time_major, is_reverse=True,
                            **kwargs)
    outputs = _map(lambda x, y: _T.concat([x, y], -1), out_fw, out_bw)
    return outputs, (states_fw, states_bw)


def split_states(states, bidirectional=False, state_components=1):
    """Split stacked [L*D, B, H] states into per-layer (and per-direction) cell states."""
    if state_components == 1:
        states = _T.unstack(states)
        return states if not bidirectional else list(zip(states[::2], states[1::2]))
    assert len(states) == state_components
    states = list(zip(*[_T.unstack(s) for s in states]))
    return states if not bidirectional else list(zip(states[::2], states[1::2]))


def concat_states(states, bidirectional=False, state_components=1):
    """Stack per-cell states back into [L*D, B, H] tensors (a tuple of them for LSTM)."""
    flat = _flatten(states)
    if state_components == 1:
        return _T.stack(flat)
    return tuple(_T.stack(flat[i::state_components]) for i in range(state_components))


class RNNCellBase(Layer):
    """Base class of RNN cells: maps (inputs, states) to (outputs, new_states); makes initial states.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cell = paddle.nn.LSTMCell(4, 8)
            >>> h, c = cell.get_initial_states(paddle.rand((3, 4)))
            >>> h.shape, c.shape
            (paddle.Size([3, 8]), paddle.Size([3, 8]))
    """

    def get_initial_states(self, batch_ref, shape=None, dtype=None, init_value=0.0, batch_dim_idx=0):
        """States filled with `init_value`, shaped [batch] + state_shape (batch taken from `batch_ref`)."""
        ref = _flatten(batch_ref)[0]
        batch = ref.shape[batch_dim_idx]
        shapes = self.state_shape if shape is None else shape
        if dtype is None:
            try:
                dtype = self.state_dtype
            except NotImplementedError:
                dtype = _dt.get_default_dtype()
        dtypes = _flatten(dtype) if isinstance(dtype, (list, tuple)) else None

        def is_shape(s):
            return isinstance(s, (list, tuple)) and all(isinstance(d, int) for d in s)

        counter = [0]

        def make(s):
            if not is_shape(s):
                return type(s)(make(x) for x in s)
            s = list(s)
            dims = s[1:] if s and s[0] == -1 else s
            dt = dtype
            if dtypes is not None:
                dt = dtypes[min(counter[0], len(dtypes) - 1)]
                counter[0] += 1
            if batch >= 0:
                return _T.full([batch] + dims, init_value, dtype=dt)
            # static graph with an unknown batch: shape the states by the runtime batch of batch_ref
            other = [i for i in range(ref.ndim) if i != batch_dim_idx % ref.ndim]
            col = _T.unsqueeze(_T.cast(_T.sum(ref, axis=other), dt) * 0, -1)
            return _T.tile(_T.reshape(col, [-1] + [1] * len(dims)), [1] + dims) + init_value

        return make(shapes)

    @property
    def state_shape(self):
        """Shape(s) of the state, without the batch dim (nested for multi-part states)."""
        raise NotImplementedError("Please add implementation for `state_shape` in the used cell.")

    @property
    def state_dtype(self):
        """Dtype(s) of the state; the default float dtype when not implemented."""
        raise NotImplementedError("Please add implementation for `state_dtype` in the used cell.")


def _cell_params(cell, gates, input_size, hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr,
                 bias_hh_attr, hh_cols=None):
    """Create weight_ih, weight_hh, bias_ih, bias_hh with Paddle's Uniform(-1/sqrt(H), 1/sqrt(H)) default;
    an attr of False gives a frozen constant parameter (weights 1, biases 0)."""
    if hidden_size <= 0:
        raise ValueError(f"hidden_size of {type(cell).__name__} must be greater than 0, but now equals to "
                         f"{hidden_size}")
    std = 1.0 / math.sqrt(hidden_size)
    cell._dtype = _dt.get_default_dtype()  # parameters follow the default float dtype, as in Paddle
    specs = [("weight_ih", (gates * hidden_size, input_size), weight_ih_attr, False),
             ("weight_hh", (gates * hidden_size, hh_cols or hidden_size), weight_hh_attr, False),
             ("bias_ih", (gates * hidden_size,), bias_ih_attr, True),
             ("bias_hh", (gates * hidden_size,), bias_hh_attr, True)]
    for name, shape, attr, is_bias in specs:
        if attr is not False:
            p = cell.create_parameter(shape, attr, is_bias=is_bias, default_initializer=I.Uniform(-std, std))
        else:
            p = cell.create_parameter(shape, None, is_bias=is_bias,
                                      default_initializer=I.Constant(0.0 if is_bias else 1.0))
            p.stop_gradient = True
        setattr(cell, name, p)
    cell.input_size = input_size
    cell.hidden_size = hidden_size


def _gates(inputs, states, cell):
    """x @ W_ih^T + b_ih and h @ W_hh^T + b_hh."""
    x = _T.matmul(inputs, cell.weight_ih, transpose_y=True)
    if cell.bias_ih is not None:
        x = x + cell.bias_ih
    h = _T.matmul(states, cell.weight_hh, transpose_y=True)
    if cell.bias_hh is not None:
        h = h + cell.bias_hh
    return x, h


class SimpleRNNCell(RNNCellBase):
    """Elman cell: h = act(W_ih x + b_ih + W_hh h_prev + b_hh), act tanh or relu; returns (h, h).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cell = paddle.nn.SimpleRNNCell(16, 32)
            >>> y, h = cell(paddle.randn((4, 16)), paddle.randn((4, 32)))
            >>> h.shape
            paddle.Size([4, 32])
    """

    def __init__(self, input_size, hidden_size, activation="tanh", weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        _cell_params(self, 1, input_size, hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)
        if activation not in ("tanh", "relu"):
            raise ValueError(f"activation for SimpleRNNCell should be tanh or relu, but get {activation}")
        self.activation = activation
        self._activation_fn = _T.tanh if activation == "tanh" else F.relu

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        x, h = _gates(inputs, states, self)
        h = self._activation_fn(x + h)
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        return s + (f", activation={self.activation}" if self.activation != "tanh" else "")


class LSTMCell(RNNCellBase):
    """LSTM cell (gate order i, f, g, o); states (h, c); returns (h, (h, c)); optional projection of h.

    Args:
        input_size (int): The size of the input.
        hidden_size (int): The size of the hidden state.
        weight_ih_attr (ParamAttrLike|None, optional): The ParamAttr of the input-to-hidden weight. Default:
            None.
        weight_hh_attr (ParamAttrLike|None, optional): The ParamAttr of the hidden-to-hidden weight. Default:
            None.
        bias_ih_attr (ParamAttrLike|None, optional): The ParamAttr of the input-to-hidden bias. Default: None.
        bias_hh_attr (ParamAttrLike|None, optional): The ParamAttr of the hidden-to-hidden bias. Default:
            None.
        proj_size (int, optional): The size of a projection of the hidden state; 0 for none. Default: 0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cell = paddle.nn.LSTMCell(16, 32)
            >>> y, (h, c) = cell(paddle.randn((4, 16)), (paddle.randn((4, 32)), paddle.randn((4, 32))))
            >>> y.shape, c.shape
            (paddle.Size([4, 32]), paddle.Size([4, 32]))
    """

    def __init__(self, input_size: int, hidden_size: int, weight_ih_attr: ParamAttrLike | None = None,
                 weight_hh_attr: ParamAttrLike | None = None, bias_ih_attr: ParamAttrLike | None = None,
                 bias_hh_attr: ParamAttrLike | None = None, proj_size: int = 0,
                 name: str | None = None) -> None:
        super().__init__()
        if hidden_size <= 0:
            raise ValueError(f"hidden_size of {type(self).__name__} must be greater than 0, but now equals to "
                             f"{hidden_size}")
        if proj_size < 0:
            raise ValueError(f"proj_size of {type(self).__name__} must be greater than 0, but now equals to "
                             f"{hidden_size}")
        if proj_size >= hidden_size:
            raise ValueError("proj_size must be smaller than hidden_size")
        _cell_params(self, 4, input_size, hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr,
                     hh_cols=proj_size or hidden_size)
        self.proj_size = proj_size
        if proj_size > 0:
            std = 1.0 / math.sqrt(hidden_size)
            self.weight_ho = self.create_parameter((hidden_size, proj_size), weight_hh_attr,
                                                   default_initializer=I.Uniform(-std, std))

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        pre_h, pre_c = states
        x, h = _gates(inputs, pre_h, self)
        i, f, g, o = _T.split(x + h, 4, axis=-1)
        i, f, o = F.sigmoid(i), F.sigmoid(f), F.sigmoid(o)
        c = f * pre_c + i * _T.tanh(g)
        h = o * _T.tanh(c)
        if self.proj_size > 0:
            h = _T.matmul(h, self.weight_ho)
        return h, (h, c)

    @property
    def state_shape(self):
        """((hidden_size,), (hidden_size,)): the shapes of h and c."""
        return ((self.hidden_size,), (self.proj_size or self.hidden_size,))

    def extra_repr(self):
        return f"{self.input_size}, {self.hidden_size}"


class GRUCell(RNNCellBase):
    """GRU cell (gate order r, z, c): c = tanh(W_ic x + b_ic + r * (W_hc h + b_hc)), h = z*h_prev + (1-z)*c.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cell = paddle.nn.GRUCell(16, 32)
            >>> y, h = cell(paddle.randn((4, 16)), paddle.randn((4, 32)))
            >>> h.shape
            paddle.Size([4, 32])
    """

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None,
                 bias_hh_attr=None, name=None):
        super().__init__()
        _cell_params(self, 3, input_size, hidden_size, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        x, h = _gates(inputs, states, self)
        x_r, x_z, x_c = _T.split(x, 3, axis=1)
        h_r, h_z, h_c = _T.split(h, 3, axis=1)
        r = F.sigmoid(x_r + h_r)
        z = F.sigmoid(x_z + h_z)
        c = _T.tanh(x_c + r * h_c)
        h = (states - c) * z + c
        return h, h

    @property
    def state_shape(self):
        """(hidden_size,): the shape of h."""
        return (self.hidden_size,)

    def extra_repr(self):
        return f"{self.input_size}, {self.hidden_size}"


class RNN(Layer):
    """Wrap a cell into a recurrent network over a sequence (optionally reversed, time-major).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> rnn = paddle.nn.RNN(paddle.nn.SimpleRNNCell(16, 32))
            >>> outputs, final_states = rnn(paddle.rand((4, 23, 16)), paddle.randn((4, 32)))
            >>> outputs.shape, final_states.shape
            (paddle.Size([4, 23, 32]), paddle.Size([4, 32]))
    """

    def __init__(self, cell, is_reverse=False, time_major=False):
        super().__init__()
        self.cell = cell
        self.is_reverse = is_reverse
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        return rnn(self.cell, inputs, initial_states=initial_states, sequence_length=sequence_length,
                   time_major=self.time_major, is_reverse=self.is_reverse, **kwargs)


class BiRNN(Layer):
    """Run a forward cell and a backward cell over a sequence; outputs concatenated on the last axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> rnn = paddle.nn.BiRNN(paddle.nn.LSTMCell(16, 32), paddle.nn.LSTMCell(16, 32))
            >>> outputs, final_states = rnn(paddle.rand((2, 23, 16)))
            >>> outputs.shape, final_states[0][0].shape
            (paddle.Size([2, 23, 64]), paddle.Size([2, 32]))
    """

    def __init__(self, cell_fw, cell_bw, time_major=False):
        super().__init__()
        self.cell_fw = cell_fw
        self.cell_bw = cell_bw
        if cell_fw.input_size != cell_bw.input_size:
            raise ValueError(f"input size of forward cell({cell_fw.input_size}) does not equals"
                             f"that of backward cell({cell_bw.input_size})")
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        if isinstance(initial_states, (list, tuple)):
            assert len(initial_states) == 2, "length of initial_states should be 2 when it is a list/tuple"
        return birnn(self.cell_fw, self.cell_bw, inputs, initial_states, sequence_length, self.time_major,
                     **kwargs)


class RNNBase(LayerList):
    """Shared machinery of SimpleRNN, LSTM and GRU: a LayerList of RNN/BiRNN layers whose parameters are
    also exposed as weight_ih_l{k}[_reverse] etc., run as one fused `rnn` op."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, direction="forward", time_major=False,
                 dropout=0.0, weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None,
                 proj_size=0):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.dropout = dropout
        self.num_directions = 2 if direction in _BIDIRECTIONAL else 1
        self.time_major = time_major
        self.num_layers = num_layers
        self.state_components = 2 if mode == "LSTM" else 1
        kwargs = {"weight_ih_attr": weight_ih_attr, "weight_hh_attr": weight_hh_attr, "bias_ih_attr": bias_ih_attr,
                  "bias_hh_attr": bias_hh_attr}
        self.proj_size = proj_size
        if proj_size > 0:
            assert mode == "LSTM"
        if mode == "LSTM":
            cell_cls = LSTMCell
            kwargs["proj_size"] = proj_size
        elif mode == "GRU":
            cell_cls = GRUCell
        else:
            cell_cls = SimpleRNNCell
            kwargs["activation"] = "relu" if mode == "RNN_RELU" else "tanh"
        in_size = proj_size or hidden_size
        if direction == "forward":
            for k in range(num_layers):
                self.append(RNN(cell_cls(input_size if k == 0 else in_size, hidden_size, **kwargs), False,
                                time_major))
        elif direction in _BIDIRECTIONAL:
            for k in range(num_layers):
                size = input_size if k == 0 else 2 * in_size
                self.append(BiRNN(cell_cls(size, hidden_size, **kwargs), cell_cls(size, hidden_size, **kwargs),
                                  time_major))
        else:
            raise ValueError("direction should be forward or bidirect (or bidirectional), "
                             f"received direction = {direction}")
        # the fused op needs exactly w_ih, w_hh, b_ih, b_hh per cell (a projection falls back to the cells)
        self.could_use_cudnn = len(self.parameters()) == num_layers * 4 * self.num_directions
        names = []
        for layer in range(num_layers):
            for d in range(self.num_directions):
                suffix = "_reverse" if d == 1 else ""
                names.extend(["weight_ih_l{}{}", "weight_hh_l{}{}"])
                if bias_ih_attr is not False:
                    names.append("bias_ih_l{}{}")
                if bias_hh_attr is not False:
                    names.append("bias_hh_l{}{}")
                names = [n.format(layer, suffix) for n in names]
        for name, param in zip(names, self.parameters()):
            setattr(self, name, param)
        self.flatten_parameters()

    def flatten_parameters(self):
        """Order the parameters as the fused op's WeightList: all weights, then all biases."""
        if not self.could_use_cudnn:
            return
        cells = []
        for layer in self:
            cells.extend([layer.cell] if isinstance(layer, RNN) else [layer.cell_fw, layer.cell_bw])
        self.__dict__["_all_weights"] = ([w for c in cells for w in (c.weight_ih, c.weight_hh)]
                                         + [b for c in cells for b in (c.bias_ih, c.bias_hh)])

    def _fused(self, inputs, initial_states, sequence_length):
        x = inputs if self.time_major else _T.transpose(inputs, [1, 0, 2])
        if sequence_length is not None and sequence_length.dtype not in (_dt.int32, _dt.int64):
            sequence_length = _T.cast(sequence_length, "int64")
        out, _, _, state = apply(
            _RnnOp, x, list(initial_states), list(self._all_weights), sequence_length,
            dropout_prob=float(self.dropout), is_bidirec=self.num_directions == 2, input_size=self.input_size,
            hidden_size=self.hidden_size, num_layers=self.num_layers, mode=self.mode, seed=0,
            is_test=not self.training)
        if not self.time_major:
            out = _T.transpose(out, [1, 0, 2])
        return out, tuple(state) if len(state) > 1 else state[0]

    def forward(self, inputs, initial_states=None, sequence_length=None):
        batch_index = 1 if self.time_major else 0
        if initial_states is None:
            batch = inputs.shape[batch_index]
            dims = (self.proj_size or self.hidden_size, self.hidden_size)
            n = self.num_layers * self.num_directions
            if batch >= 0:
                initial_states = tuple(_T.full([n, batch, dims[i]], 0, dtype=inputs.dtype)
                                       for i in range(self.state_components))
            else:  # static graph with an unknown batch: zeros shaped by the runtime batch
                ref = _T.zeros_like(inputs[0, :, :1] if self.time_major else inputs[:, 0, :1])
                initial_states = tuple(_T.tile(_T.unsqueeze(ref, 0), [n, 1, dims[i]])
                                       for i in range(self.state_components))
        elif not isinstance(initial_states, (list, tuple)):
            initial_states = [initial_states]
        if self.could_use_cudnn:
            return self._fused(inputs, initial_states, sequence_length)
        states = split_states(initial_states, self.num_directions == 2, self.state_components)
        final_states = []
        for i, rnn_layer in enumerate(self):
            if i > 0:
                inputs = F.dropout(inputs, self.dropout, training=self.training, mode="upscale_in_train")
            outputs, final_state = rnn_layer(inputs, states[i], sequence_length)
            final_states.append(final_state)
            inputs = outputs
        return outputs, concat_states(final_states, self.num_directions == 2, self.state_components)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.time_major is not False:
            s += f", time_major={self.time_major}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        return s


class SimpleRNN(RNNBase):
    """Multi-layer Elman RNN (tanh or relu); forward(inputs, initial_states=None, sequence_length=None)
    returns (outputs, final_states [num_layers*num_directions, B, H]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> rnn = paddle.nn.SimpleRNN(16, 32, 2)
            >>> y, h = rnn(paddle.randn((4, 23, 16)), paddle.randn((2, 4, 32)))
            >>> y.shape, h.shape
            (paddle.Size([4, 23, 32]), paddle.Size([2, 4, 32]))
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward", time_major=False, dropout=0.0,
                 activation="tanh", weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None,
                 name=None):
        if activation == "tanh":
            mode = "RNN_TANH"
        elif activation == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown activation '{activation}'")
        self.__dict__["activation"] = activation
        super().__init__(mode, input_size, hidden_size, num_layers, direction, time_major, dropout,
                         weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, 0)


class LSTM(RNNBase):
    """Multi-layer LSTM; forward(inputs, initial_states=None, sequence_length=None) returns
    (outputs, (h, c)), each state [num_layers*num_directions, B, H]. Padded steps (with
    sequence_length) output 0 and keep the state, as torch's packed sequences.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> rnn = paddle.nn.LSTM(16, 32, 2)
            >>> y, (h, c) = rnn(paddle.randn((4, 23, 16)), (paddle.randn((2, 4, 32)), paddle.randn((2, 4, 32))))
            >>> y.shape, h.shape, c.shape
            (paddle.Size([4, 23, 32]), paddle.Size([2, 4, 32]), paddle.Size([2, 4, 32]))
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward", time_major=False, dropout=0.0,
                 weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, proj_size=0,
                 name=None):
        super().__init__("LSTM", input_size, hidden_size, num_layers, direction, time_major, dropout,
                         weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, proj_size)


class GRU(RNNBase):
    """Multi-layer GRU; forward(inputs, initial_states=None, sequence_length=None) returns
    (outputs, final_states [num_layers*num_directions, B, H]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> rnn = paddle.nn.GRU(16, 32, 2)
            >>> y, h = rnn(paddle.randn((4, 23, 16)), paddle.randn((2, 4, 32)))
            >>> y.shape, h.shape
            (paddle.Size([4, 23, 32]), paddle.Size([2, 4, 32]))
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward", time_major=False, dropout=0.0,
                 weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__("GRU", input_size, hidden_size, num_layers, direction, time_major, dropout,
                         weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, 0)

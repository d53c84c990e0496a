"""The fused recurrent op `rnn` (SimpleRNN/LSTM/GRU, multi-layer, bidirectional) and its `rnn_grad`.

One op runs the whole layer stack: the autograd graph holds one node instead of one per cell
step, the forward keeps every gate activation in the `Reserve` output, and `rnn_grad` does
backpropagation through time on arrays (kernels in _kernels.py). Slots and attrs are
Paddle's legacy `rnn` op: inputs Input [T, B, I] (time-major), PreState (h, or h and c for LSTM,
each [L*D, B, H]), WeightList (all w_ih, w_hh per layer and direction, then all b_ih, b_hh),
SequenceLength [B]; outputs Out [T, B, D*H], DropoutState, Reserve, State.
"""
import weakref

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, constant
from ..._core.generator import engine
from ..common.dropout import keep_mask
from ..._core.op import Op, TensorMeta, register
from ..manipulation.shape import RefList
from . import _kernels as K

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _dir_parts(mode, T, B, H):
    """(name, shape) of the reserve blocks of one layer direction."""
    if mode == "LSTM":
        return [("G", (4, T, B, H)), ("h", (T + 1, B, H)), ("c", (T + 1, B, H)), ("tc", (T, B, H))]
    if mode == "GRU":
        return [("G", (T, B, 3 * H)), ("hc", (T, B, H)), ("h", (T + 1, B, H))]
    return [("h", (T + 1, B, H))]


def _reserve(mode, T, B, H, L, D, dropout, dtype, buf=None, x_copy=0):
    """Carve the reserve buffer: per layer a dict with 'x' (its input: layers > 0, and layer 0 when
    x_copy = I, a contiguous copy of a strided Input), 'mask' (dropout) and 'dirs' (one dict of blocks
    per direction). Allocates the buffer when `buf` is None."""
    plan, size = [], 0
    for layer in range(L):
        entry = {"dirs": []}
        if layer > 0 or x_copy:
            width = D * H if layer > 0 else x_copy
            entry["x"] = (size, (T, B, width))
            size += T * B * width
            if dropout and layer > 0:
                entry["mask"] = (size, (T, B, D * H))
                size += T * B * D * H
        for _ in range(D):
            parts = {}
            for name, shape in _dir_parts(mode, T, B, H):
                parts[name] = (size, shape)
                size += int(np.prod(shape))
            entry["dirs"].append(parts)
        plan.append(entry)
    if buf is None:
        buf = K.WORK.empty((size,), dtype)

    def view(spec):
        off, shape = spec
        return buf[off:off + int(np.prod(shape))].reshape(shape)

    layers = []
    for entry in plan:
        layers.append({"x": view(entry["x"]) if "x" in entry else None,
                       "mask": view(entry["mask"]) if "mask" in entry else None,
                       "dirs": [{k: view(s) for k, s in parts.items()} for parts in entry["dirs"]]})
    return buf, layers


def _reserve_size(mode, T, B, H, L, D, dropout, x_copy):
    per_dir = sum(int(np.prod(shape)) for _, shape in _dir_parts(mode, T, B, H))
    per_layer = [(T * B * D * H * (2 if dropout else 1)) if layer > 0 else T * B * x_copy for layer in range(L)]
    return L * D * per_dir + sum(per_layer)


def _masks(seq_len, T, dtype):
    """(live [T,B,1] 0/1 mask or None, dead rows per step or None) from sequence lengths."""
    if seq_len is None:
        return None, None
    lens = np.asarray(seq_len).reshape(-1)
    valid = np.arange(T)[:, None] < lens[None, :]
    if valid.all():
        return None, None
    dead = [None if v.all() else np.flatnonzero(~v) for v in valid]
    return valid[:, :, None].astype(dtype), dead


def _weights(weights, L, D, dtype):
    """Per (layer, direction): (w_ih, w_hh, b_ih, b_hh); zero biases when the list has none."""
    n = L * D
    out = []
    for k in range(n):
        w_ih, w_hh = weights[2 * k], weights[2 * k + 1]
        if len(weights) >= 4 * n:
            b_ih, b_hh = weights[2 * n + 2 * k], weights[2 * n + 2 * k + 1]
        else:
            b_ih = b_hh = np.zeros(w_ih.shape[0], dtype)
        out.append((w_ih, w_hh, b_ih, b_hh))
    return out


def _err(msg):
    """A ValueError worded as Paddle words it (dispatch re-raises it unchanged)."""
    e = ValueError(msg)
    e.paddle_kernel = True
    return e


def _check(attrs, x, pre, weights):
    mode, L, H = attrs["mode"], attrs["num_layers"], attrs["hidden_size"]
    D = 2 if attrs["is_bidirec"] else 1
    if mode not in _GATES:
        raise _err(f"(InvalidArgument) rnn: mode must be one of {sorted(_GATES)}, but received {mode!r}")
    if x.ndim != 3:
        raise _err(f"(InvalidArgument) rnn: Input must be 3-D [time_steps, batch_size, input_size], but "
                   f"received shape {list(x.shape)}")
    n_state = 2 if mode == "LSTM" else 1
    if len(pre) != n_state:
        raise _err(f"(InvalidArgument) rnn: mode {mode} needs {n_state} initial state tensor(s), but "
                   f"received {len(pre)}")
    for s in pre:
        if tuple(s.shape) != (L * D, x.shape[1], H):
            raise _err(f"(InvalidArgument) rnn: each initial state must have shape {[L * D, x.shape[1], H]}, "
                       f"but received {list(s.shape)}")
    if len(weights) not in (2 * L * D, 4 * L * D):
        raise _err(f"(InvalidArgument) rnn: WeightList must hold {4 * L * D} tensors, but received "
                   f"{len(weights)}")
    for t in list(weights) + list(pre):
        if t.dtype != x.dtype:
            raise _err(f"(InvalidArgument) The type of data we are trying to retrieve ({x.dtype}) does not "
                       f"match the type of data ({t.dtype}) currently contained in the container.")
    if x.shape[2] != weights[0].shape[1]:
        raise _err("(InvalidArgument) The first matrix width should be same as second matrix height,but "
                   f"received first matrix width {x.shape[2]}, second matrix height {weights[0].shape[1]}")
    return mode, L, D, H


def _run_direction(mode, xs, w, h0, c0, v, reverse, dead):
    w_ih, w_hh, b_ih, b_hh = w
    if mode == "LSTM":
        return K.lstm_forward(xs, w_ih, w_hh, b_ih, b_hh, h0, c0, v, reverse, dead)
    if mode == "GRU":
        return K.gru_forward(xs, w_ih, w_hh, b_ih, b_hh, h0, v, reverse, dead), None
    return K.simple_forward(xs, w_ih, w_hh, b_ih, b_hh, h0, v, reverse, dead, mode == "RNN_RELU"), None


@register("rnn")
class Rnn(Op):
    """The whole recurrent stack in one op (attrs mode, hidden_size, num_layers, is_bidirec, dropout_prob,
    is_test, input_size, seed)."""

    inputs = ("Input", "PreState", "WeightList", "SequenceLength")
    outputs = ("Out", "DropoutState", "Reserve", "State")
    duplicable = ("PreState", "WeightList", "State")
    nondiff_outputs = ("DropoutState", "Reserve")
    saves = ("Input", "PreState", "WeightList", "SequenceLength", "Reserve")
    materialize_grads = False  # eager would otherwise zero-fill a Reserve-sized grad every step

    def save(self, inputs, outs):
        # the list slots are kept by reference: the optimizer updates weights only after backward
        saved = []
        for is_out, i in self._save_plan:
            if is_out:
                t = outs[i]
                saved.append((t._data, weakref.ref(t), 0, i))
            else:
                t = inputs[i]
                if type(t) is list:
                    saved.append((RefList(t), None, None, -1))
                else:
                    saved.append((t, None, None if t is None else t._version, -1))
        self._saved = saved

    def forward(self, xp, x, pre, weights, seq_len=None):
        a = self.attrs
        mode, L, D, H = _check(a, x, pre, weights)
        T, B, _ = x.shape
        p = float(a.get("dropout_prob", 0.0))
        dropout = L > 1 and p > 0 and not a.get("is_test", False)
        live, dead = _masks(seq_len, T, x.dtype)
        x_copy = 0 if x.flags.c_contiguous else x.shape[2]  # one contiguous copy, shared with the backward
        reserve, layers = _reserve(mode, T, B, H, L, D, dropout, x.dtype, x_copy=x_copy)
        if x_copy:
            layers[0]["x"][...] = x
            x = layers[0]["x"]
        ws = _weights(weights, L, D, x.dtype)
        hN = np.empty((L * D, B, H), x.dtype)
        cN = np.empty((L * D, B, H), x.dtype) if mode == "LSTM" else None
        out = K.WORK.empty((T, B, D * H), x.dtype)
        inp = x
        keep = None  # the dropout mask, drawn at the first layer that needs it
        for layer in range(L):
            last = layer == L - 1
            y = out if last else layers[layer + 1]["x"]
            for d in range(D):
                k = layer * D + d
                v = layers[layer]["dirs"][d]
                hk, ck = _run_direction(mode, inp, ws[k], pre[0][k], pre[1][k] if cN is not None else None,
                                        v, d == 1, dead)
                hN[k] = hk
                if cN is not None:
                    cN[k] = ck
                y[..., d * H:(d + 1) * H] = K.prev_block(v["h"], T, d != 1)  # the states written
            if live is not None:
                y *= live
            if dropout and not last:
                mask = layers[layer + 1]["mask"]
                if np.float32(p) == 1:
                    mask.fill(0)
                    y.fill(0)
                else:
                    # Paddle's kernel: dropout's draws (uniform_real<float> >= p keeps), then x / (1.0f - p);
                    # it draws the mask once, for the first layer, and reuses it for every later one
                    if keep is None:
                        keep = keep_mask(engine(a.get("seed", 0)), mask.shape, p)
                    mask[...] = keep
                    y[...] = np.where(keep, y / x.dtype.type(np.float32(1) - np.float32(p)), x.dtype.type(0))
            inp = y
        states = [hN] if cN is None else [hN, cN]
        return out, np.zeros(0, np.uint8), reserve, states

    def infer_meta(self, x, pre, weights, seq_len=None):
        a = self.attrs
        D = 2 if a["is_bidirec"] else 1
        out = TensorMeta(list(x.shape[:2]) + [D * a["hidden_size"]], x.dtype)
        return (out, TensorMeta([0], _dt.uint8), TensorMeta([-1], x.dtype),
                [TensorMeta(s.shape, s.dtype) for s in pre])

    def backward(self, d_out, _d_dropout, _d_reserve, d_states):
        x, pre, weights, seq_len, reserve = self.saved
        n_pre = len(pre)
        if d_out is None:  # (eager only: static programs pass zeros) nobody used Out
            a = self.attrs
            width = (2 if a["is_bidirec"] else 1) * a["hidden_size"]
            d_out = constant(np.zeros(x._data.shape[:2] + (width,), x._data.dtype))
        d_states = [constant(np.zeros_like(p._data)) if g is None else g for g, p in zip(d_states, pre)]
        dx, dpre, dws = apply(RnnGrad, x, list(pre), list(weights), seq_len, reserve, d_out, list(d_states),
                              input_grad=bool(self.need(0)),
                              state_grad=any(bool(self.need(1 + i)) for i in range(n_pre)), **self.attrs)
        dpre = [g if self.need(1 + i) else None for i, g in enumerate(dpre)]
        dws = [g if self.need(1 + n_pre + i) else None for i, g in enumerate(dws)]
        return (dx if self.need(0) else None), dpre, dws, None


@register("rnn_grad")
class RnnGrad(Op):
    """Backpropagation through time for `rnn` from its Reserve (attrs of rnn, plus input_grad / state_grad:
    whether Input@GRAD / PreState@GRAD are wanted). Double backward is not implemented."""

    inputs = ("Input", "PreState", "WeightList", "SequenceLength", "Reserve", "Out@GRAD", "State@GRAD")
    outputs = ("Input@GRAD", "PreState@GRAD", "WeightList@GRAD")
    duplicable = ("PreState", "WeightList", "State@GRAD", "PreState@GRAD", "WeightList@GRAD")

    def forward(self, xp, x, pre, weights, seq_len, reserve, d_out, d_states):
        a = self.attrs
        mode, L, D, H = _check(a, x, pre, weights)
        T, B, _ = x.shape
        dt = x.dtype
        p = float(a.get("dropout_prob", 0.0))
        dropout = L > 1 and p > 0 and not a.get("is_test", False)
        live, dead = _masks(seq_len, T, dt)
        x_copy = 0 if x.flags.c_contiguous else x.shape[2]
        if _reserve_size(mode, T, B, H, L, D, dropout, x_copy) != reserve.size:
            x_copy = x.shape[2] - x_copy  # the forward saw the other layout of the same values
        _, layers = _reserve(mode, T, B, H, L, D, dropout, dt, buf=reserve, x_copy=x_copy)
        if x_copy:
            x = layers[0]["x"]
        ws = _weights(weights, L, D, dt)
        n = L * D
        dws = [None] * len(weights)
        dpre = [np.empty_like(s) for s in pre]
        dcur = np.asarray(d_out, dt)
        if live is not None:
            dcur = dcur * live
        dx = None
        for layer in range(L - 1, -1, -1):
            inp = x if layer == 0 else layers[layer]["x"]
            want_dinp = layer > 0 or a.get("input_grad", True)
            dinp = None
            for d in range(D):
                k = layer * D + d
                v = layers[layer]["dirs"][d]
                w_ih, w_hh, _, _ = ws[k]
                dout = dcur[..., d * H:(d + 1) * H]
                dhT = d_states[0][k]
                xs2 = inp.reshape(T * B, -1)
                hprev = K.prev_block(v["h"], T, d == 1).reshape(T * B, H)
                if mode == "LSTM":
                    need_h0 = layer > 0 or a.get("state_grad", True)
                    dG, dh0, dc0 = K.lstm_backward(inp, w_ih, w_hh, v, d == 1, live, dead, dout, dhT, d_states[1][k],
                                                   need_h0)
                    dpre[1][k] = dc0
                elif mode == "GRU":
                    dGh, dNx, dh0 = K.gru_backward(inp, w_ih, w_hh, v, d == 1, live, dead, dout, dhT)
                else:
                    dG, dh0 = K.simple_backward(inp, w_ih, w_hh, v, d == 1, live, dead, dout, dhT,
                                                mode == "RNN_RELU")
                dpre[0][k] = dh0 if mode != "LSTM" or need_h0 else 0
                if mode == "GRU":
                    gh = dGh.reshape(T * B, 3 * H)
                    gn = dNx.reshape(T * B, H)
                    dw_ih = np.empty_like(w_ih)
                    np.matmul(gh[:, :2 * H].T, xs2, out=dw_ih[:2 * H])
                    np.matmul(gn.T, xs2, out=dw_ih[2 * H:])
                    dw_hh = gh.T @ hprev
                    db_hh = gh.sum(0)
                    db_ih = np.concatenate([db_hh[:2 * H], gn.sum(0)])
                    if want_dinp:
                        g_in = gh[:, :2 * H] @ w_ih[:2 * H]
                        g_in += gn @ w_ih[2 * H:]
                else:
                    g2 = dG.reshape(T * B, -1)
                    dw_ih = g2.T @ xs2
                    dw_hh = g2.T @ hprev
                    db_ih = g2.sum(0)
                    db_hh = db_ih
                    if want_dinp:
                        g_in = g2 @ w_ih
                if want_dinp:
                    if dinp is None:
                        dinp = g_in
                    else:
                        dinp += g_in
                dws[2 * k], dws[2 * k + 1] = dw_ih, dw_hh
                if len(weights) >= 4 * n:
                    dws[2 * n + 2 * k] = db_ih
                    dws[2 * n + 2 * k + 1] = db_hh.copy() if db_hh is db_ih else db_hh
            if layer == 0:
                dx = dinp.reshape(x.shape) if dinp is not None else np.zeros_like(x)
            else:
                dcur = dinp.reshape(T, B, D * H)
                if dropout:  # the mask holds 1 where kept; Paddle's grad divides by (1.0f - p) in T
                    kept = layers[layer]["mask"]
                    dcur[...] = np.where(kept != 0, dcur / x.dtype.type(np.float32(1) - np.float32(p)),
                                         x.dtype.type(0))
                if live is not None:
                    dcur *= live
        return dx, dpre, dws

    def infer_meta(self, x, pre, weights, seq_len, reserve, d_out, d_states):
        return (TensorMeta(x.shape, x.dtype), [TensorMeta(s.shape, s.dtype) for s in pre],
                [TensorMeta(w.shape, w.dtype) for w in weights])

    def backward(self, *grads):
        raise NotImplementedError(
            "rnn: double backward (differentiating rnn_grad) is not implemented; build the network from "
            "RNN(cell) with SimpleRNNCell/LSTMCell/GRUCell to take higher-order gradients")

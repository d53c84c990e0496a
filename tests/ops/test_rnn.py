"""The fused rnn op's backward when only some outputs are used (eager passes None, not zero-filled
Reserve-sized grads), and the LSTM kernels (gate-major reserve) against a step-by-step NumPy LSTM."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.ops.rnn import _kernels as K


@pytest.mark.parametrize("mode", ["LSTM", "GRU"])
def test_states_only_loss_matches_zero_filled_out_grad(mode):
    paddle.seed(0)
    net = getattr(paddle.nn, mode)(4, 5, num_layers=2, direction="bidirect")
    x = paddle.randn([3, 6, 4])
    x.stop_gradient = False

    def final_state(st):
        return st[0] if mode == "LSTM" else st

    _, st = net(x)
    (final_state(st) ** 2).sum().backward()   # Out and the cell state unused: their grads arrive as None
    got = [x.grad.numpy().copy()] + [p.grad.numpy().copy() for p in net.parameters()]
    x.clear_grad()
    net.clear_gradients()
    out, st = net(x)
    (out.sum() * 0 + (final_state(st) ** 2).sum()).backward()   # the same loss with explicit zero grads
    want = [x.grad.numpy()] + [p.grad.numpy() for p in net.parameters()]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    assert np.abs(got[0]).sum() > 0


def _lstm_ref(xs, w_ih, w_hh, b, h, c, reverse):
    """Plain NumPy LSTM (gate order i, f, g, o), float64."""
    sig = lambda a: 1 / (1 + np.exp(-a))  # noqa: E731
    H = h.shape[-1]
    hs = [None] * len(xs)
    for t in (range(len(xs) - 1, -1, -1) if reverse else range(len(xs))):
        a = xs[t] @ w_ih.T + h @ w_hh.T + b
        i, f, g, o = sig(a[:, :H]), sig(a[:, H:2 * H]), np.tanh(a[:, 2 * H:3 * H]), sig(a[:, 3 * H:])
        c = f * c + i * g
        h = o * np.tanh(c)
        hs[t] = h
    return np.stack(hs), h, c


@pytest.mark.parametrize("reverse", [False, True])
def test_lstm_kernels_gate_major_reserve(reverse):
    rng = np.random.default_rng(0)
    T, B, I, H = 5, 3, 4, 6
    xs = rng.standard_normal((T, B, I))
    w_ih, w_hh = rng.standard_normal((4 * H, I)) * 0.5, rng.standard_normal((4 * H, H)) * 0.5
    b_ih, b_hh = rng.standard_normal(4 * H) * 0.5, rng.standard_normal(4 * H) * 0.5
    h0, c0 = rng.standard_normal((B, H)), rng.standard_normal((B, H))
    v = {"G": np.empty((4, T, B, H)), "h": np.empty((T + 1, B, H)), "c": np.empty((T + 1, B, H)),
         "tc": np.empty((T, B, H))}
    hT, cT = K.lstm_forward(xs, w_ih, w_hh, b_ih, b_hh, h0, c0, v, reverse, None)
    ys, h_ref, c_ref = _lstm_ref(xs, w_ih, w_hh, b_ih + b_hh, h0, c0, reverse)
    np.testing.assert_allclose(K.prev_block(v["h"], T, not reverse), ys, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(hT, h_ref, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(cT, c_ref, rtol=1e-12, atol=1e-12)
    # backward: the gate-pre-activation grads reproduce a numeric derivative of sum(ys * w) wrt b_ih
    wt = rng.standard_normal((T, B, H))
    dG, dh0, dc0 = K.lstm_backward(xs, w_ih, w_hh, v, reverse, None, None, wt, np.zeros((B, H)), np.zeros((B, H)))
    eps = 1e-6
    num = np.empty(4 * H)
    for k in range(4 * H):
        d = np.zeros(4 * H)
        d[k] = eps
        up = (_lstm_ref(xs, w_ih, w_hh, b_ih + b_hh + d, h0, c0, reverse)[0] * wt).sum()
        dn = (_lstm_ref(xs, w_ih, w_hh, b_ih + b_hh - d, h0, c0, reverse)[0] * wt).sum()
        num[k] = (up - dn) / (2 * eps)
    np.testing.assert_allclose(dG.reshape(T * B, 4 * H).sum(0), num, rtol=1e-6, atol=1e-8)

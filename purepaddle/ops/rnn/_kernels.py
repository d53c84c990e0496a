"""Array kernels of the fused `rnn` op: one direction of one layer, forward and BPTT backward.

Shared conventions (time-major, one direction):
- `xs` [T, B, I] the layer input; `G` the gate buffer (Paddle's gate order: LSTM i,f,g,o; GRU r,z,c),
  [T, B, k*H] for the GRU and gate-major [4, T, B, H] for the LSTM (one gate of one step, and one
  gate over all steps, is then a contiguous block: numpy passes over those cost a third of passes
  over strided column slices); `hbuf` [T+1, B, H] the hidden states. For the forward direction
  step t reads hbuf[t] and writes hbuf[t+1]; the reverse direction runs t = T-1..0, reads
  hbuf[t+1] and writes hbuf[t]. So the states "before step t" are hbuf[:T] (forward) or hbuf[1:]
  (reverse): one contiguous block, and the weight gradient is a single matmul over all steps.
- `dead[t]` lists the batch rows whose sequence ended before step t (None: every row is live).
  A dead row keeps its state and outputs 0, so its gates get no gradient and the state
  gradient passes straight through.
- The input projection x @ W_ih^T + b for all steps is one matmul before the time loop; each
  step then only adds h @ W_hh^T. Sigmoid gates use 1 / (1 + exp(-a)): the -1 (and the 2 of
  tanh(a) = 2 sigmoid(2a) - 1 for the LSTM cell gate) are folded into scaled weight copies, so
  a single exp covers every gate of a step.
"""
import sys
import threading

import numpy as np


class Workspace:
    """Recycles the big reserve and scratch buffers between calls.

    Fresh multi-megabyte arrays on every step cost page faults (the allocator hands freed big
    blocks back to the OS), about a tenth of an LSTM training step. A pooled buffer is handed out
    again only when nothing outside the pool references it: every view keeps its base alive, so
    a reserve still saved for backward, or an output the caller kept, is never reused.
    """

    def __init__(self, keep=12, max_bytes=1 << 28):
        self.bufs = []
        self.keep, self.max_bytes = keep, max_bytes
        self.lock = threading.Lock()

    def empty(self, shape, dtype):
        """An uninitialised array of `shape` backed by a recycled buffer when one is free."""
        dtype = np.dtype(dtype)
        n = int(np.prod(shape))
        if not (1 << 16) <= n * dtype.itemsize <= self.max_bytes // 4:  # small: the allocator does fine
            return np.empty(shape, dtype)
        with self.lock:
            bufs = self.bufs
            best = None
            for i in range(len(bufs)):
                b = bufs[i]
                if b.dtype == dtype and b.size >= n and (best is None or b.size < bufs[best].size):
                    del b
                    if sys.getrefcount(bufs[i]) == 2:  # only the pool list (and the call's argument)
                        best = i
            if best is not None:
                buf = bufs.pop(best)
                bufs.append(buf)  # most recently used last
                return buf[:n].reshape(shape)
            buf = np.empty(n, dtype)
            bufs.append(buf)
            total = sum(b.nbytes for b in bufs)
            i = 0
            while i < len(bufs) - 1 and (len(bufs) > self.keep or total > self.max_bytes):
                if sys.getrefcount(bufs[i]) == 2:  # idle: evict, oldest first
                    total -= bufs[i].nbytes
                    del bufs[i]
                else:
                    i += 1
            return buf[:n].reshape(shape)


WORK = Workspace()


def _steps(T, reverse):
    """(t, read, write) per step: time index, hbuf index of the previous and the new state."""
    if reverse:
        return [(t, t + 1, t) for t in range(T - 1, -1, -1)]
    return [(t, t, t + 1) for t in range(T)]


def prev_block(buf, T, reverse):
    """The states before each step, [T, B, H], in time order (a view)."""
    return buf[1:T + 1] if reverse else buf[:T]


def _project(xs, w_ih, scale, bias, G):
    """G = xs @ (w_ih * scale)^T + bias, one matmul over all steps."""
    T, B, _ = xs.shape
    wt = np.multiply(w_ih.T, scale)  # [I, k*H], contiguous
    g2 = G.reshape(T * B, -1)
    np.matmul(xs.reshape(T * B, -1), wt, out=g2)
    g2 += bias


def _project_gates(xs, w_ih, scale, bias, G):
    """Gate-major G[k] = xs @ (w_ih[k] * scale[k])^T + bias[k] for each of the k gates (one batched matmul)."""
    T, B, I = xs.shape
    k, H = G.shape[0], G.shape[-1]
    wt = np.multiply(w_ih.reshape(k, H, I), scale.reshape(k, H, 1)).transpose(0, 2, 1)  # [k, I, H]
    np.matmul(xs.reshape(T * B, I), wt, out=G.reshape(k, T * B, H))
    G += bias.reshape(k, 1, 1, H)


def _scale(dtype, H, k, sig, tanh2=()):
    """Column scales of k gates: -1 for sigmoid gates, -2 for the LSTM cell gate, 1 for the rest."""
    s = np.ones(k * H, dtype=dtype)
    for k in sig:
        s[k * H:(k + 1) * H] = -1
    for k in tanh2:
        s[k * H:(k + 1) * H] = -2
    return s


# ------------------------------------------------------------------------------------ LSTM

def lstm_forward(xs, w_ih, w_hh, b_ih, b_hh, h0, c0, v, reverse, dead):
    """Run one LSTM direction; v holds the reserve views G [4, T, B, H], hbuf, cbuf, tc."""
    T, B, _ = xs.shape
    H = h0.shape[-1]
    G, hbuf, cbuf, tc = v["G"], v["h"], v["c"], v["tc"]
    sc = _scale(xs.dtype, H, 4, (0, 1, 3), (2,))
    _project_gates(xs, w_ih, sc, (b_ih + b_hh) * sc, G)
    # [4, H, H]: gate k's recurrent weights, scaled and transposed (C order: ~3% faster matmuls); the four
    # matmuls of a step cost what one [H, 4H] matmul does and write the gates gate-major
    whh = np.ascontiguousarray(np.multiply(w_hh.reshape(4, H, H), sc.reshape(4, H, 1)).transpose(0, 2, 1))
    start = T if reverse else 0
    hbuf[start] = h0
    cbuf[start] = c0
    tmp = np.empty((4, B, H), xs.dtype)
    ig = np.empty((B, H), xs.dtype)
    skip = not h0.any()  # a zero initial state (the default) adds nothing at the first step
    with np.errstate(over="ignore"):  # exp(-a) overflows to inf for large -a: sigmoid 0, as wanted
        for t, r, w in _steps(T, reverse):
            a = G[:, t]
            if skip:
                skip = False
            else:
                np.matmul(hbuf[r], whh, out=tmp)
                a += tmp
            np.exp(a, out=a)
            a += 1
            np.divide(1, a, out=a)  # (faster than np.reciprocal)
            g = a[2]
            g *= 2
            g -= 1
            c = cbuf[w]
            np.multiply(a[1], cbuf[r], out=c)
            np.multiply(a[0], g, out=ig)
            c += ig
            np.tanh(c, out=tc[t])
            np.multiply(a[3], tc[t], out=hbuf[w])
            rows = dead[t] if dead is not None else None
            if rows is not None:
                hbuf[w][rows] = hbuf[r][rows]
                c[rows] = cbuf[r][rows]
    end = 0 if reverse else T
    return hbuf[end], cbuf[end]


def lstm_backward(xs, w_ih, w_hh, v, reverse, live, dead, dout, dh, dc, need_h0=True):
    """BPTT of one LSTM direction; returns dG [T, B, 4H] (grads of the gate pre-activations), dh0, dc0.

    `live` [T, B, 1] is the 0/1 step mask (None without sequence lengths); dout is already masked.
    Without need_h0 the last step skips the matmul that only feeds the initial state's gradient.
    """
    T, B, _ = xs.shape
    H = dh.shape[-1]
    G, cbuf, tc = v["G"], v["c"], v["tc"]
    i, f, g, o = G
    cprev = prev_block(cbuf, T, reverse)
    # per-step factors, vectorised over all steps (contiguous passes): dc = dh*K + carry; d[i,f,g] = dc*F3;
    # do = dh*Fo. F3 is [T, 3, B, H] so that a step's three factors are one block.
    F3 = WORK.empty((T, 3, B, H), G.dtype)
    Fo = WORK.empty((T, B, H), G.dtype)
    K = WORK.empty((T, B, H), G.dtype)
    Fi, Ff, Fg = F3[:, 0], F3[:, 1], F3[:, 2]
    np.subtract(1, i, out=Fi)  # i(1-i) g
    Fi *= i
    Fi *= g
    np.multiply(g, g, out=Fg)  # (1-g^2) i
    np.subtract(1, Fg, out=Fg)
    Fg *= i
    np.subtract(1, f, out=Ff)  # f(1-f) c_prev
    Ff *= f
    Ff *= cprev
    np.subtract(1, o, out=Fo)  # o(1-o) tanh(c)
    Fo *= o
    Fo *= tc
    np.multiply(tc, tc, out=K)  # o(1-tanh(c)^2)
    np.subtract(1, K, out=K)
    K *= o
    fc = f
    if live is not None:
        F3 *= live[:, None]
        Fo *= live
        K *= live
        fc = np.where(live > 0, f, 1).astype(G.dtype, copy=False)
    dG = WORK.empty((T, B, 4 * H), G.dtype)
    dG3 = dG[..., :3 * H].reshape(T, B, 3, H)
    carry_h = np.array(dh, dtype=G.dtype)
    carry_c = np.array(dc, dtype=G.dtype)
    dht = np.empty((B, H), G.dtype)
    dct = np.empty((B, H), G.dtype)
    steps = list(reversed(_steps(T, reverse)))
    last = steps[-1][0] if steps and not need_h0 else None
    for t, _, _ in steps:
        np.add(dout[t], carry_h, out=dht)
        np.multiply(dht, K[t], out=dct)
        dct += carry_c
        np.multiply(dct[:, None, :], F3[t].transpose(1, 0, 2), out=dG3[t])
        np.multiply(dht, Fo[t], out=dG[t, :, 3 * H:])
        if t == last:
            break
        np.matmul(dG[t], w_hh, out=carry_h)
        rows = dead[t] if dead is not None else None
        if rows is not None:
            carry_h[rows] += dht[rows]
        np.multiply(dct, fc[t], out=carry_c)
    return dG, carry_h, carry_c


# ------------------------------------------------------------------------------------ GRU

def gru_forward(xs, w_ih, w_hh, b_ih, b_hh, h0, v, reverse, dead):
    """Run one GRU direction (c = tanh(x_c + r * (W_hc h + b_hc)), h = z*h_prev + (1-z)*c)."""
    T, B, _ = xs.shape
    H = h0.shape[-1]
    G, hbuf, HC = v["G"], v["h"], v["hc"]
    sc = _scale(xs.dtype, H, 3, (0, 1))
    bias = b_ih.copy()
    bias[:2 * H] += b_hh[:2 * H]
    _project(xs, w_ih, sc, bias * sc, G)
    whh = np.multiply(w_hh.T, sc)  # [H, 3H]
    b_hc = b_hh[2 * H:]
    hbuf[T if reverse else 0] = h0
    tmp = np.empty((B, 3 * H), xs.dtype)
    rh = np.empty((B, H), xs.dtype)
    with np.errstate(over="ignore"):
        for t, r, w in _steps(T, reverse):
            a = G[t]
            np.matmul(hbuf[r], whh, out=tmp)
            hc = HC[t]
            np.add(tmp[:, 2 * H:], b_hc, out=hc)
            rz = a[:, :2 * H]
            rz += tmp[:, :2 * H]
            np.exp(rz, out=rz)
            rz += 1
            np.divide(1, rz, out=rz)
            n = a[:, 2 * H:]
            np.multiply(a[:, :H], hc, out=rh)
            n += rh
            np.tanh(n, out=n)
            h = hbuf[w]
            np.subtract(hbuf[r], n, out=h)
            h *= a[:, H:2 * H]
            h += n
            rows = dead[t] if dead is not None else None
            if rows is not None:
                h[rows] = hbuf[r][rows]
    return hbuf[0 if reverse else T]


def gru_backward(xs, w_ih, w_hh, v, reverse, live, dead, dout, dh):
    """BPTT of one GRU direction; returns (dGh [T,B,3H] for W_hh/b_hh, dNx [T,B,H] for the x-side c gate, dh0).

    The x-side gate grads are [dGh[..., :2H], dNx].
    """
    T, B, _ = xs.shape
    H = dh.shape[-1]
    G, HC = v["G"], v["hc"]
    r, z, n = G[..., :H], G[..., H:2 * H], G[..., 2 * H:]
    hprev = prev_block(v["h"], T, reverse)
    Kn = WORK.empty(n.shape, G.dtype)
    np.multiply(n, n, out=Kn)
    np.subtract(1, Kn, out=Kn)
    Fh = WORK.empty((T, B, 3 * H), G.dtype)     # d[r_pre, z_pre, hc] = dh * Fh
    Fr, Fz, Fc = Fh[..., :H], Fh[..., H:2 * H], Fh[..., 2 * H:]
    np.subtract(1, z, out=Fz)
    Kn *= Fz                                     # dn_pre = dh * Kn (Fz is scratch until below)
    np.multiply(Kn, r, out=Fc)
    np.subtract(1, r, out=Fr)
    Fr *= Fc
    Fr *= HC
    omz = WORK.empty(z.shape, G.dtype)
    np.subtract(1, z, out=omz)
    np.subtract(hprev, n, out=Fz)
    Fz *= z
    Fz *= omz
    zc = z
    if live is not None:
        Fh *= live
        Kn *= live
        zc = np.where(live > 0, z, 1).astype(G.dtype, copy=False)
    dGh = WORK.empty(Fh.shape, G.dtype)
    Fh3 = Fh.reshape(T, B, 3, H)
    dGh3 = dGh.reshape(T, B, 3, H)
    DH = WORK.empty((T, B, H), G.dtype)
    carry = np.array(dh, dtype=G.dtype)
    tmp = np.empty((B, H), G.dtype)
    for t, _, _ in reversed(_steps(T, reverse)):
        dht = DH[t]
        np.add(dout[t], carry, out=dht)
        np.multiply(dht[:, None, :], Fh3[t], out=dGh3[t])
        np.matmul(dGh[t], w_hh, out=carry)
        np.multiply(dht, zc[t], out=tmp)
        carry += tmp
    DH *= Kn
    return dGh, DH, carry


# ------------------------------------------------------------------------------------ simple RNN

def simple_forward(xs, w_ih, w_hh, b_ih, b_hh, h0, v, reverse, dead, relu):
    """Run one Elman RNN direction: h = act(x W_ih^T + b_ih + h W_hh^T + b_hh)."""
    T, B, _ = xs.shape
    H = h0.shape[-1]
    hbuf = v["h"]
    A = WORK.empty((T, B, H), xs.dtype)
    _project(xs, w_ih, 1, b_ih + b_hh, A)
    whh = np.ascontiguousarray(w_hh.T)
    hbuf[T if reverse else 0] = h0
    for t, r, w in _steps(T, reverse):
        h = hbuf[w]
        np.matmul(hbuf[r], whh, out=h)
        h += A[t]
        if relu:
            np.maximum(h, 0, out=h)
        else:
            np.tanh(h, out=h)
        rows = dead[t] if dead is not None else None
        if rows is not None:
            h[rows] = hbuf[r][rows]
    return hbuf[0 if reverse else T]


def simple_backward(xs, w_ih, w_hh, v, reverse, live, dead, dout, dh, relu):
    """BPTT of one Elman RNN direction; returns (dA [T,B,H] grads of the pre-activations, dh0)."""
    T, B, _ = xs.shape
    H = dh.shape[-1]
    hs = v["h"][:T] if reverse else v["h"][1:]     # the states written at each step
    K = WORK.empty(hs.shape, hs.dtype)
    if relu:
        np.greater(hs, 0, out=K)
    else:
        np.multiply(hs, hs, out=K)
        np.subtract(1, K, out=K)
    if live is not None:
        K *= live
    dA = WORK.empty((T, B, H), hs.dtype)
    carry = np.array(dh, dtype=hs.dtype)
    dht = np.empty((B, H), hs.dtype)
    for t, _, _ in reversed(_steps(T, reverse)):
        np.add(dout[t], carry, out=dht)
        np.multiply(dht, K[t], out=dA[t])
        np.matmul(dA[t], w_hh, out=carry)
        rows = dead[t] if dead is not None else None
        if rows is not None:
            carry[rows] += dht[rows]
    return dA, carry

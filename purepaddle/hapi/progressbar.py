"""The console progress bar of paddle.Model.fit/evaluate/predict (Paddle's line format)."""
import os
import shutil
import sys
import time

import numpy as np

__all__ = []


def _fmt_value(v):
    """One logged number as Paddle prints it: 4 decimals, or scientific below 1e-3."""
    if isinstance(v, np.ndarray) and v.size == 1 and v.dtype in (np.float32, np.float64):
        v = v.item()
    if isinstance(v, (float, np.floating)):
        return f" {v:.4f}" if abs(v) > 1e-3 else f" {v:.4e}"
    return f" {v}"


def _fmt_values(values):
    """' - loss: 0.1234 - acc: 0.9000' for a list of (name, value-or-list) pairs."""
    out = []
    for k, val in values:
        out.append(f" - {k}:")
        out.extend(_fmt_value(v) for v in (val if isinstance(val, list) else [val]))
    return "".join(out)


def _fmt_eta(seconds):
    if seconds > 3600:
        return f"{seconds // 3600}:{(seconds % 3600) // 60:02}:{seconds % 60:02}"
    if seconds > 60:
        return f"{seconds // 60}:{seconds % 60:02}"
    return f"{seconds}s"


class ProgressBar:
    """A step counter printed as a live bar (verbose=1) or one line per update (verbose=2/3).

    verbose=1 redraws one line in place when the output is a terminal or a notebook, and prints
    one bar per update otherwise (logs stay readable).
    """

    def __init__(self, num=None, width=30, verbose=1, start=True, file=None, name="step"):
        if isinstance(num, int) and num <= 0:
            raise TypeError("num should be None or integer (> 0)")
        self._num = num
        term = shutil.get_terminal_size().columns or 80
        self._width = max(1, min(width, min(int(term * 0.6), term - 50)))
        self._verbose = verbose
        self.file = file
        self.name = name
        self._total_width = 0
        self._start = time.time() if start else None
        self._last_update = 0
        out = self._out()
        self._dynamic_display = ((hasattr(out, "isatty") and out.isatty()) or "ipykernel" in sys.modules
                                 or "PYCHARM_HOSTED" in os.environ)

    def _out(self):
        return self.file if self.file is not None else sys.stdout

    def start(self):
        """Restart the clock (the per-step time counts from here)."""
        self._out().flush()
        self._start = time.time()

    def _rate(self, current, now):
        per = (now - self._start) / current if current and self._start is not None else 0
        if per >= 1 or per == 0:
            return per, f" - {per:.0f}s/{self.name}"
        if per >= 1e-3:
            return per, f" - {per * 1e3:.0f}ms/{self.name}"
        return per, f" - {per * 1e6:.0f}us/{self.name}"

    def update(self, current_num, values=()):
        """Show step `current_num` with the (name, value) pairs in `values`."""
        now = time.time()
        per, rate = self._rate(current_num, now)
        out = self._out()
        if self._verbose == 1:
            prev = self._total_width
            if self._dynamic_display:
                out.write("\b" * prev + "\r")
            if self._num is not None:
                digits = int(np.log10(self._num)) + 1
                bar = f"{self.name} {current_num:{digits}d}/{self._num} ["
                done = int(self._width * float(current_num) / self._num)
                if done > 0:
                    bar += "=" * (done - 1) + (">" if current_num < self._num else "=")
                bar += "." * (self._width - done) + "]"
            else:
                bar = f"{self.name} {current_num:3}"
            info = _fmt_values(values)
            if self._num is not None and current_num < self._num:
                info += f" - ETA: {_fmt_eta(int(per * (self._num - current_num)))}"
            info += rate
            self._total_width = len(bar) + len(info)
            if self._dynamic_display and prev > self._total_width:  # blank out the tail of a longer previous line
                info += " " * (prev - self._total_width)
            if self._num is None or current_num >= self._num or not self._dynamic_display:
                info += "\n"
            out.write(bar + info)
            out.flush()
            self._last_update = now
        elif self._verbose in (2, 3):
            if self._num:
                digits = int(np.log10(self._num)) + 1
                count = f"{self.name} {current_num:{digits}d}/{self._num}"
            else:
                count = f"{self.name} {current_num:3}"
            out.write(count + _fmt_values(values) + rate + "\n")
            out.flush()

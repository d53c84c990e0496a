"""Layer dtype/device conversion: to, astype, type, float/double/half, cpu (a mixin of nn.Layer)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.mode import no_grad
from ..._core.place import Place, convert_place

_VALID_DTYPES = ("bfloat16", "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
                 "complex64", "complex128", "bool")


class ConvertMixin:
    """Casts parameters and buffers in place (their objects, and so optimizer references, stay the same)."""

    def _apply(self, func, device, dtype, blocking, include_sublayers=True):
        if include_sublayers:
            for layer in self.children():
                layer._apply(func, device, dtype, blocking, include_sublayers)
        for p in self._parameters.values():
            if p is not None:
                with no_grad():
                    func(p, device, dtype, blocking)
                if getattr(p, "grad", None) is not None:
                    func(p.grad, device, dtype, blocking)
        for key, buf in self._buffers.items():
            if buf is not None:
                self._buffers[key] = func(buf, device, dtype, blocking)
        self._dtype = dtype

    def _transform(self, t, device, dtype, blocking):
        """Cast `t` in place to `dtype` (its data is replaced; the object keeps its identity)."""
        if dtype is not None:
            d = _dt.convert_dtype(dtype)
            if d != t.dtype:
                if d.np_dtype is None:
                    raise TypeError("bfloat16 needs the optional package ml_dtypes")
                t._set_data(t._data.astype(d.np_dtype))
        return t

    def _to_impl(self, device=None, dtype=None, blocking=None, non_blocking=None, include_sublayers=True,
                 floating_only=False):
        if device is None and dtype is None and blocking is None and non_blocking is None:
            return self
        if device is not None:
            if isinstance(device, str):
                device = convert_place(device)
            elif not isinstance(device, Place):
                raise ValueError(f"device should be type of str, paddle.CPUPlace, paddle.CUDAPlace, "
                                 f"paddle.CUDAPinnedPlace, paddle.XPUPlace, or paddle.base.libpaddle.Place, but "
                                 f"got {type(device).__name__}")
        assert blocking is None or isinstance(blocking, bool), "blocking value error, must be the True, False or None"
        assert non_blocking is None or isinstance(non_blocking, bool), (
            "non_blocking value error, must be the True, False or None")

        def transform(t, device, dtype, blocking):
            if floating_only and not t.dtype.is_floating:
                return t
            return self._transform(t, device, dtype, blocking)

        self._apply(transform, device, dtype, blocking, include_sublayers)
        self._dtype = dtype
        return self

    def to(self, device=None, dtype=None, blocking=None, non_blocking=None):
        """Cast parameters and buffers to `dtype` in place (devices: only the CPU here); returns self."""
        return self._to_impl(device=device, dtype=dtype, blocking=blocking, non_blocking=non_blocking,
                             include_sublayers=True, floating_only=False)

    def _check_dtype(self, dtype):
        if isinstance(dtype, (_dt.DType, np.dtype)) or (type(dtype) is str and dtype in _VALID_DTYPES):
            return _dt.convert_dtype(dtype)
        raise ValueError("dtype value error, must be 'bfloat16', 'float16', 'float32', 'float64', 'int8', 'int16', "
                         "'int32', 'int64', 'uint8', 'complex64', 'complex128', 'bool', or paddle.dtype, "
                         "numpy.dtype, but receive " + str(dtype))

    def astype(self, dtype=None):
        """Cast every parameter and buffer to `dtype`; returns self."""
        d = self._check_dtype(dtype)
        for layer in self.sublayers(include_self=True):
            layer._dtype = d
        for _, p in self.named_parameters():
            self._transform(p, None, d, None)
        for _, b in self.named_buffers():
            self._transform(b, None, d, None)
        return self

    def type(self, dst_type):
        """Cast all parameters and buffers (integer ones too) to `dst_type`; returns self."""
        d = self._check_dtype(dst_type)
        return self.apply(lambda layer: layer._to_impl(dtype=d, floating_only=False, include_sublayers=True))

    def double(self):
        """Cast all parameters and buffers to float64."""
        return self.type(_dt.float64)

    def half(self):
        """Cast all parameters and buffers to float16."""
        return self.type(_dt.float16)

    def _float_like(self, dtype, excluded_layers):
        excluded = [] if excluded_layers is None else excluded_layers
        if isinstance(excluded, type):
            excluded = [excluded]
        elif isinstance(excluded, (list, tuple)):
            excluded = list(excluded)
        else:
            raise TypeError(f"excluded_layers should be type nn.Layer or list, but got {type(excluded).__name__}.")

        def trans(layer):
            if type(layer) not in excluded:
                layer._to_impl(dtype=dtype, floating_only=True, include_sublayers=False)
        return self.apply(trans)

    def float(self, excluded_layers=None):
        """Cast floating parameters and buffers to float32 (except in `excluded_layers` types)."""
        return self._float_like(_dt.float32, excluded_layers)

    def float16(self, excluded_layers=None):
        """Cast floating parameters and buffers to float16 (except in `excluded_layers` types)."""
        return self._float_like(_dt.float16, excluded_layers)

    def bfloat16(self, excluded_layers=None):
        """Cast floating parameters and buffers to bfloat16 (except in `excluded_layers` types)."""
        return self._float_like(_dt.bfloat16, excluded_layers)

    def cpu(self):
        """Parameters already live on the CPU; returns self."""
        return self

    def cuda(self, device=None):
        raise RuntimeError("purepaddle is not compiled with CUDA; the layer stays on Place(cpu)")

    def xpu(self, device=None):
        raise RuntimeError("purepaddle is not compiled with XPU; the layer stays on Place(cpu)")

    def get_extra_state(self):
        raise RuntimeError("Reached a code path in Module.get_extra_state() that should never be called. ")

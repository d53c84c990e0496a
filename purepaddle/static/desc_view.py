"""Program.desc: the ProgramDesc side of a Program (its serialized bytes, block count, version).

The conversion itself (io.py's program_to_bytes / program_from_bytes, on program_desc.py) builds on
Program, so io.py installs it here (`set_program_codec`) when paddle.static is imported.
"""
from .proto_text import PROGRAM_VERSION

__all__ = ["ProgramDescView", "parse_from_string", "set_program_codec"]

# TODO(hook): Program.desc / Program.parse_from_string need io.py's Program <-> bytes conversion, which builds
# on Program: io.py installs it here; make it a declared hook of _core/hooks.py.
_CODEC = [None, None]  # [program_to_bytes(program), program_from_bytes(data)]


def set_program_codec(to_bytes, from_bytes):
    """Install the Program <-> serialized ProgramDesc conversion (called once by io.py)."""
    _CODEC[:] = [to_bytes, from_bytes]


def parse_from_string(binary_str):
    """The Program held by a serialized ProgramDesc (Program.parse_from_string)."""
    return _CODEC[1](binary_str)


class ProgramDescView:
    """What Paddle's C++ ProgramDesc offers a Python caller, computed from the Program.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> prog = paddle.static.Program()
            >>> with paddle.static.program_guard(prog):
            ...     x = paddle.static.data(name='X', shape=[2, 3], dtype='float32')
            ...     y = x * 2
            >>> restored = paddle.static.Program.parse_from_string(prog.desc.serialize_to_string())
            >>> [op.type for op in restored.global_block().ops]
            ['scale']
            >>> paddle.disable_static()
    """

    __slots__ = ("_program",)

    def __init__(self, program):
        self._program = program

    def serialize_to_string(self):
        """The program as serialized ProgramDesc bytes (a `.pdmodel` file's content)."""
        return _CODEC[0](self._program)

    def num_blocks(self):
        return len(self._program.blocks)

    def _version(self):
        return PROGRAM_VERSION

    def flush(self):
        """Nothing to sync: the Program is the only copy."""

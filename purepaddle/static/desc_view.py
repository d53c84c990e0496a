"""Program.desc: the ProgramDesc side of a Program (its serialized bytes, block count, version)."""
from .io import PROGRAM_VERSION, program_to_bytes

__all__ = ["ProgramDescView"]


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
        return program_to_bytes(self._program)

    def num_blocks(self):
        return len(self._program.blocks)

    def _version(self):
        return PROGRAM_VERSION

    def flush(self):
        """Nothing to sync: the Program is the only copy."""

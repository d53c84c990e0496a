"""A Program <-> its serialized ProgramDesc (what a `.pdmodel` file holds).

Program.desc / Program.parse_from_string need this codec, which builds on Program: importing this
module installs it into program.py's `program_codec` hook point.
"""
from .files import load_from_path
from .program import PROGRAM_CODEC
from .program_desc import desc_to_program, program_to_desc
from .proto_text import PROGRAM_VERSION
from .pir.reader import is_pir_bytes, program_from_pir_bytes

__all__ = ["program_to_bytes", "program_from_bytes", "program_from_file"]


def program_to_bytes(program, training_info=True, clip_extra=False, tail=()):
    """The serialized ProgramDesc of program (what a `.pdmodel` file holds).

    training_info=False leaves out each var's is_parameter/stop_gradient, as Paddle's inference
    files do; clip_extra drops op_callstack/with_quant_attr; `tail` names vars listed last
    (('feed', 'fetch') for an inference program). Needs protobuf (`pip install purepaddle[model]`).
    """
    return program_to_desc(program, training_info, clip_extra, tail).SerializeToString()


def program_from_bytes(data):
    """The Program held by a serialized ProgramDesc, or by a PIR program's JSON text (Paddle 3's `model.json`);
    ValueError for other bytes or a newer version."""
    from .framework_proto import messages
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"a serialized ProgramDesc must be bytes, but received {type(data)}")
    if is_pir_bytes(data):
        return program_from_pir_bytes(data)
    m = messages()
    try:
        desc = m.ProgramDesc.FromString(bytes(data))
    except Exception as e:  # noqa: BLE001 - protobuf's DecodeError, or a missing required field
        raise ValueError(f"the data is not a serialized ProgramDesc (a .pdmodel file): {e}") from None
    if not desc.blocks:
        raise ValueError("the data is not a serialized ProgramDesc (a .pdmodel file): it holds no block")
    version = desc.version.version
    if version > PROGRAM_VERSION:
        raise ValueError(f"Unsupported program version: {version}\n")
    return desc_to_program(desc)


def program_from_file(path):
    """The Program of a `.pdmodel` file (protobuf: nothing in it can run) or of a PIR `.json` file; errors name
    the file."""
    data = load_from_path(path)
    if is_pir_bytes(data):
        return program_from_pir_bytes(data, str(path))
    try:
        return program_from_bytes(data)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError(f"Cannot load the model file {path}: {e}") from None


PROGRAM_CODEC.install((program_to_bytes, program_from_bytes))

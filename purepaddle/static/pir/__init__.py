"""Paddle 3's PIR programs (`model.json`): the JSON codec, the one op table PIR <-> legacy op, and the two
translations (PIR -> legacy Program, legacy Program -> PIR), so one internal IR runs both kinds of files."""
from .codec import PIR_VERSION, PIR_VERSIONS, dump_program, parse_program
from .op_table import READERS, ROWS, WRITERS, register_reader, register_writer, supported_pir_ops
from .reader import Reader, is_pir_bytes, program_from_pir, program_from_pir_bytes, program_from_pir_file
from .writer import Writer, program_to_pir, program_to_pir_bytes
from . import control_flow  # registers the pd_op.if / pd_op.while / cf.yield translators

__all__ = ["PIR_VERSION", "PIR_VERSIONS", "dump_program", "parse_program", "READERS", "ROWS", "WRITERS",
           "register_reader", "register_writer", "supported_pir_ops", "Reader", "is_pir_bytes", "program_from_pir",
           "program_from_pir_bytes", "program_from_pir_file", "Writer", "program_to_pir", "program_to_pir_bytes"]

"""paddle.utils.unique_name: the name generator behind `linear_0.w_0` and `fc_0.tmp_0`."""
from ..static.name import generate, generate_with_ignorable_key, guard, switch  # noqa: F401

__all__ = ["generate", "generate_with_ignorable_key", "guard", "switch"]

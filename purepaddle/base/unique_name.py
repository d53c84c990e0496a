"""paddle.base.unique_name: the name generator (purepaddle.static.name)."""
from ..static.name import UniqueNameGenerator, generate, generate_with_ignorable_key, guard, switch  # noqa: F401

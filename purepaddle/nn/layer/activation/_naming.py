"""How the activation layers print their name argument in extra_repr."""


def _name_suffix(name):
    return f", name={name}" if name else ""


def _name_only(name):
    return f"name={name}" if name else ""

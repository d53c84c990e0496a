"""A JSON-Schema checker for the keywords the vendored Kubernetes schemas use (type, properties, required,
additionalProperties, items, enum, minimum, $ref into definitions, and Kubernetes' x-kubernetes-int-or-string)."""

_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool}


def errors(value, schema, root, path="$"):
    """Every way `value` breaks `schema` (each a 'path: what' line); [] when it conforms."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return errors(value, root["definitions"][name], root, path)
    out = []
    kind = schema.get("type")
    if schema.get("x-kubernetes-int-or-string"):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            return [f"{path}: expected an integer or a string, got {value!r}"]
    elif kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            return [f"{path}: expected an integer, got {value!r}"]
    elif kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return [f"{path}: expected a number, got {value!r}"]
    elif kind is not None and not isinstance(value, _TYPES[kind]):
        return [f"{path}: expected {kind}, got {type(value).__name__} {value!r}"]
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if "minimum" in schema and isinstance(value, int) and value < schema["minimum"]:
        out.append(f"{path}: {value} is below the minimum {schema['minimum']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                out.append(f"{path}: missing required field {key!r}")
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                out += errors(item, props[key], root, f"{path}.{key}")
            elif extra is False:
                out.append(f"{path}: unknown field {key!r}")
            elif isinstance(extra, dict):
                out += errors(item, extra, root, f"{path}.{key}")
    if isinstance(value, list) and "items" in schema:
        for k, item in enumerate(value):
            out += errors(item, schema["items"], root, f"{path}[{k}]")
    return out

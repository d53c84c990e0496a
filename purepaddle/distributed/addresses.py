"""Checking the addresses a job is given: --ips, --master, --host, PADDLE_TRAINER_ENDPOINTS (one rule for all).

An address is an IPv4 address (four numbers 0-255), an IPv6 address (in brackets when a port
follows), or a host name (RFC 1123: labels of letters, digits and '-', at most 253 characters);
a port is a number from 1 to 65535. Anything else (`1.2.3`, `999.1.1.1`, `not a host!`,
`127.0.0.1:99999`, `127.0.0.1;rm -rf x`, an empty entry) is refused with a message naming the
setting, instead of being taken for this machine.
"""
import ipaddress
import re

__all__ = []

_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


class AddressError(ValueError):
    """An address setting that is not a host, host:port or list of them."""


def _host(text, what, whole):
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
        try:
            ipaddress.IPv6Address(text)
        except ValueError:
            raise AddressError(f"{what}: {whole!r} is not valid: [{text}] is not an IPv6 address") from None
        return text
    if ":" in text:
        try:
            ipaddress.IPv6Address(text)
            return text
        except ValueError:
            raise AddressError(f"{what}: {whole!r} is not valid: {text!r} is neither a host nor an IPv6 "
                               "address") from None
    if re.fullmatch(r"[0-9.]+", text):  # all digits: meant as an IPv4 address, so it must be one
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            raise AddressError(f"{what}: {whole!r} is not valid: {text!r} is not an IPv4 address (four numbers "
                               "from 0 to 255, e.g. 192.168.0.16)") from None
        return text
    labels = text.split(".")
    if len(text) > 253 or not all(_LABEL.match(label) for label in labels):
        raise AddressError(f"{what}: {whole!r} is not valid: {text!r} is not a host name (letters, digits, '-' "
                           "and '.', e.g. node-1.example.com) nor an IP address")
    return text


def parse_address(text, what, port="forbidden"):
    """One address -> (host, port); an AddressError naming `what` (the flag or variable) when it is not valid.

    `port` says whether a `:port` must follow ("required"), may follow ("optional") or must not
    ("forbidden"); the port is None when absent.

    Examples:
        .. code-block:: python

            >>> from purepaddle.distributed.addresses import parse_address
            >>> parse_address("192.168.0.16:8090", "--master", port="required")
            ('192.168.0.16', 8090)
    """
    if not isinstance(text, str) or text.strip() == "":
        raise AddressError(f"{what}: an empty address; give {_example(port)}")
    text = text.strip()
    host, number = text, None
    if text.startswith("["):  # [v6]:port or [v6]
        close = text.find("]")
        if close > 0 and text[close + 1:].startswith(":"):
            host, number = text[:close + 1], text[close + 2:]
    elif text.count(":") == 1:
        host, number = text.split(":")
    if number is not None:
        if port == "forbidden":
            raise AddressError(f"{what}: {text!r} is not valid: give a host without a port, e.g. 192.168.0.16")
        if not number.isdigit() or not 1 <= int(number) <= 65535:
            raise AddressError(f"{what}: {text!r} is not valid: the port must be a number from 1 to 65535")
        number = int(number)
    elif port == "required":
        raise AddressError(f"{what}: {text!r} is not valid: give ip:port, e.g. 192.168.0.16:8090")
    return _host(host, what, text), number


def parse_addresses(text, what, port="forbidden"):
    """A comma-separated list of addresses -> [(host, port)]; an empty entry is refused like a bad one.

    Examples:
        .. code-block:: python

            >>> from purepaddle.distributed.addresses import parse_addresses
            >>> parse_addresses("10.0.0.1:6070,10.0.0.2:6070", "PADDLE_TRAINER_ENDPOINTS", port="required")
            [('10.0.0.1', 6070), ('10.0.0.2', 6070)]
    """
    if not isinstance(text, str) or text.strip() == "":
        raise AddressError(f"{what} is empty; give {_example(port)}, separated by commas")
    entries = text.split(",")
    for k, entry in enumerate(entries):
        if entry.strip() == "":
            raise AddressError(f"{what}: entry {k + 1} of {text!r} is empty; list addresses separated by single "
                               "commas")
    return [parse_address(e, what, port) for e in entries]


def _example(port):
    return "ip:port, e.g. 192.168.0.16:8090" if port == "required" else "an ip or host name, e.g. 192.168.0.16"

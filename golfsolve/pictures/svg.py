"""Writing SVG and HTML elements as text: attribute values and text escaped, so that a name
(a title, a file name) can never break the markup."""

from __future__ import annotations

from html import escape

SVG_NAMESPACE = "http://www.w3.org/2000/svg"  # a name, never fetched


def attributes(values: dict[str, object]) -> str:
    """`` name="value"`` for each value that is not None; ``_`` in a name is written ``-``
    (``font_size`` -> ``font-size``), a trailing ``_`` dropped (``class_`` -> ``class``)."""
    return "".join(f' {name.rstrip("_").replace("_", "-")}="{escape(str(value))}"'
                   for name, value in values.items() if value is not None)


def element(name: str, /, *children: str, **values: object) -> str:
    """``<name attributes>children</name>``, or ``<name attributes/>`` with no children.
    Children are markup already: escape text with ``content``."""
    head = f"<{name}{attributes(values)}"
    return f"{head}>{''.join(children)}</{name}>" if children else f"{head}/>"


def content(value: str) -> str:
    """``value`` as element content."""
    return escape(value, quote=False)

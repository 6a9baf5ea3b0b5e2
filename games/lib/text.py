"""Text that players' names and uploaded values end up in: a name isolated inside a sentence, a cell a spreadsheet
will not run. Small helpers the views and the template filters share."""

from games.lib.names import name_key

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def written_in(names: list[str] | tuple[str, ...], name: str) -> str | None:
    """How ``names`` write ``name`` (a circle's "Anna" for "anna": the same by name_key), or None if not there."""
    key = name_key(name)
    return next((theirs for theirs in names if name_key(theirs) == key), None)


def isolate_text(value) -> str:
    """A name inside plain text (a page title, a message): Unicode's first-strong isolate and pop directional
    isolate, so that a right-to-left character in it cannot reorder what is around it."""
    return f"\u2068{value}\u2069"


def cell(value) -> object:
    """A CSV cell a spreadsheet will not run: text that starts like a formula gets a leading apostrophe (shown
    as text, never evaluated); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value

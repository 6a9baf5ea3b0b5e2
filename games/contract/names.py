"""Players' names as a table document keeps them: their length and characters, and no name twice (by
games.lib.names.name_key)."""

from __future__ import annotations

import unicodedata
from typing import Any

from games.contract.inputs import show
from games.contract.words import N_, Line
from games.lib.names import name_key, tidy_name

NAME_LENGTH = 40


def name_problem(name: Any) -> Line | None:
    """What is wrong with a player's (or a phone's) name, or None: 1 to 40 characters, no space at either end,
    no control character (NUL included), no unpaired surrogate (the table document's rule for names)."""
    if not isinstance(name, str):
        return Line(N_("must be text, got {value}"), {"value": show(name)})
    if not 1 <= len(name) <= NAME_LENGTH:
        return Line(
            N_("must be 1 to {most} characters long, this one has {count}"), {"most": NAME_LENGTH, "count": len(name)}
        )
    if name != name.strip():
        return Line(N_("may not begin or end with a space"))
    if any(unicodedata.category(c) == "Cc" for c in name):
        return Line(N_("may not hold a control character"))
    if any(0xD800 <= ord(c) <= 0xDFFF for c in name):
        return Line(N_("may not hold a broken character (an unpaired surrogate)"))
    return None


def names_problem(names: list[str] | tuple[str, ...]) -> Line | None:
    """What is wrong with a list of names that were typed (a table document's players, a circle's): a name not in
    the form Talon keeps, or two names that are the same but for case or invisible characters."""
    seen: dict[str, int] = {}
    for number, name in enumerate(names, start=1):
        if tidy_name(name) != name:
            return Line(
                N_(
                    "name {number} holds invisible characters, spaces in a row or letters not composed "
                    "(NFC): write it as {tidy}"
                ),
                {"number": number, "tidy": show(tidy_name(name))},
            )
        key = name_key(name)
        if key in seen:
            return Line(
                N_(
                    "names {first} and {number} are the same name (capitals and invisible characters do "
                    "not tell players apart)"
                ),
                {"first": seen[key], "number": number},
            )
        seen[key] = number
    return None

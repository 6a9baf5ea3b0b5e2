"""What a request carries beside a form's own fields, read the same way everywhere: whole numbers (a page, a
version, a number of players), the tokens of links and a form's submission id. Only ASCII is taken: ``²`` and
``①`` pass ``str.isdigit()`` but not ``int()``, and NUL cannot even reach PostgreSQL; anything else is refused
cleanly (a 404 for a link, a message for a form), never a 500."""

from __future__ import annotations

import re
from typing import Any

LARGEST = 2**31 - 1  # the largest value of a database integer column (PositiveIntegerField on PostgreSQL)
WHOLE = re.compile(r"[0-9]{1,10}")
TOKEN = "[A-Za-z0-9_-]{1,64}"  # new_token() gives 32 of these; a link may hold nothing else
SUBMISSION = re.compile(r"[A-Za-z0-9_-]{1,32}")  # new_submission() gives 22, the offline phone 32


def whole_number(text: Any, *, most: int = LARGEST) -> int | None:
    """``text`` as a whole number from 0 to ``most``, written in ASCII digits; None for anything else."""
    if not isinstance(text, str) or not WHOLE.fullmatch(text):
        return None
    value = int(text)
    return value if value <= most else None


def is_token(text: Any) -> bool:
    return isinstance(text, str) and re.fullmatch(TOKEN, text) is not None


def is_submission(text: Any) -> bool:
    return isinstance(text, str) and SUBMISSION.fullmatch(text) is not None


class TokenConverter:
    """``<token:token>`` in games/urls.py: a link with anything else in it is not a link (404)."""

    regex = TOKEN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value

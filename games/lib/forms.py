"""What every form that changes a table carries: the table's version the page saw (a change based on an older one
is refused) and its submission token (the change it asks for is recorded at most once)."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.lib.inputs import is_submission, whole_number
from games.lib.number_text import read_whole


def new_submission() -> str:
    """A token for one rendering of a form: the change it asks for is recorded at most once."""
    return secrets.token_urlsafe(16)


DAMAGED = _("This page is out of date or damaged: reload it and try again.")


def version_of(text: str | None, form: forms.Form | None = None) -> int | None:
    """The table version a form carries: absent is None (no check); anything but a whole number is refused."""
    if text in (None, ""):
        return None
    version = whole_number(text)
    if version is not None:
        return version
    if form is not None:
        form.add_error(None, DAMAGED)
        return None
    raise forms.ValidationError(DAMAGED)


def submission_of(text: str | None) -> str:
    """The submission id a form carries (new_submission): absent is "" (the change is not deduplicated); a
    damaged one is refused, never looked up or stored."""
    if text in (None, ""):
        return ""
    if not is_submission(text):
        raise forms.ValidationError(DAMAGED)
    return text


class WholeNumberField(forms.IntegerField):
    """A whole number as Talon reads every typed one (games.lib.number_text.read_whole): ASCII digits and a sign.
    Django's IntegerField reads with ``int()``, which also takes ``١٢``, ``１２`` and ``1_0``; this refuses them
    with the same message as any other text that is no whole number."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return read_whole(value)
        except ValueError:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None

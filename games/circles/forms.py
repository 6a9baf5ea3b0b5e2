"""A circle's forms: a new circle (its name and regular players), and one of this phone's tables added to it. The
form of a table joining a circle is the table's (games.tables.forms.JoinCircleForm): it sits on the table's page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.contract.names import name_problem
from games.lib.names import name_key, tidy_name
from games.models import Circle
from games.tables.forms import spelled_otherwise, validate_title


class AddTableForm(forms.Form):
    """One of this phone's tables, to add to a circle."""

    table = forms.TypedChoiceField(label=_("One of this phone's tables"), coerce=int)

    def __init__(self, *args, tables: list[Any], circle: Circle | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.tables, self.circle = {table.pk: table for table in tables}, circle
        self.fields["table"].choices = [("", "—")] + [(table.pk, str(table)) for table in tables]

    def clean_table(self) -> Any:
        chosen = self.cleaned_data["table"]
        table = self.tables.get(chosen)
        if table is not None and self.circle is not None:
            if problem := spelled_otherwise(table.players, self.circle.players):
                raise forms.ValidationError(problem)
        return chosen

    def chosen(self) -> Any:
        return self.tables[self.cleaned_data["table"]]


class CircleForm(forms.Form):
    """A group's regular players, one name a line."""

    name = forms.CharField(label=_("Name of the circle"), max_length=80, validators=[validate_title])
    players = forms.CharField(label=_("Players, one name a line"), widget=forms.Textarea(attrs={"rows": 6}))

    def player_names(self) -> list[str]:
        """The names, tidied, each once (the same name typed twice is one player)."""
        names: list[str] = []
        for line in self.cleaned_data["players"].splitlines():
            name = tidy_name(line)
            if name and name not in names:
                names.append(name)
        return names

    def clean_players(self):
        text = self.cleaned_data["players"]
        lines = text.splitlines()
        names = [tidy_name(line) for line in lines]
        if not any(names):
            raise forms.ValidationError(_("Write at least one name."))
        if len(lines) > 100:
            raise forms.ValidationError(_("At most 100 players."))
        seen: dict[str, tuple[int, str]] = {}
        for number, (line, name) in enumerate(zip(lines, names), start=1):
            if line.strip() and not name:  # only invisible characters: refused, never dropped unseen
                raise forms.ValidationError(
                    _("Line %(number)s: write a name with visible letters.") % {"number": number}
                )
            problem = name_problem(name) if name else None
            if problem is not None:
                raise forms.ValidationError(
                    _("Line %(number)s: the name %(problem)s.") % {"number": number, "problem": problem.render(gettext)}
                )
            first, spelled = seen.setdefault(name_key(name), (number, name)) if name else (number, name)
            if spelled != name:  # "Anna" and "anna": one player, or two who must be told apart
                raise forms.ValidationError(
                    _("Line %(number)s: the same name as line %(first)s; tell them apart.")
                    % {"number": number, "first": first}
                )
        return text

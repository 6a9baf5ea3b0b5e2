"""What every game's hand form shares: tap-target widgets and the hand form's base, which each game's form
(games/<game>/forms.py) builds on.

A hand form's ``to_data()`` gives the hand's object in shared/formats/table-json.md (defaults left out), and
``show_engine_error`` puts the engine's InvalidHand next to the field it names, in the player's language.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext

from games.contract.words import InvalidHand
from games.engines.table import InvalidTable
from games.lib.forms import WholeNumberField, version_of


class TapChoice(forms.RadioSelect):
    """Radio buttons drawn as large tap targets (see static/css/talon.css .taps).

    ``option_attrs`` gives single choices attributes of their own, e.g. ``data-shows``: the parts of the form
    that choice needs (the CSS shows ``.needs-<word>`` only while a choice that shows <word> is tapped)."""

    template_name = "games/widgets/taps.html"  # each choice written there, a label around its input
    option_attrs: dict[str, dict[str, str]] = {}

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["attrs"].update(self.option_attrs.get(str(value), {}))
        return option


def WideTaps() -> TapChoice:
    """Tap targets for longer words (contracts, kontra levels): fewer to a row."""
    return TapChoice(attrs={"class": "wide"})


class HandForm(forms.Form):
    """What every game's hand form shares: the players, the table's house rules, the engine's verdict.

    A game's form sets ``engine``, names the form field that shows each engine field's error in
    ``error_fields``, and gives ``to_data`` (taps to the table document) and ``initial_from`` (back)."""

    engine: Any = None
    error_fields: dict[str, str] = {}
    prompts: dict[str, Any] = {}  # form field → what to tap, when the engine finds it missing
    version = forms.CharField(widget=forms.HiddenInput, required=False)  # the table's version the phone saw
    submission = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)  # this form, once

    def clean_version(self) -> int | None:
        return version_of(self.cleaned_data["version"], self)

    def __init__(self, *args, players: list[str], rules: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.table_rules = self.engine.parse_rules(rules or {}, tuple(self.players))
        self.parsed: Any = None  # the hand as the engine parsed it in clean(): Save scores it without parsing again
        for name, prompt in self.prompts.items():
            if name in self.fields:
                self.fields[name].error_messages["required"] = prompt

    def complete(self, cleaned: dict[str, Any]) -> None:
        """Fill in what helpers (card counters) give before the engine checks the hand."""

    def clean(self):
        cleaned = super().clean()
        self.complete(cleaned)
        if not self.errors:
            try:
                self.parsed = self.engine.parse_hand(self.to_data(), tuple(self.players), self.table_rules)
            except InvalidHand as error:
                self.show_engine_error(error)
        return cleaned

    def to_data(self) -> dict[str, Any]:
        raise NotImplementedError

    def players_json(self) -> str:
        return json.dumps(self.players, ensure_ascii=False)

    def prompts_json(self) -> str:
        """What to tap when the engine finds a field missing, by the engine's field: for the phone's own preview."""
        return json.dumps(
            {
                engine: [target, str(self.prompts[target])]
                for engine, target in self.error_fields.items()
                if target in self.prompts
            },
            ensure_ascii=False,
        )

    def mark_invalid(self) -> None:
        """Every field with an error says so (aria-invalid) and points at its message; Django does this for
        single inputs, this does it for the taps too (a group of radio buttons)."""
        if not self.is_bound:
            return
        for name in self.errors:
            if name in self.fields and not self.fields[name].widget.is_hidden:
                self.fields[name].widget.attrs.update(
                    {"aria-invalid": "true", "aria-describedby": f"{self[name].auto_id}_error"}
                )

    def error_list(self) -> list[tuple[str, str, str]]:
        """(field id, label, message) of every error, for the alert at the top of a rejected form."""
        rows = []
        for name, errors in self.errors.items():
            field = self.fields.get(name)
            label = str(field.label) if field is not None and field.label else ""
            anchor = self[name].auto_id if field is not None else ""
            rows += [(anchor, label, str(error)) for error in errors]
        return rows

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        raise NotImplementedError

    def show_engine_error(self, error: InvalidHand | InvalidTable) -> None:
        if isinstance(error, InvalidTable):
            error = error.error
        root = error.field.split(".")[0].split("[")[0]
        target = self.error_fields.get(root)
        missing = target in self.prompts and self.cleaned_data.get(target) in (None, "")
        message = str(self.prompts[target]) if missing else error.message(gettext)
        self.add_error(target if target in self.fields else None, message)

    def counter_rows(self):
        """The card counter's inputs: (field, a card's value in the counter's unit, how many there are)."""
        return [(self[f"count_{card.key}"], card.value, card.count) for card in self.engine.COUNTER.cards]

    def counter_invalid(self) -> bool:
        """Whether the card counter holds a count refused: the counter, folded away otherwise, is then open."""
        return any(f"count_{card.key}" in self.errors for card in self.engine.COUNTER.cards)

    def add_counter_fields(self) -> None:
        for card in self.engine.COUNTER.cards:
            self.fields[f"count_{card.key}"] = WholeNumberField(
                label=gettext(card.label), required=False, min_value=0, max_value=card.count
            )

    def counted(self) -> int | None:
        """The counter's total in its unit, or None when nothing was counted."""
        counts = [self.cleaned_data.get(f"count_{card.key}") for card in self.engine.COUNTER.cards]
        if all(c in (None, 0) for c in counts):
            return None
        return sum((c or 0) * card.value for c, card in zip(counts, self.engine.COUNTER.cards))

    def points_in_thirds_from_counter(self, cleaned: dict[str, Any]) -> None:
        """Card points left empty but counted card by card: the count, as whole points and thirds (at most the
        deck's total)."""
        if cleaned.get("points_whole") is None and not self.errors:
            total = self.counted()
            if total is not None:
                counter = self.engine.COUNTER
                cleaned["points_whole"], rest = divmod(min(total, counter.total * counter.unit), counter.unit)
                cleaned["points_third"] = str(rest)

"""A Two Ten Jack round: each scoring card of the table's point table, who captured it, and the cards removed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.web.forms import HandForm, TapChoice

from . import engine as ttj
from . import entry


class TwoTenJackHandForm(HandForm):
    """Each scoring card of the table's point table, then who captured it; and the cards removed."""

    engine = ttj
    error_fields = {"removed": "removed", "captured": "captured"}
    # carries the removed cards' errors
    removed = forms.CharField(label=_("Cards removed from the deck"), required=False, widget=forms.HiddenInput)
    # carries the captured cards' errors
    captured = forms.CharField(label=_("Scoring cards"), required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.scoring = entry.scoring_cards(self.table_rules)
        choices = [("", "—")] + [(p, p) for p in self.players]
        for card in self.scoring:
            self.fields[f"card_{card}"] = forms.ChoiceField(
                label=ttj.show_card(card), choices=choices, required=False, widget=TapChoice
            )
        deck = [("", "—")] + [(card, ttj.show_card(card)) for card in ttj.DECK]
        self.removed_count = ttj.removed_count(len(self.players))
        for i in range(self.removed_count):
            self.fields[f"removed_{i}"] = forms.ChoiceField(
                label=_("Removed card %(number)s") % {"number": i + 1}, choices=deck, required=False
            )

    def card_rows(self):
        points = dict(self.table_rules.card_points)
        return [(self[f"card_{card}"], card, points[card], card[-1] in "HD" and card != "JK") for card in self.scoring]

    def long_names(self) -> bool:
        """A word of a name too long to share a 360 px row with the card: the card then sits above its taps."""
        return any(len(word) > 16 for name in self.players for word in name.split())

    def removed_fields(self):
        return [self[f"removed_{i}"] for i in range(self.removed_count)]

    def to_data(self) -> dict[str, Any]:
        return entry.to_data(self.cleaned_data, self.players, self.table_rules)

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        initial = {f"removed_{i}": card for i, card in enumerate(data.get("removed", []))}
        for name, cards in data.get("captured", {}).items():
            for card in cards:
                initial[f"card_{card}"] = name
        return initial

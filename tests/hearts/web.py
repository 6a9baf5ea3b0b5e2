"""Hearts in the app (tests only): its hand form, each player's penalty points."""

from __future__ import annotations

from typing import Any

from django import forms

from games.web import BADGE, GameWeb, Mark
from games.web.forms import HandForm, TapChoice

from . import engine, entry


class HeartsHandForm(HandForm):
    engine = engine
    error_fields = {"points": "points"}
    points = forms.CharField(required=False, widget=forms.HiddenInput)  # carries the engine's errors

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["moon"] = forms.ChoiceField(
            label="Shot the moon",
            required=False,
            widget=TapChoice,
            choices=[("", "—")] + [(p, p) for p in self.players],
        )
        for i, name in enumerate(self.players):
            self.fields[f"points_{i}"] = forms.IntegerField(label=name, required=False, min_value=0, max_value=26)

    def point_fields(self):
        return [self[f"points_{i}"] for i in range(len(self.players))]

    def to_data(self) -> dict[str, Any]:
        return entry.to_data(self.cleaned_data, self.players, self.table_rules)

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        return {f"points_{i}": data.get("points", {}).get(p) for i, p in enumerate(players)}


WEB = GameWeb(
    hand_form=HeartsHandForm,
    templates="games/hearts",
    record_label="Record a round",
    save_label="Save round",
    penalty_label="Who takes the penalty points",
    marks_template="games/hearts/marks.html",
    marks=(Mark("moons", BADGE, "Moons: {count}"),),
)

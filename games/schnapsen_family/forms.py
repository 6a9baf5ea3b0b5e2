"""A Bauernschnapsen or Dreierschnapsen hand (BS1–BS5): a normal game is the Rufer, won or lost, and 1, 2 or 3
tapped (or the losing side's card points and trick); a special contract is the contract, who announced it, won or
lost, and the Kontra level as said at the table. Only the contracts the table's rules give a value are offered."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.lib.forms import WholeNumberField
from games.web.forms import HandForm, TapChoice, WideTaps

from . import scoring as sf

# a contract's name longer than this has its value on a line of its own where the tap is too narrow for both:
# "Kontrabauernschnapser 24" in one run is wider than a tap at 360 px, the name alone fits; the shorter names keep
# their value beside them (a no-break space). A word is never broken inside a tap (tests/browser/test_every_screen.py)
LONGEST_WHOLE = 16


FAMILY_ERRORS = {key: key for key in ("contract", "declarer", "won", "loser_points", "loser_had_trick", "game_points")}
FAMILY_ERRORS["kontra"] = "kontra"


class FamilyHandForm(HandForm):
    """The engine and entry are the game's (``engine``, ``entry``); the rest is the family's."""

    entry: Any = None
    error_fields = FAMILY_ERRORS
    prompts = {
        "declarer": _("Tap who played (in a normal game: the Rufer)."),
        "won": _("Tap whether they won."),
        "loser_points": _("Tap 1, 2 or 3, or enter the losing side's card points."),
        "loser_had_trick": _("Tap whether the losing side took a trick."),
    }
    contract = forms.ChoiceField(label=_("Contract"), required=False, widget=WideTaps())
    declarer = forms.ChoiceField(label=_("Who played? (normal game: the Rufer)"), required=False, widget=TapChoice)
    won = forms.ChoiceField(
        label=_("Did they win?"), choices=[("yes", _("won")), ("no", _("lost"))], required=False, widget=TapChoice
    )
    game_points = forms.TypedChoiceField(
        label=_("Game points"), choices=[(1, "1"), (2, "2"), (3, "3")], coerce=int, required=False, empty_value=None
    )
    # an edited hand's recorded 1, 2 or 3 (BS2): the taps are submit buttons, sent only when tapped, so the form
    # carries the recorded one; a tap or the losing side's points typed replace it
    recorded_game_points = forms.TypedChoiceField(
        choices=[(1, "1"), (2, "2"), (3, "3")], coerce=int, required=False, empty_value=None, widget=forms.HiddenInput
    )
    loser_points = WholeNumberField(
        label=_("The losing side's card points"),
        required=False,
        min_value=0,
        max_value=sf.MOST_CARD_POINTS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points-input"}),
    )
    loser_had_trick = forms.ChoiceField(
        label=_("Did the losing side take a trick?"),
        required=False,
        choices=[("yes", _("yes")), ("no", _("no trick"))],
        widget=TapChoice,
    )
    kontra = forms.ChoiceField(label=_("Kontra"), required=False, initial="0", widget=WideTaps())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        rules = self.table_rules
        offered = sf.offered(rules)
        self.fields["contract"].choices = [(c, self.contract_label(c)) for c in offered]
        self.fields["contract"].initial = sf.NORMAL
        # a normal game asks for its points (BS2); a special contract only for won or lost (BS3)
        self.fields["contract"].widget.option_attrs = {
            c: {"data-shows": "points" if c == sf.NORMAL else ""} for c in offered
        }
        self.fields["declarer"].choices = [(p, p) for p in self.players]
        if rules.max_kontra:
            self.fields["kontra"].choices = [
                (str(level), name.render(gettext)) for level, name in sf.kontra_levels(rules)
            ]
        else:
            del self.fields["kontra"]  # BS5.2: a table without Kontra is not asked for it

    def contract_label(self, contract: str) -> str:
        """The contract with what it is worth at this table ("Schnapser 6"), the value on the line of a short name."""
        value = "1–3" if contract == sf.NORMAL else str(self.table_rules.value(contract))
        name = gettext(sf.CONTRACT_NAMES[contract])
        return f"{name}{' ' if len(name) > LONGEST_WHOLE else chr(0xA0)}{value}"

    def complete(self, cleaned: dict[str, Any]) -> None:
        """An edit that leaves the game points alone keeps the recorded ones (nothing tapped, nothing typed)."""
        changed = (cleaned.get(name) not in (None, "") for name in ("game_points", "loser_points", "loser_had_trick"))
        if not any(changed):
            cleaned["game_points"] = cleaned.get("recorded_game_points")

    def one_point_from(self) -> int:
        return self.table_rules.one_point_from

    def to_data(self) -> dict[str, Any]:
        return self.entry.to_data(self.cleaned_data, self.players, self.table_rules)

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        initial = {
            "contract": data.get("contract", sf.NORMAL),
            "declarer": data.get("declarer"),
            "won": "yes" if data.get("won") else "no",
            "kontra": str(data.get("kontra", 0)),
        }
        if "game_points" in data:
            initial["game_points"] = initial["recorded_game_points"] = data["game_points"]
        if "loser_points" in data:
            initial["loser_points"] = data["loser_points"]
            initial["loser_had_trick"] = "yes" if data.get("loser_had_trick") else "no"
        return initial

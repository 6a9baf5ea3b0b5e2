"""A Königrufen hand: the contract; who played (and with whom, or the king in the talon); card points as players
count them, "35 and 2 Blatt"; made or not, and who gave Kontra; each bonus as the state said aloud; Trischaken's
four numbers; at five, who sits out."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.contract.words import InvalidHand
from games.engines.table import InvalidTable
from games.lib.forms import WholeNumberField
from games.web.forms import HandForm, TapChoice, WideTaps

from . import engine as kr
from . import entry

BLATT_CHOICES = [("0", "—"), ("1", _("+1 Blatt")), ("2", _("+2 Blatt"))]
KONTRA_CHOICES = [("0", _("none")), ("1", "Kontra ×2"), ("2", "Rekontra ×4"), ("3", "Subkontra ×8")]
# AT8: an opponent's own Kontra in a negative contract, beside his name, as said at the table: his Kontra, the
# declarer's Re, his Sub (never "Anna: Rekontra", which would make her the one who answered)
OPPONENT_KONTRA_CHOICES = [("0", _("none")), ("1", "Kontra ×2"), ("2", "Kontra, Re ×4"), ("3", "Kontra, Re, Sub ×8")]
BONUS_STATES = [
    ("", "—"),
    ("announced-made", _("announced, made")),
    ("announced-lost", _("announced, lost")),
    ("silent-made", _("silent, made")),
    ("silent-lost", _("silent, lost")),
]
BONUS_SIDES = [("declarers", _("declarers")), ("defenders", _("defenders"))]
KOENIGRUFEN_ERRORS = {
    "contract": "contract",
    "declarer": "declarer",
    "partner": "partner",
    "conceded": "conceded",
    "points": "points_whole",
    "won": "won",
    "kontra": "kontra",
    "bonuses": "bonuses",
    "trischaken": "trischaken",
    "sitting_out": "sitting_out",
}


def _number() -> forms.NumberInput:
    return forms.NumberInput(attrs={"inputmode": "numeric", "class": "points-input"})


class KoenigrufenHandForm(HandForm):
    engine = kr
    error_fields = KOENIGRUFEN_ERRORS
    prompts = {
        "contract": _("Tap the contract."),
        "declarer": _("Tap who played."),
        "partner": _("Tap who held the called king, or the talon."),
        "points_whole": _("Enter the declarer side's card points, or count the cards."),
        "won": _("Tap whether it was made."),
        "sitting_out": _("Tap who dealt and sits out."),
    }
    contract = forms.ChoiceField(label=_("Contract"), widget=WideTaps())
    sitting_out = forms.ChoiceField(label=_("Deals and sits out"), required=False, widget=TapChoice)
    declarer = forms.ChoiceField(label=_("Declarer (in Trischaken: the forehand)"), required=False, widget=TapChoice)
    partner = forms.ChoiceField(label=_("Partner: holder of the called king"), required=False, widget=TapChoice)
    conceded = forms.BooleanField(label=_("Given up at once (the king lay in the talon)"), required=False)
    points_whole = WholeNumberField(
        label=_("Card points of the declarer side"),
        required=False,
        min_value=0,
        max_value=int(kr.TOTAL),
        widget=_number(),
    )
    points_third = forms.ChoiceField(
        label=_("and Blatt left over"), choices=BLATT_CHOICES, initial="0", required=False, widget=TapChoice
    )
    won = forms.ChoiceField(
        label=_("Result"), choices=[("yes", _("made")), ("no", _("failed"))], required=False, widget=WideTaps()
    )
    kontra = forms.ChoiceField(
        label=_("Kontra on the game"), choices=KONTRA_CHOICES, initial="0", required=False, widget=WideTaps()
    )
    bonuses = forms.CharField(label=_("Bonuses"), required=False, widget=forms.HiddenInput)  # carries their errors
    trischaken = forms.CharField(label="Trischaken", required=False, widget=forms.HiddenInput)
    kontras = forms.CharField(  # carries the errors of each opponent's Kontra in a negative contract
        label=_("Who gave Kontra?"), required=False, widget=forms.HiddenInput
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kontra"].widget.attrs["id"] = "id_game_kontra"  # not id_kontra_0 …: each opponent's Kontra
        rules = self.table_rules
        offered = [c for c in kr.CONTRACTS if rules.contract(c)]
        # the value stays on the line of the contract's last word (a no-break space): "Farbendreier 3", never "3" alone
        self.fields["contract"].choices = [(c, f"{kr.CONTRACT_NAMES[c]}\u00a0{rules.contract(c)}") for c in offered]
        self.fields["contract"].widget.option_attrs = {c: {"data-shows": " ".join(self.shows(c))} for c in offered}
        names = [(p, p) for p in self.players]
        self.fields["declarer"].choices = names
        self.fields["partner"].choices = names + [(kr.TALON, _("in the talon"))]
        # who cannot hold the called king, by the fields that name them: the dealer sitting out, and the declarer
        # where the table forbids calling one's own king (AT6; the engine refuses it too)
        self.partner_out = "sitting_out" if rules.value("own_king_call") else "sitting_out declarer"
        if len(self.players) == 5:
            self.fields["sitting_out"].choices = names
        else:
            del self.fields["sitting_out"]
        self.bonus_kinds = [k for k in kr.BONUSES if kr.bonus_played(k, rules)]
        for kind in self.bonus_kinds:
            states = BONUS_STATES if kind not in kr.NEVER_FAIL_SILENTLY else BONUS_STATES[:4]
            self.fields[f"bonus_{kind}"] = forms.ChoiceField(
                label=kr.BONUS_NAMES[kind], choices=states, required=False, widget=WideTaps()
            )
            self.fields[f"bonus_{kind}_side"] = forms.ChoiceField(
                label=_("by"), choices=BONUS_SIDES, initial="declarers", required=False, widget=TapChoice
            )
            self.fields[f"bonus_{kind}_kontra"] = forms.ChoiceField(
                label="Kontra", choices=KONTRA_CHOICES, initial="0", required=False
            )
        for i, p in enumerate(self.players):
            self.fields[f"kontra_{i}"] = forms.ChoiceField(
                label=p, choices=OPPONENT_KONTRA_CHOICES, initial="0", required=False
            )
            self.fields[f"trischaken_{i}"] = WholeNumberField(
                label=p, required=False, min_value=0, max_value=int(kr.TOTAL), widget=_number()
            )
            self.fields[f"trischaken_{i}_third"] = forms.ChoiceField(
                label=_("Blatt"), choices=BLATT_CHOICES, initial="0", required=False
            )
        self.add_counter_fields()

    @staticmethod
    def shows(contract: str) -> list[str]:
        """The parts of the form a contract needs, from the engine's contract sets (Trischaken shows every
        player's points, the part the shared stylesheet calls "each-points")."""
        if contract == "trischaken":
            return ["each-points"]
        if contract in kr.NEGATIVE:
            return ["won"]
        return ["points", "bonuses"] + (["partner"] if contract in kr.CALLING else [])

    def bonus_rows(self):
        return [(self[f"bonus_{k}"], self[f"bonus_{k}_side"], self[f"bonus_{k}_kontra"]) for k in self.bonus_kinds]

    def kontra_rows(self):
        return [self[f"kontra_{i}"] for i in range(len(self.players))]

    def trischaken_rows(self):
        return [(p, self[f"trischaken_{i}"], self[f"trischaken_{i}_third"]) for i, p in enumerate(self.players)]

    def complete(self, cleaned):
        self.points_in_thirds_from_counter(cleaned)

    def show_engine_error(self, error: InvalidHand | InvalidTable) -> None:
        """A negative contract's Kontras are each opponent's ("Who gave Kontra?"), not the game's: their errors go
        there, the part of the form that contract shows."""
        inner = error.error if isinstance(error, InvalidTable) else error
        if inner.field.split(".")[0] == "kontra" and self.cleaned_data.get("contract") in kr.NEGATIVE:
            self.add_error("kontras", inner.message(gettext))
            return
        kind = self._bonus_refused(inner.field)
        if kind is not None:
            self.add_error(f"bonus_{kind}", inner.message(gettext))
            return
        super().show_engine_error(error)

    def _bonus_refused(self, field: str) -> str | None:
        """The bonus an engine error names as "bonuses[2].kind": the second one tapped, in the order the hand lists
        them (entry.to_data), so that its message stands beside that bonus, not at the top of all nine."""
        found = re.fullmatch(r"bonuses\[(\d+)\]\..*", field)
        tapped = [k for k in self.bonus_kinds if self.cleaned_data.get(f"bonus_{k}") in entry.BONUS_STATES]
        if found is None or not 1 <= int(found.group(1)) <= len(tapped):
            return None
        return tapped[int(found.group(1)) - 1]

    def bonuses_invalid(self) -> bool:
        """Whether the bonuses part holds a message: it is open then, folded away otherwise."""
        return "bonuses" in self.errors or any(f"bonus_{k}" in self.errors for k in self.bonus_kinds)

    def to_data(self) -> dict[str, Any]:
        return entry.to_data(self.cleaned_data, self.players, self.table_rules)

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "contract": data["contract"],
            "declarer": data.get("declarer"),
            "partner": data.get("partner") or "",
            "conceded": data.get("conceded", False),
            "sitting_out": data.get("sitting_out") or "",
        }
        if "points" in data:
            points = kr.parse_points(data["points"], "points")
            initial["points_whole"], initial["points_third"] = int(points), str(int((points - int(points)) * 3))
        if "won" in data:
            initial["won"] = "yes" if data["won"] else "no"
        kontra = data.get("kontra", 0)
        if isinstance(kontra, dict):
            for i, p in enumerate(players):
                initial[f"kontra_{i}"] = str(kontra.get(p, 0))
        elif data["contract"] in kr.NEGATIVE:
            for i, p in enumerate(players):
                initial[f"kontra_{i}"] = str(kontra) if p != data.get("declarer") else "0"
        else:
            initial["kontra"] = str(kontra)
        for bonus in data.get("bonuses", []):
            state = ("announced-" if bonus["announced"] else "silent-") + ("made" if bonus["made"] else "lost")
            initial[f"bonus_{bonus['kind']}"] = state
            initial[f"bonus_{bonus['kind']}_side"] = bonus["side"]
            initial[f"bonus_{bonus['kind']}_kontra"] = str(bonus.get("kontra", 0))
        for i, p in enumerate(players):
            if p in data.get("trischaken", {}):
                value = kr.parse_points(data["trischaken"][p], "trischaken")
                initial[f"trischaken_{i}"] = int(value)
                initial[f"trischaken_{i}_third"] = str(int((value - int(value)) * 3))
        return initial

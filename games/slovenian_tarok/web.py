"""Slovenian Tarok in the app: its hand form, and what its pages show (radelci beside the names)."""

from dataclasses import replace

from django.utils.translation import gettext_lazy as _

from games.web import CIRCLES, AdjustmentField, GameWeb, Mark

from .engine import MOST_RADELCI
from .forms import SlovenianHandForm


def holds_radelc(data, hand, state):
    """The calculator's "the declarer holds a radelc": the hand is scored as if the declarer held one."""
    if not data or not data.get("holds_radelc") or not getattr(hand, "declarer", None):
        return state
    radelci = tuple(1 if name == hand.declarer else 0 for name in state.players)
    return replace(state, radelci=radelci)


RADELCI = AdjustmentField(
    "radelci",
    label=_("Radelci to add"),
    help=_("1 adds a radelc; −1 crosses one off."),
    carry_label=_("%(player)s: radelci"),
    carry_short=_("radelci"),
    missing=_("Write how much (or the radelci to add)."),
    low=-20,
    high=20,
    carry_low=0,
    carry_high=MOST_RADELCI,
)

WEB = GameWeb(
    adjustment_fields=(RADELCI,),
    hand_form=SlovenianHandForm,
    templates="games/slovenian_tarok",
    seating_help=_(
        "Counter-clockwise round the table. The deal passes on counter-clockwise with four players (to "
        "the next name) and clockwise with three (to the name before)."
    ),
    leader_label=_("As declarer"),
    contra_label=_("Hands won with kontra on the game"),
    calculator_initial={"contract": "three", "declarer": "A"},
    calculator_template="games/slovenian_tarok/calculator.html",
    calculator_state=holds_radelc,
    marks_template="games/slovenian_tarok/marks.html",
    stylesheet="css/games/slovenian_tarok.css",  # how its radelci look, here and on the phone
    marks=(
        Mark(
            "radelci",
            CIRCLES,
            _("Radelci: {count}"),
            used="radelci_used",
            few=5,
            classes=("radelci", "radelc", "radelci-count"),
            on_paper=_("Radelci held"),
            used_on_paper=_("Radelci crossed off"),
        ),
    ),
)

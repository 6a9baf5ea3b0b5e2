"""Slovenian Tarok in the app: its hand form, and what its pages show (radelci beside the names)."""

from django.utils.translation import gettext_lazy as _

from .. import GameWeb
from .forms import SlovenianHandForm

WEB = GameWeb(
    hand_form=SlovenianHandForm,
    templates="games/slovenian_tarok",
    seating_help=_("Counter-clockwise, the way the deal passes on."),
    leader_label=_("As declarer"),
    contra_label=_("Hands with kontra won"),
    calculator_initial={"contract": "three", "declarer": "A"},
)

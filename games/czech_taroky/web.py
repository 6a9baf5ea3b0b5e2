"""Czech Taroky in the app: its hand form, and what its pages show (povinnost, the first-hand note)."""

from django.utils.translation import gettext_lazy as _

from games.web import GameWeb

from . import engine as ct
from .forms import CzechHandForm

WEB = GameWeb(
    penalty_label=_("Who pays each other player"),
    hand_form=CzechHandForm,
    templates="games/czech_taroky",
    seating_help=_("Counter-clockwise, the way povinnost passes on."),
    leader_label=_("As povinnost"),
    leader_badge=_("povinnost"),
    leader_field="povinnost",
    contra_label=_("Hands won with contra on the game"),
    stylesheet="css/games/czech_taroky.css",  # its hand form: team or prever
    calculator_initial={"povinnost": "A"},
    new_hand_initial=lambda summary: {"povinnost": summary.get("next_leader")},  # as leader_field on the phone
    rules_context=lambda: {
        "point_cards": [(kind, ct.POINT_CARD_NAMES[kind], value[1]) for kind, value in ct.POINT_CARDS.items()]
    },
)

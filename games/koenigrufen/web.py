"""Königrufen in the app: its hand form, and what its pages show (at five, who deals and sits out)."""

from django.utils.translation import gettext_lazy as _

from games.web import GameWeb

from .forms import KoenigrufenHandForm

WEB = GameWeb(
    penalty_label=_("Who pays each other player (a renonce)"),
    hand_form=KoenigrufenHandForm,
    templates="games/koenigrufen",
    seating_help=_(
        "Counter-clockwise round the table, the way the deal passes on. At five, the dealer sits out each hand."
    ),
    leader_label=_("As declarer"),
    leader_badge=_("sits out"),
    leader_field="sitting_out",
    contra_label=_("Hands won with Kontra on the game"),
    calculator_initial={"contract": "rufer", "declarer": "A", "partner": "C"},
    new_hand_initial=lambda summary: {"sitting_out": summary.get("next_leader")},  # as leader_field on the phone
    penalty_out=lambda summary: tuple(filter(None, [summary.get("next_leader")])),  # AT2: the dealer at five
)

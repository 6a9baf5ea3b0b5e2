"""Schnapsen in the app: quick entry on the table page, a guided entry, the Bummerl sheet."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from games.web import BADGE, GameWeb, Mark, SettleWords

from .forms import SchnapsenHandForm


def bummerl(count: int) -> str:
    return ngettext("%(count)s Bummerl", "%(count)s Bummerl", count)


WEB = GameWeb(
    penalty_label=_("Who is penalised (the other player gets the game points)"),
    hand_form=SchnapsenHandForm,
    templates="games/schnapsen",
    quick_entry=True,
    seating_help=_("Player 1 deals the first hand; the deal alternates."),
    calculator_players=2,
    settle=SettleWords(
        price_label=_("Price per Bummerl (optional)"),
        price_per=_("%(price)s per Bummerl"),
        count=bummerl,
        price_wanted=_("a price per Bummerl"),
    ),
    marks_template="games/schnapsen/marks.html",
    marks=(
        Mark(
            "bummerl",
            BADGE,
            _("Bummerl lost: {count}"),
            counted=ngettext_lazy("%(counter)s Bummerl", "%(counter)s Bummerl", "counter"),
        ),
    ),
)

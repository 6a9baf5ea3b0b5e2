"""Bauernschnapsen in the app: the hand form (the family's, games/schnapsen_family/forms.py), a quick entry of a
normal game on the table page (the Rufer, won or lost, 1, 2 or 3), the Bummerl under way as each team's column of
figures, each player's Bummerl lost (a team's on both partners)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from games.web import BADGE, GameWeb, Mark, SettleWords

from .forms import BauernschnapsenHandForm


def bummerl(count: int) -> str:
    return ngettext("%(count)s Bummerl", "%(count)s Bummerl", count)


WEB = GameWeb(
    hand_form=BauernschnapsenHandForm,
    templates="games/bauernschnapsen",
    form_templates="games/schnapsen_family",  # the hand form's fields and quick entry, the family's
    quick_entry=True,
    seating_help=_("In seating order: the 1st and 3rd play together against the 2nd and 4th."),
    penalty_label=_("Who is penalised (the other team gets the game points)"),
    leader_label=_("As declarer (a team's hands count for both partners)"),
    contra_label=_("Hands won gspritzt (with Kontra)"),
    calculator_players=4,
    calculator_initial={"contract": "normal", "declarer": "A", "won": "yes"},
    settle=SettleWords(
        price_label=_("Price per Bummerl (optional)"),
        price_per=_("%(price)s per Bummerl"),
        count=bummerl,
        price_wanted=_("a price per Bummerl"),
    ),
    marks_template="games/schnapsen_family/marks.html",
    marks=(
        Mark(
            "bummerl",
            BADGE,
            _("Bummerl lost: {count}"),
            counted=ngettext_lazy("%(counter)s Bummerl", "%(counter)s Bummerl", "counter"),
        ),
    ),
)

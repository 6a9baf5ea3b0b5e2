"""Two Ten Jack in the app: a round's scoring cards tapped to whoever captured them, rounds and the winner."""

from django.utils.translation import gettext_lazy as _

from ...engines import two_ten_jack as ttj
from .. import ROUND_WORDS, Games, GameWeb
from .forms import TwoTenJackHandForm

WEB = GameWeb(
    hand_form=TwoTenJackHandForm,
    templates="games/two_ten_jack",
    record_label=_("Record a round"),
    save_label=_("Save round"),
    not_saved=_("The round was not saved. Fix what is marked:"),
    words=ROUND_WORDS,
    round_key="rounds_played",
    games=Games("game", _("Game {number}"), "games_won", _("Games won this evening:")),
    calculator_players=3,
    rules_context=lambda: {
        "scoring_cards": [(ttj.show_card(card), value, card[-1] == "H") for card, value in ttj.FIXED_HEARTS.items()]
    },
)

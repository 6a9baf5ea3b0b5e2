"""Two Ten Jack in the app: a round's scoring cards tapped to whoever captured them, rounds and the winner."""

from dataclasses import replace

from django.utils.translation import gettext_lazy as _

from games.contract.words import N_
from games.web import ROUND_WORDS, Games, GameWeb

from . import engine as ttj
from .forms import TwoTenJackHandForm


def _game_and_round(number: int, players: int) -> dict[str, int]:
    game, round_ = ttj.deal_place(number, players)
    return {"game": game, "round": round_}


# A round is named by its game and its round in it, as its pages show it: the count of every deal of the evening
# ("hand 4"), which restarts nowhere, is never shown, and "round 1" alone is one of every game.
WORDS = replace(
    ROUND_WORDS,
    history={
        "recorded": N_("Game {game}, round {round} recorded: {what}"),
        "edited": N_("Game {game}, round {round} changed: {before} → {after}"),
        "deleted": N_("Game {game}, round {round} deleted: {what}"),
        "restored": N_("Game {game}, round {round} restored: {what}"),
        "listed": N_("Game {game}, round {round}: {what}"),
    },
    place=_game_and_round,
)

WEB = GameWeb(
    hand_form=TwoTenJackHandForm,
    templates="games/two_ten_jack",
    record_label=_("Record a round"),
    save_label=_("Save round"),
    not_saved=_("The round was not saved. Fix what is marked:"),
    words=WORDS,
    round_key="rounds_played",
    games=Games("game", _("Game {number}"), "games_won", _("Games won this evening:")),
    calculator_players=3,
    rules_context=lambda: {
        "scoring_cards": [(ttj.show_card(card), value, card[-1] == "H") for card, value in ttj.FIXED_HEARTS.items()]
    },
)

"""What an engine module leaves out of the contract, the registry fills from games/contract/defaults.py: a new game
writes only what differs, and what it writes stays its own."""

from types import ModuleType

import pytest

from games.contract.defaults import SETTLE_DIFFERENCES, no_winners, with_defaults
from games.contract.engine import Facts
from games.contract.hands import KIND_NAMES, Adjustment, Closing
from games.contract.ranking import HIGHER_TOTAL, LOWER_TOTAL
from games.contract.words import Line
from games.registry import GAMES

PLAYERS = ("Anna", "Bert", "Cilli")


def engine(**members) -> ModuleType:
    """A game's module with only ``members`` written (its own hands described and counted as a "round")."""
    module = ModuleType("scratch_game")
    module.ZERO_SUM = False
    module.MODES = {"round": "round"}
    module.describe_hand = lambda hand, rules: Line("a round")
    module.hand_facts = lambda hand: Facts(mode="round", mode_label="round")
    for name, value in members.items():
        setattr(module, name, value)
    return with_defaults(module)


def test_a_game_not_zero_sum_gets_the_rest_of_the_contract():
    game = engine()
    assert game.RANKING == HIGHER_TOTAL and game.COUNTER is None and game.SETTLE_UNIT == "point"
    assert game.SETTLE_WHAT == SETTLE_DIFFERENCES
    assert game.winners is no_winners and game.summary(None) == {} and game.milestone(None, None) is None
    assert game.settlement({"Anna": 5, "Bert": -2}, {}) == {"Anna": 5, "Bert": -2}
    assert game.MODES == {"round": "round", **KIND_NAMES}
    assert game.penalty(PLAYERS, "Bert", 10) == {"Anna": 0, "Bert": -10, "Cilli": 0}


def test_penalty_points_are_added_and_a_zero_sum_game_pays_each_other_player():
    assert engine(RANKING=LOWER_TOTAL).penalty(PLAYERS, "Bert", 10) == {"Anna": 0, "Bert": 10, "Cilli": 0}
    assert engine(RANKING=LOWER_TOTAL).settlement({"Anna": 5}, {}) == {"Anna": -5}
    zero_sum = engine(ZERO_SUM=True, SETTLE_WHAT="chips")
    assert zero_sum.penalty(PLAYERS, "Bert", 10) == {"Anna": 10, "Bert": -20, "Cilli": 10}


def test_a_zero_sum_game_says_what_settle_up_settles():
    with pytest.raises(AttributeError, match="SETTLE_WHAT"):
        engine(ZERO_SUM=True)


def test_describe_and_facts_take_the_common_hands_and_leave_the_games_own_to_it():
    game = engine(describe_marks=lambda adjustment: Line("marks given"))
    adjustment = Adjustment(amounts=(("Anna", 3), ("Bert", -3), ("Cilli", 0)), reason="carried over")
    assert game.describe(adjustment, None).render() == "Adjustment: Anna +3, Bert −3 (carried over) · marks given"
    assert game.describe(Closing(), None).render() == "end of the evening"
    assert game.describe(object(), None).render() == "a round"
    assert game.facts(Closing()).mode == "closing" and game.facts(object()).mode == "round"


def test_a_rename_follows_the_fields_and_maps_the_game_names():
    game = engine(PLAYER_FIELDS=("declarer",), PLAYER_KEYED=("points",), ADJUSTMENT_MARKS=("lost",))
    hand = {"declarer": "Bert", "points": {"Bert": 4, "Anna": 2}, "partner": "Bert"}
    assert game.rename_player(hand, "Bert", "Berta") == {
        "declarer": "Berta",
        "points": {"Berta": 4, "Anna": 2},
        "partner": "Bert",  # not a field this game names a player by
    }
    adjustment = {"adjustment": {"Bert": 1}, "lost": {"Bert": 1}}
    assert game.rename_player(adjustment, "Bert", "Berta") == {"adjustment": {"Berta": 1}, "lost": {"Berta": 1}}


def test_what_a_game_writes_stays_its_own():
    def winners(totals, status):
        return ["Anna"]

    assert engine(winners=winners).winners is winners
    for game in GAMES.values():  # the registered games: Two Ten Jack's winners, Schnapsen's penalty are theirs
        assert game.engine.winners.__module__ in (game.engine.__name__, "games.contract.defaults")
    assert GAMES["two-ten-jack"].engine.winners.__module__ == "games.two_ten_jack.engine"

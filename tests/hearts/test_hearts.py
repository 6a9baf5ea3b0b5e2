"""Hearts' own rules, through the shared contract: the lowest total wins, the game ends by itself at its target
and says so (not "the evening was closed"), settle-up pays for penalty points."""

import pytest

from games.contract.defaults import settlement_by
from games.engines.table import InvalidTable, replay, settle, setup

from . import engine as hearts
from .entry import PLAYERS

ROUNDS = [
    {"points": {"North": 2 * cards - 1, "West": 1}}  # each round deals fewer cards (HR1)
    for cards in (13, 12, 11, 10, 9, 8)
]


def test_the_game_ends_by_itself_at_the_target_and_the_lowest_total_wins():
    table = setup("hearts", {}, list(PLAYERS))
    played = replay(table, ROUNDS[:5])  # North 105
    status = hearts.status(played.state)
    assert status.over and status.finished and not status.closed
    assert hearts.winners(played.totals, status.as_json()) == ["East", "South"]
    assert (
        hearts.winners(replay(table, ROUNDS[:4]).totals, hearts.status(replay(table, ROUNDS[:4]).state).as_json()) == []
    )


def test_a_hand_after_the_end_is_refused_as_the_game_being_over_not_the_evening_closed():
    with pytest.raises(InvalidTable, match="hand 6: the game is over"):
        settle({"game": "hearts", "players": list(PLAYERS), "hands": ROUNDS[:6]})
    with pytest.raises(InvalidTable, match="hand 2: the evening was closed"):
        settle({"game": "hearts", "players": list(PLAYERS), "hands": [{"closing": True}, ROUNDS[0]]})


def test_penalty_points_are_paid_for():
    assert settlement_by(hearts.RANKING)({"North": 20, "East": 2}, {}) == {"North": -20, "East": -2}

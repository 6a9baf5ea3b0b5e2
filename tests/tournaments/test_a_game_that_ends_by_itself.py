"""A game whose table ends by itself (Two Ten Jack: as many rounds as players): a table whose game is over is
finished for the round, on the director's round page, in the closing's question and on the table page (no "Hand 4
of 16" beside a game that is over), and takes no new game in the round."""

import pytest
from django.urls import reverse

from games.engines.table import InvalidTable
from games.tables import services

from ..factories import visible_text
from .test_tournament_web import NINE, director_url, make_tournament, started

pytestmark = pytest.mark.django_db

CAPTURED = [  # the worked examples T1–T3, by seat
    [["2H", "KH", "QS", "10S"], ["10H", "JH", "AH", "2S"], ["QH", "AS", "KS", "JS"]],
    [[], ["2H", "10H", "JH", "AH", "KH", "QH", "QS"], ["AS", "KS", "JS", "10S", "2S"]],
    [["2S", "10S", "JS", "AS", "KS", "QS"], ["AH", "KH"], ["2H", "10H", "JH", "QH"]],
]


def _round_of_two_ten_jack():
    settings = {
        "rules": {},
        "table_size": 3,
        "rounds": 2,
        "round_limit": {"hands": 16},
        "scoring": {"measure": "points", "tie_breaks": ["places", "best-round"]},
        "draw": {"first": "random", "later": "random", "seed": 3},
    }
    tournament = make_tournament(players=NINE[:6], game="two-ten-jack", preset="points", settings=settings)
    round_ = started(tournament)
    first, second = (rt.table for rt in round_.tables.select_related("table").order_by("table_no"))
    for table, rounds in ((first, CAPTURED), (second, CAPTURED[:2])):
        for captured in rounds:
            table.refresh_from_db()
            services.record_hand(
                table, {"captured": {name: cards for name, cards in zip(table.players, captured) if cards}}
            )
        table.refresh_from_db()
    return tournament, round_, first, second


def test_a_table_whose_game_is_over_is_finished_for_the_round(client):
    tournament, round_, first, second = _round_of_two_ten_jack()
    assert first.summary["finished"] and not second.summary["finished"]
    rows = {
        row["rt"].table_no: row["state"]
        for row in client.get(director_url(tournament, "director_round", 1)).context["rows"]
    }
    assert rows == {1: "finished", 2: "playing"}
    asked = visible_text(client.post(director_url(tournament, "close_round", 1)).content.decode())
    assert "Tables still playing: 2." in asked
    page = visible_text(client.get(reverse("table", args=[first.edit_token])).content.decode())
    assert "The game is over: so is the round at this table." in page and "Hand 4 of 16" not in page
    assert "Play again" not in page
    assert "Hand 3 of 16" in visible_text(client.get(reverse("table", args=[second.edit_token])).content.decode())


def test_a_table_whose_game_is_over_takes_no_new_game_in_the_round():
    _tournament, _round, first, _second = _round_of_two_ten_jack()
    with pytest.raises(InvalidTable, match="game is over"):
        services.record_hand(first, {"captured": {first.players[0]: ["2H"]}})
    first.refresh_from_db()
    assert first.hand_count == 3

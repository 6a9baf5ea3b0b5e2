"""Two Ten Jack through an evening: Play again carries the evening's totals into the next game, a round is
recorded and saved in the same words, and a penalty is no round (it takes no round number)."""

import pytest
from django.urls import reverse

from games.models import Table
from games.tables import services
from tests.factories import make_table, visible_text

pytestmark = pytest.mark.django_db
PLAYERS = ("Aiko", "Ben", "Chie")
ROUNDS = [
    {
        "captured": {
            "Aiko": ["2H", "KH", "QS", "10S"],
            "Ben": ["10H", "JH", "AH", "2S"],
            "Chie": ["QH", "AS", "KS", "JS"],
        }
    },
    {"captured": {"Ben": ["2H", "10H", "JH", "AH", "KH", "QH", "QS"], "Chie": ["AS", "KS", "JS", "10S", "2S"]}},
    {
        "captured": {
            "Aiko": ["2S", "10S", "JS", "AS", "KS", "QS"],
            "Ben": ["AH", "KH"],
            "Chie": ["2H", "10H", "JH", "QH"],
        }
    },
]  # the worked examples T1–T3: 45, −25, −20


def finished_game():
    table = make_table(game="two-ten-jack", players=PLAYERS, hands=ROUNDS)
    table.price_per_point = "0.10"
    table.save(update_fields=["price_per_point"])
    return table


def test_play_again_is_the_next_game_at_the_same_table(client):
    table = finished_game()
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert f'href="{reverse("record_hand", args=[table.edit_token])}">Play again' in page
    assert "Games won this evening: <bdi>Aiko</bdi> 1, <bdi>Ben</bdi> 0" in page
    form = client.get(reverse("record_hand", args=[table.edit_token]))
    assert 'class="hand-form' in form.content.decode()
    for data in ROUNDS:
        assert (
            client.post(
                reverse("record_hand", args=[table.edit_token]),
                {f"card_{card}": name for name, cards in data["captured"].items() for card in cards},
            ).status_code
            == 302
        )
    table.refresh_from_db()
    assert Table.objects.count() == 1
    assert table.totals == {"Aiko": 90, "Ben": -50, "Chie": -40}  # the evening's standing, settled once
    assert table.summary["games_won"] == {"Aiko": 2, "Ben": 0, "Chie": 0} and table.summary["game"] == 2
    text = visible_text(client.get(reverse("table", args=[table.edit_token])).content.decode())
    assert "Winner: Aiko" in text and "Game 2 won by Aiko" in text and "Game 1 won by Aiko" in text


def test_the_second_games_round_state_names_the_game(client):
    table = make_table(game="two-ten-jack", players=PLAYERS, hands=[*ROUNDS, ROUNDS[0]])
    text = visible_text(client.get(reverse("table", args=[table.edit_token])).content.decode())
    assert "Game 2 · Round 2 of 3" in text and "Games won this evening: Aiko 1, Ben 0, Chie 0" in text
    rows = client.get(reverse("table", args=[table.edit_token])).context["rows"]
    assert [row["label"] for row in rows] == [1, 3, 2, 1]  # each game counts its own rounds


def test_a_new_evening_after_a_closed_game_starts_from_nothing(client):
    table = finished_game()
    services.record_hand(table, {"closing": True})
    client.post(reverse("new_evening", args=[table.edit_token]))
    fresh = Table.objects.exclude(pk=table.pk).get()
    assert fresh.totals == {"Aiko": 0, "Ben": 0, "Chie": 0} and fresh.hand_count == 0


def test_a_round_is_recorded_and_saved_in_the_same_words(client):
    table = make_table(game="two-ten-jack", players=PLAYERS)
    page = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert "Record a round" in page and "Save round" in page and "Save hand" not in page
    rejected = client.post(reverse("record_hand", args=[table.edit_token]), {"removed_0": "3C", "save": "1"})
    assert "The round was not saved" in rejected.content.decode()
    schnapsen = make_table(game="schnapsen", players=("Anna", "Ben"))
    assert "Save hand" in client.get(reverse("record_hand", args=[schnapsen.edit_token])).content.decode()


def test_a_penalty_takes_no_round_number(client):
    table = make_table(
        game="two-ten-jack",
        players=PLAYERS,
        hands=[ROUNDS[0], {"adjustment": {"Ben": -10}, "reason": "revoke"}, ROUNDS[1]],
    )
    rows = client.get(reverse("table", args=[table.edit_token])).context["rows"]
    assert [row["label"] for row in rows] == [2, "", 1]  # newest first: round 2, the penalty, round 1
    assert [row["number"] for row in rows] == [3, 2, 1]
    assert rows[1]["aria"] == "Penalty, correction or end: explanation" and rows[0]["aria"] == "Round 2: explanation"
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert "Round 3 of 3" in visible_text(page)


def test_other_games_number_their_hands_and_not_a_penalty(client):
    table = make_table(
        game="schnapsen",
        players=("Anna", "Ben"),
        hands=[{"winner": "Anna", "game_points": 1}, {"adjustment": {"Ben": 1}}, {"winner": "Ben", "game_points": 2}],
    )
    rows = client.get(reverse("table", args=[table.edit_token])).context["rows"]
    assert [row["label"] for row in rows] == [2, "", 1]  # newest first: hand 2, the penalty, hand 1


def test_a_rounds_page_names_its_round_and_a_penaltys_page_no_number(client):
    table = make_table(
        game="two-ten-jack",
        players=PLAYERS,
        hands=[ROUNDS[0], {"adjustment": {"Ben": -10}, "reason": "revoke"}, ROUNDS[1]],
    )
    round_two = visible_text(client.get(reverse("hand", args=[table.edit_token, 3])).content.decode())
    penalty = visible_text(client.get(reverse("hand", args=[table.edit_token, 2])).content.decode())
    assert "Round 2" in round_two and "Hand 3" not in round_two
    assert "Adjustment: Ben −10 (revoke)" in penalty and "Hand 2" not in penalty and "Round" not in penalty

"""Schnapsen's guided entry asks only what decides the hand (KR1, KR2); editing a quick-entered hand shows its
recorded game points."""

import re

import pytest
from django.urls import reverse

from games.models import Hand
from games.schnapsen import engine as sn
from games.schnapsen import entry as entry
from games.schnapsen.forms import SchnapsenHandForm
from tests.factories import make_table, visible_text

pytestmark = pytest.mark.django_db
PLAYERS = ("Anna", "Ben")


@pytest.mark.parametrize("points, had_trick, game_points", [(40, True, 1), (20, True, 2), (0, False, 3)])
def test_the_points_decide_whether_the_other_player_had_a_trick(client, points, had_trick, game_points):
    table = make_table(game="schnapsen", players=PLAYERS)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"ending": "declared", "by": "Anna", "other_points": str(points), "save": "1"},
    )
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.data["other_had_trick"] is had_trick and hand.scores == [game_points, 0]


def test_with_24_cards_no_points_still_asks_about_the_trick(client):
    table = make_table(game="schnapsen", players=PLAYERS, rules={"deck": 24})
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"ending": "declared", "by": "Anna", "other_points": "0", "save": "1"},
    )
    assert response.status_code == 200 and not Hand.objects.exists()
    assert response.context["form"].errors["other_had_trick"]
    assert 'class="needs-trick asked"' in response.content.decode()  # shown whatever the ending hides


def test_a_wrong_declaration_asks_about_the_trick(client):
    table = make_table(game="schnapsen", players=PLAYERS)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]), {"ending": "closed-failed", "by": "Anna", "save": "1"}
    )
    assert response.context["form"].errors["other_had_trick"] and not Hand.objects.exists()


@pytest.mark.parametrize("melded", [20, 40])
def test_a_marriage_without_a_trick_does_not_count(client, melded):
    """KR1: the other player melded 20 (or 40) but took no trick: the marriage does not count, the winner scores
    as against a player without a trick (KR2: 3), not as against 20 points and a trick (2)."""
    table = make_table(game="schnapsen", players=PLAYERS)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"ending": "declared", "by": "Anna", "other_points": str(melded), "other_had_trick": "no", "save": "1"},
    )
    assert response.status_code == 302
    hand = Hand.objects.get()
    no_trick = 3  # KR2's table: the loser took no trick
    assert hand.scores == [no_trick, 0] and hand.data["other_had_trick"] is False and hand.data["other_points"] == 0
    assert "Ben had no trick at that moment: 3." in visible_text(
        client.get(reverse("hand", args=[table.edit_token, hand.seq])).content.decode()
    )


def test_the_trick_question_is_asked_beside_the_points():
    """The endings that ask for the other player's points ask about the trick too: a marriage needs one."""
    html = str(SchnapsenHandForm(players=list(PLAYERS))["ending"])
    for ending in sn.NEEDS_OTHER_POINTS:
        assert re.search(rf'<input[^>]*value="{ending}"[^>]*data-shows="other-points trick"', html)


def test_the_tapped_winner_says_who_declared_or_failed():
    rules = sn.parse_rules({})
    declared = entry.to_data({"winner": "Ben", "ending": "declared", "other_points": 50}, PLAYERS, rules)
    failed = entry.to_data({"winner": "Ben", "ending": "closed-failed", "other_had_trick": "yes"}, PLAYERS, rules)
    assert declared["by"] == "Ben" and failed["by"] == "Anna"
    assert sn.parse_hand(failed, PLAYERS, rules).winner == "Ben"


def test_only_the_question_an_ending_needs_is_shown():
    html = str(SchnapsenHandForm(players=list(PLAYERS))["ending"])
    assert html.count('data-shows="other-points trick"') == 3  # declared, closed, the last trick
    assert html.count('data-shows="trick"') == 2  # a wrong declaration, a failed close


def test_editing_a_quick_hand_shows_its_game_points(client):
    table = make_table(game="schnapsen", players=PLAYERS, hands=[{"winner": "Ben", "game_points": 2}])
    page = client.get(reverse("edit_hand", args=[table.edit_token, 1])).content.decode()
    assert 'value="2" aria-pressed="true"' in page and page.count("aria-pressed") == 1
    assert "Recorded: 2 game points" in visible_text(page)
    assert "aria-pressed" not in client.get(reverse("table", args=[table.edit_token])).content.decode()

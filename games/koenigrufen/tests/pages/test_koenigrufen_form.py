"""The Königrufen hand form on the web: what it refuses is said beside the part of the form the contract shows."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_table

pytestmark = pytest.mark.django_db
FOUR = ("Anna", "Bert", "Cilli", "Dieter")


def shown_for(page: str, part: str) -> str:
    """The HTML of the form's parts shown only for contracts that need ``part`` (the stylesheet hides the rest)."""
    found = re.finditer(rf'<(fieldset|details) class="[^"]*\bneeds-{part}\b[^"]*"[^>]*>.*?</\1>', page, re.S)
    return "".join(match.group(0) for match in found)


@pytest.mark.parametrize(("language", "words"), [("en", "not an opponent"), ("de", "kein Gegner")])
def test_a_kontra_given_by_the_declarer_of_a_negative_contract_is_refused_beside_who_gave_kontra(
    client, language, words
):
    """In a Piccolo the Kontras are each opponent's, in "Who gave Kontra?": the declarer's own is refused there,
    not under "Kontra on the game", which a negative contract does not show."""
    table = make_table(game="koenigrufen", players=FOUR)
    client.cookies["django_language"] = language
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "piccolo", "declarer": "Anna", "won": "yes", "kontra_0": "1", "kontra_1": "1"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert words in " ".join(re.sub(r"<[^>]+>", " ", shown_for(page, "won")).split())
    assert words not in shown_for(page, "bonuses"), "no message under a part the contract hides"
    assert re.search(r'<details class="extra needs-won" open>', page), "the part with the message is open"
    assert not table.hands.exists()


def test_a_negative_contract_with_each_opponents_kontra_is_recorded(client):
    table = make_table(game="koenigrufen", players=FOUR)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "piccolo", "declarer": "Anna", "won": "yes", "kontra_1": "1", "kontra_3": "2"},
    )
    assert response.status_code == 302
    assert table.hands.get().data["kontra"] == {"Bert": 1, "Dieter": 2}


@pytest.mark.parametrize(
    ("contract", "bonus", "words"),
    [
        ("farbendreier", "bonus_pagat", "Pagat is not possible in Farbendreier"),
        ("dreier", "bonus_king-ultimo", "König ultimo is not possible in Dreier"),
    ],
)
def test_a_bonus_the_contract_does_not_have_is_refused_not_dropped(client, contract, bonus, words):
    """The bonuses part shows every bonus for every positive contract: one the contract cannot have (AT9.3), tapped,
    is refused beside that bonus (König ultimo is the fifth, a long scroll below the part's top), not left out of the
    hand without a word (the player counted it)."""
    table = make_table(game="koenigrufen", players=FOUR)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": contract, "declarer": "Anna", "points_whole": "40", bonus: "announced-made"},
    )
    assert response.status_code == 200
    assert [words in message for message in response.context["form"].errors[bonus]] == [True]
    assert "bonuses" not in response.context["form"].errors
    name = bonus.removeprefix("bonus_")
    fieldsets = re.findall(
        r'<fieldset class="bonus">.*?</fieldset>', shown_for(response.content.decode(), "bonuses"), re.S
    )
    beside = [f for f in fieldsets if f'name="{bonus}"' in f]
    assert len(beside) == 1 and words in beside[0], f"the message is in {name}'s own fieldset"
    assert '<details class="extra needs-bonuses" open>' in response.content.decode()
    assert not table.hands.exists()


def test_bonuses_left_tapped_for_a_contract_that_shows_none_are_not_read(client):
    """A Trischaken or a Piccolo hides the bonuses: a state tapped there before the contract changed is not part of
    the hand."""
    table = make_table(game="koenigrufen", players=FOUR)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "piccolo", "declarer": "Anna", "won": "yes", "bonus_pagat": "announced-made"},
    )
    assert response.status_code == 302
    assert table.hands.get().data == {"contract": "piccolo", "declarer": "Anna", "won": True}


def test_given_up_with_a_partner_who_held_the_king_is_refused_not_ignored(client):
    """ "Given up at once" is only for a king in the talon (AT6.4): ticked beside a partner who held the king, it is
    refused beside the tick, not left out of a hand then scored as played."""
    table = make_table(game="koenigrufen", players=FOUR)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "conceded": "on", "points_whole": "40"},
    )
    assert response.status_code == 200
    assert ["king lay in the talon" in message for message in response.context["form"].errors["conceded"]] == [True]
    assert not table.hands.exists()


def test_trischaken_points_beyond_70_with_one_left_empty_say_so(client):
    """One player left empty takes the rest of 70; when the others already pass 70 there is no rest, and the form
    says what they add up to, not that the empty one is still to enter."""
    table = make_table(game="koenigrufen", players=FOUR)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "trischaken", "declarer": "Anna", "trischaken_0": "40", "trischaken_1": "40", "trischaken_2": "0"},
    )
    assert response.status_code == 200
    [message] = response.context["form"].errors["trischaken"]
    assert "add up to 80" in message and "still to enter" not in message
    assert not table.hands.exists()


FIVE = FOUR + ("Emil",)


@pytest.mark.parametrize(("language", "words"), [("en", "not a player of this hand"), ("cs", "Anna")])
def test_trischaken_points_typed_for_the_one_sitting_out_are_refused_not_dropped(client, language, words):
    """At five, the page without JavaScript shows the sitter's points row too: points typed there are refused
    beside Trischaken, not dropped while the one left empty silently takes the rest of 70."""
    table = make_table(game="koenigrufen", players=FIVE)
    client.cookies["django_language"] = language
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {
            "contract": "trischaken",
            "declarer": "Bert",
            "sitting_out": "Anna",
            "trischaken_0": "10",
            "trischaken_1": "20",
            "trischaken_2": "20",
            "trischaken_3": "20",
        },
    )
    assert response.status_code == 200
    [message] = response.context["form"].errors["trischaken"]
    assert words in message
    assert not table.hands.exists()


def test_a_kontra_given_by_the_one_sitting_out_is_refused_not_dropped(client):
    table = make_table(game="koenigrufen", players=FIVE)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "piccolo", "declarer": "Bert", "sitting_out": "Anna", "won": "yes", "kontra_0": "1"},
    )
    assert response.status_code == 200
    [message] = response.context["form"].errors["kontras"]
    assert "Anna" in message and "not an opponent" in message
    assert not table.hands.exists()

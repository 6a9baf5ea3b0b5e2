"""Two Ten Jack as players read it: card faces with a minus sign, an impossible reversal said in the explanation,
errors without a field's internal name, and a round called a round."""

import pytest
from django.urls import reverse
from django.utils.translation import gettext, override

from games.contract.words import InvalidHand
from games.engines.table import InvalidTable
from tests.factories import make_table, visible_text

pytestmark = pytest.mark.django_db
PLAYERS = ("Aiko", "Ben", "Chie")
LANGUAGES = ("en", "cs", "sl", "de")


def text_of(response) -> str:
    return " ".join(visible_text(response.content.decode()).split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_faces_write_a_minus_sign(client, language):
    table = make_table(game="two-ten-jack", players=PLAYERS)
    for page in (
        client.get(reverse("record_hand", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE=language),
        client.get(reverse("rules", args=["two-ten-jack"]), HTTP_ACCEPT_LANGUAGE=language),
    ):
        text = text_of(page)
        assert "5♠ −5" not in text  # (no 5♠ scores) the faces: "Q♠ −5", "J♠ −10"
        assert "Q♠−5" in text.replace(" ", "") and "J♠−10" in text.replace(" ", "")
        assert "-5" not in text and "-10" not in text


@pytest.mark.parametrize(
    "language, label",
    [("en", "Scoring cards"), ("cs", "Bodované karty"), ("sl", "Točkovane karte"), ("de", "Wertungskarten")],
)
def test_an_error_names_what_the_player_sees_not_an_internal_field(client, language, label):
    table = make_table(game="two-ten-jack", players=PLAYERS)
    data = {"removed_0": "2H", "removed_1": "3C", "card_2H": "Aiko"}
    for url in (reverse("record_hand", args=[table.edit_token]), reverse("preview", args=[table.edit_token])):
        text = text_of(client.post(url, data, HTTP_ACCEPT_LANGUAGE=language))
        assert f"{label}: 2♥" in text
        assert "captured:" not in text.lower() and "captured." not in text.lower()


def test_the_explanation_says_why_a_suit_cannot_be_reversed(client):
    table = make_table(
        game="two-ten-jack",
        players=PLAYERS,
        hands=[{"removed": ["2H", "3C"], "captured": {"Ben": ["10H", "JH", "AH", "KH", "QH"]}}],
    )
    text = text_of(client.get(reverse("hand", args=[table.edit_token, 1]), HTTP_ACCEPT_LANGUAGE="cs"))
    assert "Vyřazeno z balíčku: 2♥. Nikdo nemůže mít všechny bodované ♥: v tomto kole se ♥ neobracejí." in text
    assert "Ben: 10♥ +10 J♥ +10 A♥ +5 K♥ +5 Q♥ +5 = +35." in text


def test_a_refusal_on_a_page_says_where_and_why_without_the_documents_field():
    error = InvalidTable(
        "hand 3", InvalidHand("captured.Aiko", "{card} is already removed or captured by someone else", card="2♥"), 3
    )
    assert error.line() == "hand 3: captured.Aiko: 2♥ is already removed or captured by someone else"  # settle
    with override("cs"):
        said = error.said(gettext)
    assert said.startswith("hra 3: 2♥") and "captured" not in said


ROUND_ONE = {f"card_{card}": "Aiko" for card in ("2H", "KH", "QS", "10S")}


def test_a_round_is_called_a_round_when_saved_edited_deleted_and_on_the_chart(client):
    table = make_table(game="two-ten-jack", players=PLAYERS, hands=[{"captured": {"Ben": ["QH"]}}] * 3)
    table.refresh_from_db()
    # the fourth deal is the first round of the evening's second game (three players: three rounds a game)
    saved = client.post(reverse("record_hand", args=[table.edit_token]), ROUND_ONE, follow=True)
    assert "Round recorded." in text_of(saved) and "Hand recorded." not in text_of(saved)
    chart = saved.content.decode().split("<svg", 1)[1].split("</svg>", 1)[0]
    assert "round 4" in chart and "hand" not in chart
    edit = text_of(client.get(reverse("edit_hand", args=[table.edit_token, 4])))
    assert "Edit round 1" in edit and "Edit hand" not in edit
    changed = client.post(reverse("edit_hand", args=[table.edit_token, 4]), ROUND_ONE, follow=True)
    assert "Round 1 changed; every later round was recomputed." in text_of(changed)
    deleted = text_of(client.post(reverse("delete_hand", args=[table.edit_token, 4]), follow=True))
    assert "Round deleted. You can undo it." in deleted


def test_delete_puts_undo_beside_its_message(client):
    table = make_table(hands=[{"povinnost": "Anna", "partner": "Cyril", "points": 63}] * 2)
    page = client.post(reverse("delete_hand", args=[table.edit_token, 2]), follow=True).content.decode()
    messages = page.split('class="messages"', 1)[1].split("</div>", 1)[0]
    assert "Hand deleted. You can undo it." in messages
    assert reverse("undo", args=[table.edit_token]) in messages and "Undo the last change" in messages
    client.post(reverse("undo", args=[table.edit_token]))
    table.refresh_from_db()
    assert table.hand_count == 2


def test_a_rounds_own_page_and_the_round_form_say_round(client):
    table = make_table(game="two-ten-jack", players=PLAYERS, hands=[{"captured": {"Ben": ["QH"]}}] * 2)
    page = text_of(client.get(reverse("hand", args=[table.edit_token, 2]), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Round 2" in page
    for words in ("Edit this round", "Delete this round", "What would other rules pay for this round?"):
        assert words in page
    assert "this hand" not in page
    form = text_of(client.get(reverse("record_hand", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Fill in the round: the payout and its explanation appear here." in form and "Fill in the hand" not in form
    czech = make_table(hands=[{"povinnost": "Anna", "partner": "Cyril", "points": 63}])
    page = text_of(client.get(reverse("hand", args=[czech.edit_token, 1]), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Edit this hand" in page and "Delete this hand" in page and "this round" not in page

"""Bauernschnapsen and Dreierschnapsen at the table: a normal game in three taps on the table page, a special
contract on the hand form, the Kontra levels as said at the table, only the contracts the table's rules give a value,
the preview naming every figure's BS rule, the Bummerl under way drawn as each side's column of figures."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_table, visible_text

pytestmark = pytest.mark.django_db
FOUR = ("Anna", "Bert", "Cilli", "Dieter")
THREE = ("Anna", "Bert", "Cilli")


def text(response) -> str:
    return visible_text(response.content.decode())


def tapped(page: str, name: str) -> list[str]:
    """The values a tap choice (radio) or a tap-to-save button named ``name`` offers on the page."""
    radios = re.findall(rf'<input type="radio"\s+name="{name}" value="([^"]*)"', page)
    buttons = re.findall(rf'<button[^>]*name="{name}" value="([^"]*)"', page)
    return radios + buttons


def test_a_normal_game_is_three_taps_on_the_table_page(client):
    """The Rufer, won, 2: each a tap on the table page, the third one saves; both partners score it."""
    table = make_table(game="bauernschnapsen", players=FOUR)
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert tapped(page, "declarer") == list(FOUR)
    assert tapped(page, "won") == ["yes", "no"]
    assert tapped(page, "game_points") == ["1", "2", "3"]
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"version": table.version, "declarer": "Bert", "won": "yes", "game_points": "2"},
    )
    assert response.status_code == 302
    hand = table.hands.get()
    assert hand.data == {"contract": "normal", "declarer": "Bert", "won": True, "game_points": 2}
    assert hand.scores == [0, 2, 0, 2]


def test_a_special_contract_is_contract_declarer_won_and_the_kontra_level(client):
    """B8: Anna's Bauernschnapser lost, gspritzt: 24 to Bert and Dieter, who win the Bummerl; Anna and Cilli at 0
    get a Schneider, two Bummerl each, shown beside both partners and in their team's column."""
    table = make_table(game="bauernschnapsen", players=FOUR)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "bauernschnapser", "declarer": "Anna", "won": "no", "kontra": "1", "save": "1"},
    )
    assert response.status_code == 302
    assert table.hands.get().scores == [0, 24, 0, 24]
    client.cookies["django_language"] = "de"
    page = text(client.get(reverse("table", args=[table.edit_token])))
    assert page.count("2 Bummerl") == 2, page  # beside Anna's total and Cilli's
    assert "Anna & Cilli" in page and "Verlorene Bummerl, je: 2" in page


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_preview_explains_every_figure_by_its_bs_rule(client, language):
    table = make_table(game="bauernschnapsen", players=FOUR)
    client.cookies["django_language"] = language
    response = client.post(
        reverse("preview", args=[table.edit_token]),
        {"contract": "bettler", "declarer": "Bert", "won": "no", "kontra": "2"},
        HTTP_HX_REQUEST="true",
    )
    page = text(response)
    # B6: Bettler 4, lost, Kontra and Re: 4 × 4 = 16 to Anna and Cilli
    for rule in ("BS3", "BS5", "BS6", "BS8"):
        assert rule in page, (rule, page)
    assert "4 × 4 = 16" in page
    assert "Zruckgspritzt" in page


def test_a_contract_worth_nothing_at_the_table_is_not_offered(client):
    standard = make_table(game="bauernschnapsen", players=FOUR)
    page = client.get(reverse("record_hand", args=[standard.edit_token])).content.decode()
    assert "bettler" in tapped(page, "contract") and "plauderer" not in tapped(page, "contract")
    house = make_table(game="dreierschnapsen", players=THREE, rules={"value_plauderer": 7, "value_bettler": 0})
    page = client.get(reverse("record_hand", args=[house.edit_token])).content.decode()
    assert "plauderer" in tapped(page, "contract") and "bettler" not in tapped(page, "contract")
    assert "Plauderer\u00a07" in page
    response = client.post(
        reverse("record_hand", args=[house.edit_token]),
        {"contract": "bettler", "declarer": "Anna", "won": "yes", "save": "1"},
    )
    assert response.status_code == 200 and not house.hands.exists()


def test_the_kontra_levels_go_as_high_as_the_table_allows(client):
    table = make_table(game="bauernschnapsen", players=FOUR)
    page = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    assert tapped(page, "kontra") == ["0", "1", "2", "3"]
    assert "Gspritzt (Kontra, ×2)" in page and "Zruckgspritzt (Re, ×4)" in page
    none = make_table(game="bauernschnapsen", players=FOUR, rules={"max_kontra": 0})
    assert tapped(client.get(reverse("record_hand", args=[none.edit_token])).content.decode(), "kontra") == []
    app = make_table(game="bauernschnapsen", players=FOUR, rules={"preset": "bummerlzaehler"})
    assert tapped(client.get(reverse("record_hand", args=[app.edit_token])).content.decode(), "kontra")[-1] == "5"


@pytest.mark.parametrize(("language", "words"), [("en", "cannot be lost"), ("de", "kann nicht verloren werden")])
def test_a_lost_farbenringerl_is_refused_beside_won(client, language, words):
    table = make_table(game="bauernschnapsen", players=FOUR)
    client.cookies["django_language"] = language
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "farbenringerl", "declarer": "Dieter", "won": "no", "save": "1"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    won = re.search(r"<legend>[^<]*</legend>\s*<div[^>]*>.*?</fieldset>", page[page.index('name="won"') - 600 :], re.S)
    assert won and words in visible_text(won.group(0))
    assert not table.hands.exists()


def test_the_losing_sides_points_work_out_the_game_points(client):
    """D2: Anna's normal game lost, Anna had 20 and a trick: 2 to each defender."""
    table = make_table(game="dreierschnapsen", players=THREE)
    response = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "normal", "declarer": "Anna", "won": "no", "loser_points": "20", "save": "1"},
    )
    assert response.status_code == 302
    assert table.hands.get().scores == [0, 2, 2]


def test_editing_a_hand_shows_what_was_recorded(client):
    hand = {"contract": "normal", "declarer": "Cilli", "won": False, "loser_points": 12, "loser_had_trick": True}
    table = make_table(
        game="bauernschnapsen",
        players=FOUR,
        hands=[hand, {"contract": "gang", "declarer": "Bert", "won": True, "kontra": 1}],
    )
    page = client.get(reverse("edit_hand", args=[table.edit_token, 1])).content.decode()
    assert re.search(r'name="loser_points" value="12"', page)
    assert re.search(r'value="Cilli"[^>]*checked', page) and re.search(r'name="won" value="no"[^>]*checked', page)
    page = client.get(reverse("edit_hand", args=[table.edit_token, 2])).content.decode()
    assert re.search(r'name="contract" value="gang"[^>]*checked', page)
    assert re.search(r'name="kontra" value="1"[^>]*checked', page)


def sent_by_save(page: str) -> dict[str, str]:
    """What a browser sends when the hand form's Save is pressed: its hidden and typed fields, the checked taps;
    a tap-to-save button (1, 2, 3) only when it is the one pressed, so none of them."""
    form = re.search(r'<form[^>]*method="post".*?name="save".*?</form>', page, re.S).group(0)
    sent = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]*)"', tag).group(1)
        if name and value and (kind not in ("radio", "checkbox") or "checked" in tag):
            sent[name.group(1)] = value.group(1)
    return sent | {"save": "1"}


@pytest.mark.parametrize(("game", "players"), [("bauernschnapsen", FOUR), ("dreierschnapsen", THREE)])
def test_an_edit_that_changes_only_the_rufer_keeps_the_recorded_game_points(client, game, players):
    """Recorded by the quick entry (Bert, won, 2), edited to Anna's and saved: it was refused with "Tap 1, 2 or 3",
    the recorded 2 shown pressed but not sent. The 2 is kept and goes to Anna's side now; a tap still changes it."""
    table = make_table(game=game, players=players)
    quick = {"version": table.version, "declarer": "Bert", "won": "yes", "game_points": "2"}
    assert client.post(reverse("record_hand", args=[table.edit_token]), quick).status_code == 302
    edit = reverse("edit_hand", args=[table.edit_token, 1])
    page = client.get(edit).content.decode()
    assert re.search(r'name="game_points" value="2" aria-pressed="true"', page)
    sent = sent_by_save(page)
    assert "game_points" not in sent and sent["declarer"] == "Bert"
    response = client.post(edit, sent | {"declarer": "Anna"})
    assert "Tap 1, 2 or 3" not in response.content.decode()
    assert response.status_code == 302
    hand = table.hands.get()
    assert hand.data == {"contract": "normal", "declarer": "Anna", "won": True, "game_points": 2}
    assert hand.scores == ([2, 0, 2, 0] if game == "bauernschnapsen" else [2, 0, 0])
    page = client.get(edit).content.decode()
    response = client.post(edit, sent_by_save(page) | {"game_points": "3"})  # a tap of 3 saves 3
    assert response.status_code == 302 and table.hands.get().data["game_points"] == 3
    page = client.get(edit).content.decode()
    typed = sent_by_save(page) | {"loser_points": "40"}  # the losing side's points typed replace it too
    assert client.post(edit, typed).status_code == 302
    assert table.hands.get().data == {
        "contract": "normal",
        "declarer": "Anna",
        "won": True,
        "loser_points": 40,
        "loser_had_trick": True,
    }


@pytest.mark.parametrize(
    ("rules", "heading", "figures"),
    [({}, "to 24", ["0", "6"]), ({"preset": "countdown"}, "from 24 down to 0", ["24", "18"])],
)
def test_the_bummerl_under_way_is_each_sides_column_of_figures(client, rules, heading, figures):
    """B12: a Schnapser won by Dieter: his team's column strikes 0 and writes 6, or counting down 24 and 18."""
    table = make_table(
        game="bauernschnapsen",
        players=FOUR,
        rules=rules,
        hands=[{"contract": "schnapser", "declarer": "Dieter", "won": True}],
    )
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert heading in visible_text(page)
    column = re.search(r'<ol class="strokes" data-mark="sheet" data-player="1"[^>]*>(.*?)</ol>', page, re.S).group(1)
    assert re.findall(r"<li[^>]*>(\d+)</li>", column) == figures
    assert '<li class="struck">' + figures[0] in column


def test_a_dreier_hands_explanation_in_german_agrees_with_one_player(client):
    """D2 then a Herrenschnapser: Anna alone lost (no plural verb for one player), Bert alone wins the Bummerl, and
    the Herrenschnapser (der) like the Farbenringerl (das) is "dieses Spiel", not "er"."""
    table = make_table(
        game="dreierschnapsen",
        players=THREE,
        hands=[
            {"contract": "normal", "declarer": "Anna", "won": False, "loser_points": 20, "loser_had_trick": True},
            {"contract": "herrenschnapser", "declarer": "Bert", "won": True},
        ],
    )
    client.cookies["django_language"] = "de"
    lost = text(client.get(reverse("hand", args=[table.edit_token, 1])))
    assert "Anna mit 20 (unter 33) und einem Stich: 2." in lost
    bummerl = text(client.get(reverse("hand", args=[table.edit_token, 2])))
    assert "Bert erreicht 24 und gewinnt das Bummerl." in bummerl
    assert "Dieses Spiel kann nicht verloren werden: die Karten werden vorgezeigt, nicht ausgespielt." in bummerl
    assert "erreichen" not in bummerl and "Er kann" not in bummerl


def test_every_contracts_tap_fits_a_360_px_phone(client):
    """ "Kontrabauernschnapser 24" in one unbreakable run is wider than a tap at 360 px (it stuck out of the form),
    and a word broken at a hyphen inside a tap reads as broken: the longest name keeps its value on a line of its own
    where the tap is narrow (a plain space), the name itself whole (21 letters fit a tap at 360 px; the shorter names
    keep their value beside them, joined by a no-break space). The player reads the same words."""
    table = make_table(game="bauernschnapsen", players=FOUR)
    page = client.get(reverse("record_hand", args=[table.edit_token])).content.decode()
    labels = re.findall(r'name="contract" value="[^"]*"[^>]*>\s*<span>([^<]*)</span>', page)
    assert len(labels) == 10
    assert not [label for label in labels if "\u00ad" in label]  # no word broken at a hyphen
    assert "Kontrabauernschnapser 24" in labels  # a plain space: the value may go to the next line
    assert "Herrenschnapser\u00a024" in labels  # a short name keeps its value beside it
    runs = [run for label in labels for run in label.split(" ")]  # where a line may break
    assert max(len(run) for run in runs) <= len("Kontrabauernschnapser"), max(runs, key=len)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "a losing side with 32 gives the winners 2 with the line at 33, 1 with it at 31."),
        ("de", "haben die Verlierer 32, schreiben die Gewinner mit der Grenze 33 eine 2, mit der Grenze 31 eine 1."),
    ],
)
def test_the_one_point_line_options_example_says_whose_32_it_is(client, language, words):
    """It read "with 32 the winners score 2 at 33, 1 at 31": 32 of whom, 33 of what? The losing side's 32 card
    points, against the line at 33 or at 31."""
    client.cookies["django_language"] = language
    page = " ".join(text(client.get(reverse("new_table_for", args=["bauernschnapsen"]))).split())
    assert words in page

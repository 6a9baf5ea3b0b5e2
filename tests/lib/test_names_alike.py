"""Names that look the same are one name; a right-to-left override in a name cannot reorder what is around it;
a table's or circle's name holds no control character; an imported document cannot carry what the form refuses."""

import json
import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.contract.names import names_problem
from games.lib.names import name_key, tidy_name
from games.models import Circle, Table

from ..factories import make_table

pytestmark = pytest.mark.django_db
RLO = "\u202e"
NFD_BARA = "Ba\u0301ra"


def new_table(client, *names, name=""):
    data = {f"player_{i}": n for i, n in enumerate(names, start=1)}
    return client.post(reverse("new_table_for", args=["two-ten-jack"]), {**data, "name": name})


# ---- the rule, pure ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("Anna\u200b", "Anna"),
        (NFD_BARA, "Bára"),
        ("Anna  Marie", "Anna Marie"),
        (" Anna ", "Anna"),
        (f"Ev{RLO}a", "Eva"),
    ],
)
def test_a_typed_name_is_tidied(typed, kept):
    assert tidy_name(typed) == kept


@pytest.mark.parametrize("one, other", [("Anna", "Anna\u200b"), ("Bára", NFD_BARA), ("Anna", "anna"), ("Anna", "ANNA")])
def test_names_that_look_alike_are_one_name(one, other):
    assert name_key(one) == name_key(other)
    assert names_problem([one, tidy_name(other)]) is not None


@pytest.mark.parametrize(
    "one, other",
    [
        ("Иван", "ИВАН"),
        ("Анна", "АННА"),
        ("Αννα", "ΑΝΝΑ"),
        ("Аnna", "АNNA"),
        ("Άννα", "ΑΝΝΑ"),
        ("Κώστας", "ΚΩΣΤΑΣ"),
        ("İsmail", "ismail"),
        ("Işık", "IŞIK"),
        ("Zoё", "Zoë"),
    ],
)
def test_names_in_other_scripts_that_differ_in_case_are_one_name(one, other):
    assert name_key(one) == name_key(other)


LETTERS = "".join(map(chr, [*range(0x41, 0x5B), *range(0x410, 0x450), *range(0x391, 0x3AA), *range(0x3B1, 0x3CA)]))


@given(st.text(alphabet=LETTERS.replace("\u03a2", ""), min_size=1, max_size=12))
def test_a_name_in_capitals_is_the_same_name(name):
    assert name_key(name.upper()) == name_key(name.lower()) == name_key(name)


@pytest.mark.parametrize("one, other", [("Bára", "Bara"), ("Zoë", "Zoe"), ("Šárka", "Sarka"), ("Ivan", "Iwan")])
def test_an_accent_on_a_latin_letter_still_tells_names_apart(one, other):
    """Two real people may differ only by an accent (Bára, Bara): only Greek accents, which capitals drop, and
    the Turkish İ's dot are silent."""
    assert name_key(one) != name_key(other)


def test_different_names_are_fine():
    assert names_problem(["Anna", "Bára", "Anička"]) is None


# ---- wherever names are entered --------------------------------------------------------------------


@pytest.mark.parametrize("second", ["Anna\u200b", "anna", "Anna "])
def test_a_new_table_refuses_a_name_twice_that_only_looks_different(client, second):
    response = new_table(client, "Anna", second, "Cyril")
    assert response.status_code == 200 and not Table.objects.exists()
    assert response.context["form"].errors["player_2"]


def test_a_new_table_refuses_a_cyrillic_name_twice_in_capitals(client):
    response = new_table(client, "Иван", "ИВАН", "Олег")
    assert response.status_code == 200 and not Table.objects.exists()
    assert response.context["form"].errors["player_2"]


def test_nfc_and_nfd_bara_are_one_player(client):
    response = new_table(client, "Bára", NFD_BARA)
    assert response.context["form"].errors["player_2"] and not Table.objects.exists()


def test_a_new_table_keeps_names_tidied(client):
    new_table(client, "Anna\u200b", NFD_BARA, "Cyril  Novák")
    assert Table.objects.get().players == ["Anna", "Bára", "Cyril Novák"]


def test_a_names_length_counts_the_letters_it_keeps(client):
    """Forty letters typed decomposed (80 code points) or one letter with forty zero-width spaces is a name of 40
    letters, or of one: taken, as kept. Forty-one letters are refused beside the field."""
    new_table(client, "a\u0301" * 40, "A" + "\u200b" * 40, "Cyril")
    assert Table.objects.get().players == ["á" * 40, "A", "Cyril"]
    response = new_table(client, "Anna", "b" * 41)
    [said] = response.context["form"].errors["player_2"]  # once, not also as Django's "at most 40 characters"
    assert "41" in said and Table.objects.count() == 1


def test_the_browser_lets_a_decomposed_name_of_forty_letters_be_typed(client):
    page = client.get(reverse("new_table_for", args=["two-ten-jack"])).content.decode()
    assert re.search(r'<input[^>]*name="player_1"[^>]*maxlength="80"', page)


def test_a_rename_counts_the_letters_it_keeps(client):
    table = make_table(game="two-ten-jack", players=("Anna", "Ben"))
    client.post(reverse("rename_player", args=[table.edit_token]), {"old": "Ben", "new": "e\u0301" * 40, "version": 0})
    assert Table.objects.get().players == ["Anna", "é" * 40]


def test_an_optional_name_with_nothing_visible_is_refused_not_dropped(client):
    response = new_table(client, "Anna", "Ben", "\u200b")
    assert response.context["form"].errors["player_3"] and not Table.objects.exists()


def test_a_name_with_nothing_visible_is_refused(client):
    response = new_table(client, "Anna", "\u200b\u200b")
    assert response.context["form"].errors["player_2"] and not Table.objects.exists()


def test_renaming_to_a_name_that_only_looks_different_is_refused(client):
    table = make_table(game="two-ten-jack", players=("Anna", "Ben"))
    for new in ("anna", "Anna\u200b", "ANNA"):
        response = client.post(
            reverse("rename_player", args=[table.edit_token]), {"old": "Ben", "new": new, "version": str(table.version)}
        )
        assert response.context["rename_form"].errors["new"]
    table.refresh_from_db()
    assert table.players == ["Anna", "Ben"]


def test_a_rename_may_fix_a_players_capitals(client):
    table = make_table(game="two-ten-jack", players=("anna", "Ben"))
    client.post(
        reverse("rename_player", args=[table.edit_token]),
        {"old": "anna", "new": "Anna\u200b", "version": str(table.version)},
    )
    table.refresh_from_db()
    assert table.players == ["Anna", "Ben"]


@pytest.mark.parametrize(
    "players, error",
    [
        (["Anna", "Anna\u200b"], "invisible"),
        (["Bára", NFD_BARA], "NFC"),
        (["Anna", "anna"], "same name"),
        (["Anna  Marie", "Ben"], "spaces"),
    ],
)
def test_an_imported_document_cannot_carry_what_the_form_refuses(client, players, error):
    doc = json.dumps({"game": "two-ten-jack", "players": players, "hands": []})
    response = client.post(reverse("import"), {"document": doc})
    assert not Table.objects.exists()
    message = response.context["form"].errors["document"][0]
    assert message.startswith("players: ") and error in message


def test_a_circle_refuses_two_spellings_of_one_name(client):
    response = client.post(reverse("new_circle"), {"name": "Friday", "players": "Anna\nanna\nBen"})
    assert response.context["form"].errors["players"] and not Circle.objects.exists()


def test_a_circle_keeps_names_tidied_and_once(client):
    client.post(reverse("new_circle"), {"name": "Friday", "players": "Anna\nAnna\u200b\n" + NFD_BARA})
    assert Circle.objects.get().players == ["Anna", "Bára"]


# ---- table and circle names --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Friday\tnight", "Friday\nnight", "Friday\x1b[31m", "Friday\x7f"])
def test_a_table_name_refuses_control_characters(client, name):
    response = new_table(client, "Anna", "Ben", name=name)
    assert response.context["form"].errors["name"] and not Table.objects.exists()


@pytest.mark.parametrize("name", ["Friday\tnight", "Friday\nnight", "Friday\x1b", "Friday\x7f"])
def test_a_circle_name_refuses_control_characters(client, name):
    response = client.post(reverse("new_circle"), {"name": name, "players": "Anna"})
    assert response.context["form"].errors["name"] and not Circle.objects.exists()


def test_settings_refuse_a_table_name_with_a_control_character(client):
    table = make_table(game="two-ten-jack", players=("Anna", "Ben"))
    response = client.post(
        reverse("settings", args=[table.edit_token]), {"name": "Fri\tday", "version": str(table.version)}
    )
    assert response.context["form"].errors["name"]
    table.refresh_from_db()
    assert table.name == ""


# ---- isolation ---------------------------------------------------------------------------------------


def circle_with_an_override(client):
    evil = f"{RLO}Eve"
    circle = Circle.objects.create(name="Friday", players=[evil, "Ben"])
    table = make_table(
        game="two-ten-jack", players=(evil, "Ben"), hands=[{"captured": {evil: ["2H"], "Ben": ["10H"]}}] * 1
    )
    table.circle = circle
    table.save(update_fields=["circle"])
    session = client.session
    session["circles"] = [circle.pk]
    session.save()
    return circle, evil


def test_circle_statistics_isolate_names(client):
    circle, evil = circle_with_an_override(client)
    page = client.get(reverse("circle", args=[circle.token])).content.decode()
    assert f"<h3><bdi>{evil}</bdi> <span" in page
    assert f"<li><bdi>{evil}</bdi></li>" in page
    outside_forms = re.sub(r"<textarea.*?</textarea>|<option.*?</option>|\"[^\"]*\"", "", page, flags=re.S)
    assert evil not in outside_forms.replace(f"<bdi>{evil}</bdi>", "").replace(f"\u2068{evil}\u2069", ""), (
        "a name shown without its isolation"
    )


def test_the_home_pages_circles_isolate_names(client):
    _circle, evil = circle_with_an_override(client)
    page = client.get(reverse("home")).content.decode()
    assert f"<bdi>{evil}</bdi>, <bdi>Ben</bdi>" in page


def test_the_rename_message_isolates_names(client):
    table = make_table(game="two-ten-jack", players=("Anna", "Ben"))
    response = client.post(
        reverse("rename_player", args=[table.edit_token]),
        {"old": "Ben", "new": "Ben Novák", "version": str(table.version)},
        follow=True,
    )
    assert "\u2068Ben\u2069 is now called \u2068Ben Novák\u2069" in response.content.decode()


def test_a_charts_end_label_isolates_the_name_from_its_total():
    from games.lib.charts import running_totals_chart

    chart = running_totals_chart([f"{RLO}Eve", "Ben"], [[1, -1], [3, -3]])
    assert {end["title"] for end in chart["ends"]} == {f"\u2068{RLO}Eve\u2069 3", "\u2068Ben\u2069 \u22123"}


@pytest.mark.parametrize("players", ["Anna\n\u200b\u200b\nCyril", "\u200b"])
def test_a_circles_line_of_invisible_characters_is_refused_not_dropped(client, players):
    response = client.post(reverse("new_circle"), {"name": "Stammtisch", "players": players})
    assert response.status_code == 200 and response.context["form"].errors["players"]
    assert not Circle.objects.exists()

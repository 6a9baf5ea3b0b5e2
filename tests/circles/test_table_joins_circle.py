"""An existing table joins a circle: from the table's settings (the circle's edit link pasted, or one of this phone's
circles chosen) or from the circle's page (one of this phone's tables). Only edit links may do it."""

import pytest
from django.urls import reverse

from games.tables import services

from ..factories import make_circle, make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db


def join(client, table, **data):
    return client.post(reverse("join_circle", args=[table.edit_token]), data)


def test_pasting_the_circles_edit_link_adds_the_table_and_the_circle_page_lists_it(client):
    table, circle = make_table(name="Friday", hands=[team_hand()]), make_circle()
    response = join(client, table, link=f"https://talon.example.org/c/{circle.token}/")
    assert response.status_code == 302
    table.refresh_from_db()
    circle.refresh_from_db()
    assert table.circle == circle
    assert circle.players == ["Anna", "Bára", "Cyril", "Dana"]  # whoever sat down joins the circle
    assert "Friday" in visible_text(client.get(reverse("circle", args=[circle.token])).content.decode())
    assert "Friday" in visible_text(client.get(reverse("circle_view", args=[circle.view_token])).content.decode())


def test_the_token_alone_will_do(client):
    table, circle = make_table(), make_circle()
    join(client, table, link=f"  {circle.token} ")
    table.refresh_from_db()
    assert table.circle == circle


def test_one_of_this_phones_circles_can_be_chosen(client):
    table, circle = make_table(), make_circle(name="Sundays")
    client.get(reverse("circle", args=[circle.token]))  # this phone opened the circle by its edit link
    page = client.get(reverse("settings", args=[table.edit_token])).content.decode()
    assert f'<option value="{circle.pk}">Sundays</option>' in page
    join(client, table, known=str(circle.pk))
    table.refresh_from_db()
    assert table.circle == circle


def test_a_circle_this_phone_never_opened_cannot_be_chosen_by_its_number(client):
    table, circle = make_table(), make_circle()
    response = join(client, table, known=str(circle.pk))
    assert response.status_code == 200
    table.refresh_from_db()
    assert table.circle is None


@pytest.mark.parametrize("link", ["view", "nonsense", "unknown", ""])
def test_a_view_link_or_a_wrong_link_is_refused_beside_the_field(client, link):
    table, circle = make_table(), make_circle()
    text = {
        "view": f"http://192.168.1.20:8000/cv/{circle.view_token}/",
        "nonsense": "hello <b>",
        "unknown": "http://x/c/" + "A" * 32 + "/",
        "": "",
    }[link]
    response = join(client, table, link=text)
    assert response.status_code == 200
    page = response.content.decode()
    error = page[page.index('id="id_link_error"') :]
    message = {
        "view": "view link",
        "nonsense": "No circle at this link",
        "unknown": "No circle at this link",
        "": "Paste a circle",
    }[link]
    assert message in error[: error.index("</ul>")]
    table.refresh_from_db()
    assert table.circle is None


def test_a_tables_view_link_cannot_add_it_to_a_circle(client):
    table, circle = make_table(), make_circle()
    assert client.post(f"/v/{table.view_token}/circle/", {"link": circle.token}).status_code == 404
    table.refresh_from_db()
    assert table.circle is None


def test_the_circle_page_adds_one_of_this_phones_tables(client):
    table, circle = make_table(name="Friday"), make_circle()
    client.get(reverse("table", args=[table.edit_token]))  # on this phone's list
    page = client.get(reverse("circle", args=[circle.token])).content.decode()
    assert f'<option value="{table.pk}">Friday</option>' in page
    response = client.post(reverse("circle_add_table", args=[circle.token]), {"table": table.pk})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.circle == circle


def test_the_circle_page_cannot_add_a_table_this_phone_does_not_hold(client):
    table, circle = make_table(), make_circle()
    response = client.post(reverse("circle_add_table", args=[circle.token]), {"table": table.pk})
    assert response.status_code == 200
    assert 'id="id_table_error"' in response.content.decode()
    table.refresh_from_db()
    assert table.circle is None


def test_the_circles_view_link_cannot_add_a_table(client):
    table, circle = make_table(), make_circle()
    client.get(reverse("table", args=[table.edit_token]))
    page = client.get(reverse("circle_view", args=[circle.view_token])).content.decode()
    assert "circle_add_table" not in page and "/tables/" not in page
    assert client.post(f"/cv/{circle.view_token}/tables/", {"table": table.pk}).status_code == 404
    assert client.post(f"/c/{circle.view_token}/tables/", {"table": table.pk}).status_code == 404
    table.refresh_from_db()
    assert table.circle is None


@pytest.mark.parametrize("way", ["table's settings", "circle's page"])
def test_a_table_whose_player_is_a_circle_player_written_otherwise_is_refused_until_renamed(client, way):
    """ "anna" at the table and "Anna" in the circle are one player: the circle would count two. Said beside the
    field, nothing joins; once renamed at the table as the circle writes her, it joins."""
    circle = make_circle()  # Anna, Bára
    table = make_table(name="Friday", players=["anna", "Bára", "Cyril", "Dana"], hands=[team_hand(povinnost="anna")])
    client.get(reverse("table", args=[table.edit_token]))  # on this phone's list

    def add():
        if way == "table's settings":
            return join(client, table, link=circle.token)
        return client.post(reverse("circle_add_table", args=[circle.token]), {"table": table.pk})

    response = add()
    assert response.status_code == 200
    text = visible_text(response.content.decode()).replace("\u2068", "").replace("\u2069", "")  # names isolated
    assert "anna at this table is Anna in the circle: rename the player at the table first" in text
    table.refresh_from_db()
    circle.refresh_from_db()
    assert table.circle is None and circle.players == ["Anna", "Bára"]
    services.rename_player(table, "anna", "Anna")
    assert add().status_code == 302
    table.refresh_from_db()
    assert table.circle == circle


def rename(client, table, old, new):
    return client.post(
        reverse("rename_player", args=[table.edit_token]), {"old": old, "new": new, "version": table.version}
    )


def test_a_player_at_a_circles_table_cannot_be_renamed_to_a_circle_players_name_written_otherwise(client):
    """The circle would count "ANNA" and its "Anna" as two players: said beside the new name, nothing renamed; the
    circle's own spelling is taken."""
    circle = make_circle()  # Anna, Bára
    table = services.create_table(game="czech-taroky", players=["Eva", "Bára", "Cyril", "Dana"], circle=circle)
    services.record_hand(table, team_hand(povinnost="Eva"))
    table.refresh_from_db()
    response = rename(client, table, "Eva", "ANNA")
    assert response.status_code == 200
    text = visible_text(response.content.decode()).replace("\u2068", "").replace("\u2069", "")
    assert (
        "The circle has this player as Anna: write the name exactly so, and the circle counts them as one player."
        in text
    )
    table.refresh_from_db()
    assert table.players == ["Eva", "Bára", "Cyril", "Dana"]
    assert rename(client, table, "Eva", "Anna").status_code == 302
    table.refresh_from_db()
    assert table.players == ["Anna", "Bára", "Cyril", "Dana"] and set(table.totals) == set(table.players)


def test_a_name_new_to_the_circle_given_at_its_table_joins_the_circle():
    circle = make_circle()  # Anna, Bára
    table = services.create_table(game="czech-taroky", players=["Anna", "Bára", "Cyril", "Dana"], circle=circle)
    services.rename_player(table, "Dana", "Zdeňka")
    circle.refresh_from_db()
    assert circle.players == ["Anna", "Bára", "Cyril", "Dana", "Zdeňka"]  # Dana stays: other tables may name her


def test_a_new_table_in_a_circle_writes_a_circle_player_as_the_circle_does():
    """ "anna" typed for a new table of the circle is its "Anna" (nothing is recorded yet to keep as typed)."""
    circle = make_circle()  # Anna, Bára
    table = services.create_table(game="czech-taroky", players=["anna", "BÁRA", "Cyril", "Dana"], circle=circle)
    assert table.players == ["Anna", "Bára", "Cyril", "Dana"]
    circle.refresh_from_db()
    assert circle.players == ["Anna", "Bára", "Cyril", "Dana"]

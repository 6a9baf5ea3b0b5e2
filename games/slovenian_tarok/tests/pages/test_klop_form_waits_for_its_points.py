"""The klop form's live preview does not complain about points nobody has entered yet, never shows "null", and
says whose points are still to enter; the phone's own preview (games.offline.phone) says the same."""

import pytest
from django.urls import reverse

from games.contract.words import InvalidHand
from games.slovenian_tarok import engine as st
from games.slovenian_tarok.entry import to_data
from tests.factories import make_table, visible_text

pytestmark = pytest.mark.django_db
THREE = ("Ana", "Bojan", "Cene")
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.parametrize("typed", [{}, {"klop_0": "30"}])
def test_the_preview_names_whose_points_are_still_to_enter(client, typed):
    table = make_table(game="slovenian-tarok", players=THREE)
    response = client.post(reverse("preview", args=[table.edit_token]), {"contract": "klop", **typed}, **HTMX)
    text = " ".join(visible_text(response.content.decode()).split())
    assert "null" not in text and "must be card points" not in text
    still = ["Bojan", "Cene"] if typed else ["Ana", "Bojan", "Cene"]
    assert f"card points still to enter: {', '.join(still)}" in text


def test_a_klop_form_with_empty_fields_leaves_those_players_out():
    fields = {"contract": "klop", "klop_0": 30, "klop_0_third": "0", "klop_1": None, "klop_2": None}
    assert to_data(fields, list(THREE)) == {"contract": "klop", "klop": {"Ana": 30}}


def test_the_engine_lists_whose_klop_points_are_missing():
    with pytest.raises(InvalidHand) as refused:
        st.parse_hand({"contract": "klop", "klop": {"Ana": 30, "Bojan": None}}, THREE, st.parse_rules({}, THREE))
    assert refused.value.field == "klop" and refused.value.message() == "card points still to enter: Bojan, Cene"

"""A Preisschnapsen of Bauernschnapsen (issue 47): tables of four, partners opposite, a round played in Talon; the
standings rank by the game's own ranking, the fewest lost Bummerl first, in the players' words."""

import pytest
from django.urls import reverse

from games.models import Round
from games.tables import services
from games.tournaments import engine
from games.tournaments import services as service

from ..factories import visible_text

pytestmark = pytest.mark.django_db
EIGHT = ["Ana", "Bojan", "Cene", "Dora", "Eva", "Franc", "Gal", "Hana"]


@pytest.mark.parametrize(("language", "column"), [("en", "lost Bummerl"), ("de", "verlorene Bummerl")])
def test_the_standings_of_a_preisschnapsen_are_the_fewest_lost_bummerl(client, language, column):
    settings = {**engine.PRESETS["preisschnapsen"], "draw": {"first": "random", "later": "random", "seed": 7}}
    settings = {key: value for key, value in settings.items() if key != "game"}
    tournament = service.create_tournament(
        name="Preisschnapsen Gasthaus Hirsch", game="bauernschnapsen", preset="preisschnapsen", settings=settings
    )
    service.register(tournament, [(name, None) for name in EIGHT])
    service.draw_round(tournament, 1)
    round_ = service.start_round(Round.objects.get(tournament=tournament, number=1))
    winners = set()
    for round_table in round_.tables.select_related("table"):
        table = round_table.table
        assert len(table.players) == 4 and table.game == "bauernschnapsen"
        services.record_hand(table, {"contract": "herrenschnapser", "declarer": table.players[0], "won": True})
        services.record_hand(table, {"closing": True})
        winners |= {table.players[0], table.players[2]}
    client.cookies["django_language"] = language
    page = visible_text(client.get(reverse("tournament", args=[tournament.public_token])).content.decode())
    assert column in page
    rows = engine.standings(service.load(tournament))
    assert {row.name for row in rows if row.place == 1} == winners and len(winners) == 4
    assert {row.measure for row in rows if row.name not in winners} == {2}  # a Schneider on each partner

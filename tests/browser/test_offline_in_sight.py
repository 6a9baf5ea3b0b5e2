"""What a phone without signal keeps is in sight (issue 44): a hand the server refused, whatever its reason, is
shown apart with that reason; a choice put off follows the server once it answers; a hand whose Save went unheard is
listed once; what needs signal is said once, where it is; the phone's words follow a language switched while its
engine starts; a game's own markup in the round's line stays."""

import pytest
from playwright.sync_api import expect

from games.models import Round
from games.tables import services
from games.tournaments import services as tournament_service

from .phone import keep
from .test_offline import context, record_offline, waiting  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=30_000)


def tournament_table(hands=3):
    """A Slovenian Tarok tournament's table of three, its round started with a limit of ``hands`` hands."""
    tournament = tournament_service.create_tournament(
        name="DP Šmarjetna",
        game="slovenian-tarok",
        preset="tarzs",
        settings={
            "rules": {},
            "table_size": 3,
            "rounds": 1,
            "round_limit": {"hands": hands, "minutes": 90},
            "scoring": {"measure": "place-points", "place_points": [2, 1, 0.5], "tie_breaks": ["score"]},
            "draw": {"first": "seeded-thirds", "later": "by-standings", "seed": 2026},
        },
    )
    tournament_service.register(tournament, [(name, None) for name in ["Ana", "Bojan", "Cene"]])
    tournament_service.draw_round(tournament, 1)
    round_ = tournament_service.start_round(Round.objects.get(tournament=tournament, number=1))
    return round_, round_.tables.get().table


def test_a_hand_refused_because_the_round_closed_meanwhile_is_shown_with_its_reason(context):  # noqa: F811
    """Recorded without signal; meanwhile another phone records a hand and the director closes the round: once the
    server answers, the phone's hand is shown apart, "not accepted", with the server's reason, out of the totals, and
    so after a reload, until the player deletes it (as a hand past the round's limit is)."""
    round_, table = tournament_table()
    page = context.new_page()
    keep(page, table)
    context.set_offline(True)
    page.goto(f"/t/{table.edit_token}/")
    beggar = {"contract": "beggar", "declarer": "Ana", "won": True}
    record_offline(page, "slovenian-tarok", table, beggar, None)
    services.record_hand(table, {**beggar, "declarer": "Bojan"})  # the second phone, with signal
    tournament_service.close_round(round_)  # the director
    context.set_offline(False)
    refused = page.locator("tr.pending.refused")
    expect(refused).to_contain_text("round is closed")
    expect(refused).to_contain_text("not accepted by the server")
    expect(page.locator("tr.pending:not(.refused)")).to_have_count(0)
    expect(refused.get_by_role("link", name="Edit")).to_have_count(0)  # no hand goes to a closed round
    page.reload()
    expect(refused).to_contain_text("round is closed")
    expect(page.locator("#offline-banner")).to_contain_text("was not accepted: The server refused this hand")
    table.refresh_from_db()
    assert table.hand_count == 1
    page.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button", name="Delete from this phone").click()
    expect(page.locator("tr.pending")).to_have_count(0)
    assert waiting(page) == 0

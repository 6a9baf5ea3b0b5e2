"""House rules on the phone: what if, penalties and carry-overs, the end of the evening, a new evening, the
Sixty-six draw, a circle's own rules, and the rules page that each explanation step links to."""

import re

import pytest
from django.urls import reverse

from games.engines import table as engine_table
from games.models import Change, Circle, Hand, Table
from games.tables import services

from ..factories import make_table, team_hand, visible_text

pytestmark = pytest.mark.django_db
SLOVENIANS = ("Ana", "Bojan", "Cene", "Dora")
BEGGAR = {"contract": "beggar", "declarer": "Ana", "won": True}  # every player gets a radelc
PAGAT_HAND = team_hand(points=63, pagat={"side": "declarers", "announced": False, "made": True})


def replay(table: Table, rules: dict):
    hands = list(table.hands.filter(deleted=False).order_by("seq").values_list("data", flat=True))
    return engine_table.replay(engine_table.setup(table.game, rules, list(table.players)), hands)


def settle(table: Table, rules: dict) -> dict:
    """What the engine says the table's live hands total under ``rules``: the figures a page must show."""
    return replay(table, rules).totals


# What if -------------------------------------------------------------------------------------------------------


def test_what_if_shows_the_totals_under_another_preset_beside_the_recorded_ones_and_changes_nothing(client):
    table = make_table(hands=[PAGAT_HAND, team_hand(povinnost="Bára", partner="Dana", points=40)])
    before = (table.version, dict(table.totals), list(Hand.objects.values_list("scores", flat=True)))
    would = settle(table, {"preset": "help-text"})
    assert would != table.totals  # the preset pays the I on the end differently: the page has something to show
    page = client.get(reverse("what_if", args=[table.edit_token]), {"preset": "help-text"})
    assert page.status_code == 200
    rows = dict((name, (was, now)) for name, was, now in page.context["totals"])
    assert rows == {p: (table.totals[p], would[p]) for p in table.players}
    text = " ".join(visible_text(page.content.decode()).split())
    recorded = [hand.scores for hand in table.hands.order_by("seq")]
    differ = sum(
        1
        for was, result in zip(recorded, replay(table, {"preset": "help-text"}).results)
        if was != [result.scores[p] for p in table.players]
    )
    assert differ >= 1 and f"{differ} hand{'s' if differ > 1 else ''} would pay differently" in text
    assert re.search(r'<tr class="differs"><th scope="row"><bdi>Anna</bdi>', page.content.decode())
    table.refresh_from_db()
    assert (table.version, table.totals, list(Hand.objects.values_list("scores", flat=True))) == before


def test_what_if_shows_the_lost_bummerl_a_preset_changes_when_no_hands_points_change(client):
    """B10 in Bauernschnapsen: Anna and Cilli led 23 : 0 and lost, a Retourschneider (4 Bummerl each). The
    Bummerlzähler preset has no Retourschneider: the same game points, but 1 Bummerl each, and the Bummerl are
    what is paid for. The page shows them beside the totals."""
    four = ("Anna", "Bert", "Cilli", "Dieter")
    table = make_table(
        game="bauernschnapsen",
        players=four,
        hands=[
            {"contract": "gang", "declarer": "Anna", "won": True},
            {"contract": "bauernschnapser", "declarer": "Anna", "won": True},
            {"contract": "normal", "declarer": "Cilli", "won": True, "game_points": 2},
            {"contract": "kontrabauernschnapser", "declarer": "Bert", "won": True},
        ],
    )
    page = client.get(reverse("what_if", args=[table.edit_token]), {"preset": "bummerlzaehler"})
    assert [(was, would) for _name, was, would in page.context["totals"]] == [(23, 23), (24, 24)] * 2
    text = " ".join(visible_text(page.content.decode()).split())
    assert "Every hand would pay the same." in text
    assert page.context["marks"] == [
        ("lost Bummerl", [("Anna", 4, 1), ("Bert", 0, 0), ("Cilli", 4, 1), ("Dieter", 0, 0)])
    ]
    assert "Lost Bummerl RecordedWhat if Anna 41Bert 00Cilli 41Dieter 00" in text  # cells run together in the text


def test_using_the_what_if_rules_rescores_the_table_keeps_it_in_the_history_and_can_be_undone(client):
    table = make_table(hands=[PAGAT_HAND])
    recorded = dict(table.totals)
    would = settle(table, {"preset": "help-text"})
    response = client.post(
        reverse("what_if", args=[table.edit_token]),
        {"preset": "help-text", "version": table.version, "submission": "s1"},
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.rules == {"preset": "help-text"} and table.totals == would
    history = visible_text(client.get(reverse("history", args=[table.edit_token])).content.decode())
    assert "Step factor ×2 / ×3: yes → no" in " ".join(history.split())
    client.post(reverse("undo", args=[table.edit_token]))
    table.refresh_from_db()
    assert table.rules == {} and table.totals == recorded


def test_what_if_on_a_hand_shows_that_hands_explanation_under_the_other_rules(client):
    table = make_table(hands=[PAGAT_HAND])
    hand = table.hands.get()
    page = client.get(reverse("hand", args=[table.edit_token, hand.seq])).content.decode()
    link = reverse("what_if", args=[table.edit_token]) + f"?hand={hand.seq}"
    assert link in page
    focus = client.get(reverse("what_if", args=[table.edit_token]), {"preset": "help-text", "hand": hand.seq}).context[
        "focus"
    ]
    assert focus["number"] == hand.number
    assert [would for _p, _was, would in focus["scores"]] == [
        settle(table, {"preset": "help-text"})[p] for p in table.players
    ]
    assert any(line.rule == "R8" for line in focus["lines"])


def test_the_view_link_can_ask_what_if_but_not_use_the_rules(client):
    table = make_table(hands=[PAGAT_HAND])
    page = client.get(reverse("view_what_if", args=[table.view_token]), {"preset": "help-text"})
    assert page.status_code == 200 and "Use these rules for this table" not in page.content.decode()
    client.post(reverse("view_what_if", args=[table.view_token]), {"preset": "help-text", "version": table.version})
    table.refresh_from_db()
    assert table.rules == {}


def test_rules_that_cannot_score_the_table_are_explained_not_a_500(client):
    table = make_table(game="slovenian-tarok", players=SLOVENIANS[:3], hands=[BEGGAR])
    page = client.get(reverse("what_if", args=[table.edit_token]), {"rule_difference_rounding": "nonsense"})
    assert page.status_code == 200
    assert page.context["form"].errors


@pytest.mark.parametrize(
    "language, heading", [("en", "What if?"), ("cs", "Co kdyby?"), ("sl", "Kaj če?"), ("de", "Was wäre wenn?")]
)
def test_what_if_speaks_the_players_language(client, language, heading):
    table = make_table(hands=[PAGAT_HAND])
    page = client.get(
        reverse("what_if", args=[table.edit_token]), {"preset": "help-text"}, HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert f"<h1>{heading}</h1>" in page


# Penalties and carry-overs -------------------------------------------------------------------------------------


def test_a_czech_penalty_is_paid_to_each_other_player(client):
    table = make_table(hands=[team_hand()])
    before = dict(table.totals)
    response = client.post(
        reverse("adjust", args=[table.edit_token]),
        {"form": "penalty", "who": "Bára", "amount": "5", "reason": "revoke", "version": table.version},
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert {p: table.totals[p] - before[p] for p in table.players} == {"Anna": 5, "Bára": -15, "Cyril": 5, "Dana": 5}
    assert sum(table.totals.values()) == 0
    hand = table.hands.order_by("-seq").first()
    assert hand.data == {"adjustment": {"Anna": 5, "Bára": -15, "Cyril": 5, "Dana": 5}, "reason": "revoke"}
    text = visible_text(client.get(reverse("hand", args=[table.edit_token, hand.seq])).content.decode())
    assert "revoke" in text and "R12" in text


def test_a_renonce_at_a_table_of_five_is_paid_to_the_three_who_play_not_to_the_dealer_sitting_out(client):
    """AT2, AT14: at five the dealer sits the hand out; a renonce in it pays the three others of the hand (the
    offender pays what they would have won), not the dealer, who is not offered as the one who pays either."""
    five = ("Anna", "Bert", "Cilli", "Dieter", "Emil")
    rufer = {"contract": "rufer", "declarer": "Cilli", "partner": "Dieter", "points": 40, "sitting_out": "Anna"}
    table = make_table(game="koenigrufen", players=five, hands=[rufer])  # Bert deals next and sits out
    page = client.get(reverse("adjust", args=[table.edit_token]), HTTP_ACCEPT_LANGUAGE="de")
    assert [name for name, _label in page.context["penalty"].fields["who"].choices] == [
        "Anna",
        "Cilli",
        "Dieter",
        "Emil",
    ]
    assert "Bert setzt aus und bekommt nichts." in " ".join(visible_text(page.content.decode()).split())
    response = client.post(
        reverse("adjust", args=[table.edit_token]),
        {"form": "penalty", "who": "Cilli", "amount": "2", "reason": "Renonce", "version": table.version},
    )
    assert response.status_code == 302
    hand = table.hands.order_by("-seq").first()
    assert hand.data == {"adjustment": {"Anna": 2, "Cilli": -6, "Dieter": 2, "Emil": 2}, "reason": "Renonce"}


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Bert sits out the hand under way"), ("cs", "Bert v rozehrané hře vynechává")],
)
def test_a_renonce_tapped_on_a_page_from_before_the_deal_moved_on_says_who_sits_out_now(client, language, words):
    """The page offered Bert; a hand recorded meanwhile made him the dealer who sits out: the refusal beside 'who'
    says so in the player's language, not Django's 'Select a valid choice'; nothing is saved."""
    five = ("Anna", "Bert", "Cilli", "Dieter", "Emil")
    rufer = {"contract": "rufer", "declarer": "Cilli", "partner": "Dieter", "points": 40, "sitting_out": "Emil"}
    table = make_table(game="koenigrufen", players=five, hands=[rufer, {**rufer, "sitting_out": "Anna"}])
    response = client.post(
        reverse("adjust", args=[table.edit_token]),
        {"form": "penalty", "who": "Bert", "amount": "2", "reason": "Renonce"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200
    [message] = response.context["penalty"].errors["who"]
    assert words in message
    assert table.hands.count() == 2


def test_a_penalty_without_a_player_or_an_amount_is_refused_beside_the_field(client):
    table = make_table()
    page = client.post(reverse("adjust", args=[table.edit_token]), {"form": "penalty", "amount": "", "who": ""})
    assert page.status_code == 200
    assert set(page.context["penalty"].errors) == {"who", "amount"}
    assert not table.hands.exists()


def test_a_slovenian_penalty_can_cross_off_a_radelc(client):
    table = make_table(game="slovenian-tarok", players=SLOVENIANS, hands=[BEGGAR])
    assert table.summary["radelci"]["Cene"] == 1
    client.post(
        reverse("adjust", args=[table.edit_token]),
        {"form": "penalty", "who": "Cene", "radelci": "-1", "reason": "forgot", "version": table.version},
    )
    table.refresh_from_db()
    assert table.summary["radelci"]["Cene"] == 0
    assert table.hands.order_by("-seq").first().data == {"adjustment": {}, "radelci": {"Cene": -1}, "reason": "forgot"}


def test_carrying_over_from_paper_adds_every_players_total_and_radelci_in_one_hand(client):
    table = make_table(game="slovenian-tarok", players=SLOVENIANS)
    client.post(
        reverse("adjust", args=[table.edit_token]),
        {
            "form": "carry",
            "total_0": "120",
            "total_1": "-35",
            "total_2": "",
            "total_3": "0",
            "radelci_1": "2",
            "reason": "from the sheet",
            "version": table.version,
        },
    )
    table.refresh_from_db()
    assert table.totals == {"Ana": 120, "Bojan": -35, "Cene": 0, "Dora": 0}
    assert table.summary["radelci"]["Bojan"] == 2
    assert table.hands.count() == 1


# The end of the evening and a new one ----------------------------------------------------------------------------


def test_the_end_of_a_scorebook_evening_charges_the_radelci_left_and_closes_the_table(client):
    table = make_table(game="slovenian-tarok", players=SLOVENIANS, rules={"preset": "scorebook"}, hands=[BEGGAR])
    table.price_per_point = "0.10"
    table.save(update_fields=["price_per_point"])
    before = dict(table.totals)
    page = client.get(reverse("end_evening", args=[table.edit_token]))
    text = visible_text(page.content.decode())
    assert "SR" in text and "radelc" in text.lower()
    assert page.context["final"] == {p: before[p] - 100 for p in table.players}
    assert "pays" in text  # the settle-up at the table's price
    client.post(reverse("end_evening", args=[table.edit_token]), {"version": table.version, "submission": "end1"})
    table.refresh_from_db()
    assert table.totals == {p: before[p] - 100 for p in table.players}
    assert table.summary["closed"]
    page = client.get(reverse("table", args=[table.edit_token])).content.decode()
    assert "The evening has ended" in visible_text(page)
    record = reverse("record_hand", args=[table.edit_token])
    assert f'href="{record}"' not in page and f'action="{record}"' not in page  # no way to record a hand is offered
    refused = client.post(
        reverse("record_hand", args=[table.edit_token]),
        {"contract": "beggar", "declarer": "Ana", "won": "yes", "version": table.version},
    )
    assert refused.status_code in (200, 302)
    assert table.hands.count() == 2


def test_a_new_evening_keeps_the_players_seats_rules_price_and_circle(client):
    circle = Circle.objects.create(name="Tuesday", players=list(SLOVENIANS))
    table = services.create_table(
        game="slovenian-tarok", players=list(SLOVENIANS), rules={"preset": "scorebook"}, name="Tuesday", circle=circle
    )
    table.price_per_point, table.currency = "0.05", "€"
    table.save()
    services.record_hand(table, BEGGAR)
    response = client.post(reverse("new_evening", args=[table.edit_token]))
    fresh = Table.objects.exclude(pk=table.pk).get()
    assert response["Location"] == reverse("table", args=[fresh.edit_token])
    assert (fresh.players, fresh.rules, fresh.circle, fresh.price_per_point, fresh.currency) == (
        list(SLOVENIANS),
        {"preset": "scorebook"},
        circle,
        "0.05",
        "€",
    )
    assert fresh.hands.count() == 0 and fresh.totals in ({}, {p: 0 for p in SLOVENIANS})
    assert fresh.edit_token in client.get(reverse("home")).content.decode()


def test_a_two_ten_jack_game_ended_early_is_won_by_the_highest_total(client):
    table = make_table(
        game="two-ten-jack",
        players=("Aiko", "Ben", "Chie"),
        hands=[{"captured": {"Aiko": ["2H", "10H"], "Ben": ["AH"], "Chie": ["JS"]}}],
    )
    client.post(reverse("end_evening", args=[table.edit_token]), {"version": table.version})
    response = client.get(reverse("table", args=[table.edit_token]))
    page = visible_text(response.content.decode())
    assert "Play again" in page or "New evening with the same players" in page
    table.refresh_from_db()
    assert table.summary["closed"] and table.totals["Aiko"] > table.totals["Ben"] > table.totals["Chie"]
    badges = {p["name"]: p["winner"] for p in response.context["players"]}
    assert badges == {"Aiko": True, "Ben": False, "Chie": False}


# The Sixty-six draw ------------------------------------------------------------------------------------------------


def test_the_sixty_six_draw_is_one_tap_and_only_with_24_cards(client):
    sixty_six = make_table(game="schnapsen", players=("Anna", "Ben"), rules={"preset": "sixty-six"})
    form = client.get(reverse("record_hand", args=[sixty_six.edit_token])).content.decode()
    assert 'name="ending" value="draw"' in form
    client.post(reverse("record_hand", args=[sixty_six.edit_token]), {"ending": "draw", "version": sixty_six.version})
    assert sixty_six.hands.get().data == {"ending": "draw"}
    client.post(reverse("record_hand", args=[sixty_six.edit_token]), {"winner": "Ben", "game_points": "2"})
    sixty_six.refresh_from_db()
    expected = engine_table.replay(
        engine_table.setup("schnapsen", {"preset": "sixty-six"}, ["Anna", "Ben"]),
        [{"ending": "draw"}, {"winner": "Ben", "game_points": 2}],
    )
    assert [h.scores for h in sixty_six.hands.order_by("seq")] == [
        [r.scores[p] for p in ("Anna", "Ben")] for r in expected.results
    ]
    assert expected.results[1].scores["Ben"] == 3  # the draw's extra point went to the next winner
    schnapsen = make_table(game="schnapsen", players=("Anna", "Ben"))
    assert 'value="draw"' not in client.get(reverse("record_hand", args=[schnapsen.edit_token])).content.decode()


# A circle's own rules ----------------------------------------------------------------------------------------------


def test_a_circles_rules_are_where_its_new_tables_start(client):
    circle = Circle.objects.create(name="Tuesday", players=list(SLOVENIANS))
    response = client.post(
        reverse("circle_rules", args=[circle.token, "slovenian-tarok"]),
        {"preset": "scorebook", "rule_mond_penalty": "21"},
    )
    assert response.status_code == 302
    circle.refresh_from_db()
    assert circle.rules == {"slovenian-tarok": {"preset": "scorebook", "mond_penalty": 21}}
    form = client.get(reverse("new_table_for", args=["slovenian-tarok"]), {"circle": circle.token}).context["form"]
    assert form["preset"].value() == "scorebook" and form["rule_mond_penalty"].value() == "21"
    circle_page = visible_text(client.get(reverse("circle", args=[circle.token])).content.decode())
    assert "Our rules" in circle_page


def test_a_circles_view_link_cannot_reach_its_rules_form(client):
    circle = Circle.objects.create(name="Tuesday", players=list(SLOVENIANS))
    assert client.get(reverse("circle_rules", args=[circle.view_token, "slovenian-tarok"])).status_code == 404


# The rules page each explanation step links to -------------------------------------------------------------------


def test_each_explanation_step_links_to_its_rule_which_shows_the_value_at_this_table(client):
    table = make_table(game="slovenian-tarok", players=SLOVENIANS, rules={"preset": "scorebook"}, hands=[BEGGAR])
    hand = table.hands.get()
    page = client.get(reverse("hand", args=[table.edit_token, hand.seq])).content.decode()
    links = set(re.findall(r'href="(/rules/slovenian-tarok/\?t=[^"#]+)#(SR\d+)"', page))
    assert links and {base for base, _rule in links} == {f"/rules/slovenian-tarok/?t={table.view_token}"}
    rules = client.get(f"/rules/slovenian-tarok/?t={table.view_token}").content.decode()
    for _base, rule in links:
        assert f'id="{rule}"' in rules
    text = visible_text(rules)
    assert "At this table: 100" in text  # radelci_end_penalty under the scorebook preset
    assert "Tarok scorebook" in text and "reycika/tarok-scorebook" in text


def test_the_rules_page_lists_every_option_and_preset_with_its_source(client):
    from games.registry import GAMES

    for game in GAMES.values():
        text = visible_text(client.get(reverse("rules", args=[game.slug])).content.decode())
        for option in game.engine.OPTIONS:
            assert str(option.label) in text, (game.slug, option.key)
        for preset in game.engine.PRESETS:
            assert str(preset.label) in text, (game.slug, preset.key)


def test_settings_say_which_preset_the_table_follows_and_what_differs(client):
    table = make_table(game="slovenian-tarok", players=SLOVENIANS, rules={"preset": "scorebook", "mond_penalty": 21})
    text = visible_text(client.get(reverse("settings", args=[table.edit_token])).content.decode())
    assert "Whose rules: Tarok scorebook." in text
    assert "What this table plays differently:" in text and "21" in text
    assert Change.objects.filter(table=table).count() == 0


def test_the_end_of_the_evening_settles_up_at_the_final_totals_not_the_ones_before_it(client):
    hands = [BEGGAR, {"contract": "two", "declarer": "Bojan", "partner": "Dora", "points": 38}]
    table = make_table(game="slovenian-tarok", players=SLOVENIANS, rules={"preset": "scorebook"}, hands=hands)
    Table.objects.filter(pk=table.pk).update(price_per_point="0.10")
    # Before: Ana 70, Bojan 50, Cene 0, Dora 50. Bojan crossed his radelc off, so the end costs the others 100 each:
    # Ana −30, Bojan 50, Cene −100, Dora −50; each pays each other the difference: Bojan receives 33.00, Cene pays 27.00.
    page = client.get(reverse("end_evening", args=[table.edit_token]))
    assert page.context["final"] == {"Ana": -30, "Bojan": 50, "Cene": -100, "Dora": -50}
    payments = page.context["settle_up"]["payments"]
    assert sum(float(amount) for _payer, receiver, amount, _sum in payments if receiver == "Bojan") == 33.0
    assert sum(float(amount) for payer, _receiver, amount, _sum in payments if payer == "Cene") == 27.0


def test_what_if_lists_only_the_scores_that_differ_without_a_stray_separator(client):
    players = ("Ana", "Bojan", "Cene", "Dora")  # Ana and Cene declare: Bojan and Dora write 0 under any rounding
    table = make_table(
        game="slovenian-tarok",
        players=players,
        hands=[{"contract": "three", "declarer": "Ana", "partner": "Cene", "points": 41}],
    )
    page = client.get(reverse("what_if", args=[table.edit_token]), {"preset": "", "rule_difference_rounding": "whole"})
    recorded = table.hands.get().scores
    would = 10 + (41 - 35)  # three: 10 + D; D = 6 as a whole number (to the nearest 5: 5)
    assert recorded == [10 + 5, 0, 10 + 5, 0]
    card = " ".join(visible_text(page.content.decode()).split()).split("1 hand would pay differently", 1)[1]
    card = card.split("Use these rules", 1)[0]
    assert card.rstrip().endswith(f"Ana {recorded[0]} → {would}; Cene {recorded[2]} → {would}")
    assert "Bojan" not in card and "Dora" not in card


def test_a_hand_that_would_pay_differently_is_described_in_one_line_not_a_word_a_line(client):
    """The card of a hand that would pay differently is a grid (number, what, scores): the hand's description, with
    its names, is one of its three parts, not one grid row per name and per "·" (a Bettler read "Emil: Bettler",
    "· verloren ·", "Rekontra", "·", "Dieter" down the card)."""
    table = make_table(
        game="koenigrufen",
        players=("Anna", "Bert", "Cilli", "Dieter", "Emil"),
        hands=[{"contract": "bettler", "declarer": "Emil", "sitting_out": "Anna", "won": False, "kontra": {"Bert": 2}}],
    )
    page = client.get(reverse("what_if", args=[table.edit_token]), {"preset": "wien"}).content.decode()
    card = re.search(r'<a class="card-link"[^>]*>(.*?)</a>', page, re.S).group(1)
    parts = [m.group(0) for m in re.finditer(r"<(strong|span)\b[^>]*>.*?</\1>", card, re.S)]
    assert len(parts) == 3 and re.sub(r"<(strong|span)\b[^>]*>.*?</\1>", "", card, flags=re.S).strip() == ""
    assert "Emil" in parts[1] and "Bettler" in parts[1]

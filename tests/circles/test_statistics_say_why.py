"""A circle's statistics and rated results say what they count and why (issue 44): a partner is never both the best
and the worst (a tie is said once); "hands won with Kontra on the game" counts the hands with a Kontra on the game,
not a Königrufen negative contract, where each opponent's Kontra is his own; a rated result says the place and the
place expected beside the rating's change. Every number is computed here on its own, from the hands as recorded."""

import math
import re

import pytest
from openskill.models import PlackettLuce

from games.models import Circle, Hand
from games.tables import services
from tests.factories import team_hand, visible_text

pytestmark = pytest.mark.django_db
CZECH = ["Anna", "Bára", "Cyril", "Dana"]
FOUR = ["Anna", "Bert", "Cilli", "Dieter"]


def circle_page(client, circle, language="en") -> str:
    return visible_text(client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE=language).content.decode())


def partner_averages(table, player: str) -> dict[str, float]:
    """Each partner's average a hand for ``player``, from the recorded hands (the partner named in each hand)."""
    sums: dict[str, list[int]] = {}
    for hand in Hand.objects.filter(table=table, deleted=False):
        data = hand.data
        team = {data["povinnost"], data["partner"]}
        if player in team and len(team) == 2:
            (other,) = team - {player}
            score = hand.scores[CZECH.index(player)]
            sums.setdefault(other, [0, 0])
            sums[other][0] += score
            sums[other][1] += 1
    return {name: total / count for name, (total, count) in sums.items()}


def test_partners_alike_are_one_line_never_the_best_and_the_worst(client):
    circle = Circle.objects.create(name="Club", players=CZECH)
    table = services.create_table(game="czech-taroky", players=CZECH, circle=circle)
    services.record_hand(table, team_hand(povinnost="Anna", partner="Bára", points=63))
    services.record_hand(table, team_hand(povinnost="Anna", partner="Cyril", points=63))
    averages = partner_averages(table, "Anna")
    assert averages["Bára"] == averages["Cyril"]  # alike: the tie the statistics must say once
    page = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    anna = page.split("<bdi>Anna</bdi> <span")[1].split("</article>")[0]
    text = visible_text(anna)
    expected = f"{averages['Bára']:.1f}"
    assert re.search(rf"Best partner\s*Bára, Cyril \(tied\)\s*\({expected} a hand\)", text), text
    assert "Worst partner" not in text
    de = circle_page(client, circle, "de")
    assert "Bester Partner" in de and "Schlechtester Partner" not in de.split("Anna")[1].split("Bára ")[0]


def test_a_best_and_a_worst_partner_differ(client):
    circle = Circle.objects.create(name="Club", players=CZECH)
    table = services.create_table(game="czech-taroky", players=CZECH, circle=circle)
    services.record_hand(table, team_hand(povinnost="Anna", partner="Bára", points=63))
    services.record_hand(table, team_hand(povinnost="Anna", partner="Cyril", points=40))
    averages = partner_averages(table, "Anna")
    page = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = visible_text(page.split("<bdi>Anna</bdi> <span")[1].split("</article>")[0])
    assert re.search(rf"Best partner\s*Bára\s*\({averages['Bára']:.1f} a hand\)", text), text
    assert re.search(rf"Worst partner\s*Cyril\s*\({averages['Cyril']:.1f} a hand\)", text.replace("−", "-")), text


def kontra_on_the_game(table) -> dict[str, list[int]]:
    """[won, played] of each player's hands with a Kontra on the game, counted from the hands as recorded: a
    positive contract's ``kontra`` (a whole number) above 0; a negative contract's Kontras are each opponent's own."""
    counts = {name: [0, 0] for name in FOUR}
    for hand in Hand.objects.filter(table=table, deleted=False):
        data = hand.data
        if not isinstance(data.get("kontra"), int) or data["kontra"] == 0:
            continue
        team = {data["declarer"], data.get("partner")}
        won = data["points"] >= 35 + 2 / 3 - 1e-9
        for name in FOUR:
            counts[name][1] += 1
            counts[name][0] += (name in team) == won
    return counts


def test_kontra_on_the_game_counts_no_negative_contract(client):
    circle = Circle.objects.create(name="Club", players=FOUR)
    table = services.create_table(game="koenigrufen", players=FOUR, circle=circle)
    services.record_hand(  # K6: Cilli's Kontra is hers alone; Anna and Dieter gave none
        table, {"contract": "piccolo", "declarer": "Bert", "won": True, "kontra": {"Cilli": 1}}
    )
    services.record_hand(table, {"contract": "rufer", "declarer": "Anna", "partner": "Bert", "points": 40, "kontra": 1})
    expected = kontra_on_the_game(table)
    assert expected["Cilli"] == [0, 1] and expected["Anna"] == [1, 1]  # the Rufer alone
    page = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for name in FOUR:
        text = visible_text(page.split(f"<bdi>{name}</bdi> <span")[1].split("</article>")[0])
        won, played = expected[name]
        assert re.search(rf"Hands won with Kontra on the game\s*{won} / {played}", text), (name, text)


def expected_place(mus_sigmas: list[tuple[float, float]], i: int) -> float:
    """1 + each other player's chance of finishing ahead of player ``i`` (two normal performances, beta 25/6)."""
    beta = 25 / 6
    mu, sigma = mus_sigmas[i]
    return 1 + sum(
        0.5 * math.erfc((mu - m) / math.sqrt(2 * (sigma**2 + s**2 + 2 * beta**2)))
        for j, (m, s) in enumerate(mus_sigmas)
        if j != i
    )


def test_a_third_place_after_a_tie_for_first_says_its_place_and_the_place_expected(client):
    circle = Circle.objects.create(name="Club", players=CZECH)
    table = services.create_table(game="czech-taroky", players=CZECH, circle=circle)
    services.record_hand(table, team_hand(povinnost="Anna", partner="Cyril", points=63))  # Anna, Cyril +4
    services.record_hand(table, {"adjustment": {"Bára": 1, "Dana": -1}, "reason": "revoke"})
    services.record_hand(table, {"closing": True})
    totals = dict(zip(CZECH, [4, -3, 4, -5]))
    places = [1 + sum(other > totals[name] for other in totals.values()) for name in CZECH]
    assert places == [1, 3, 1, 4]
    model = PlackettLuce()
    after = model.rate([[model.rating()] for _ in CZECH], ranks=[float(p) for p in places])
    change = after[1][0].mu - 25
    assert change > 0  # openskill's arithmetic: the third rises like the two tied first
    expected = expected_place([(25, 25 / 3)] * 4, 1)
    assert round(expected, 1) == 2.5
    page = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode().split("rated-results")[1]
    row = re.search(r'<span class="rating-name"><bdi>Bára</bdi></span>(.*?)</li>', page, re.S).group(1)
    text = " ".join(visible_text(row).split())
    assert text == f"place 3 of 4, expected {expected:.1f} worse than expected rating +{change:.1f}", text
    for name, place in zip(("Anna", "Cyril"), (1, 1)):
        row = re.search(rf'<span class="rating-name"><bdi>{name}</bdi></span>(.*?)</li>', page, re.S).group(1)
        assert f"place {place} of 4, expected 2.5 better than expected" in " ".join(visible_text(row).split())
    de = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE="de").content.decode().split("rated-results")[1]
    row = re.search(r'<span class="rating-name"><bdi>Bára</bdi></span>(.*?)</li>', de, re.S).group(1)
    assert "Platz 3 von 4, erwartet 2,5" in " ".join(visible_text(row).split())


def test_ratings_stored_before_the_expected_place_are_rebuilt_by_the_migration(client):
    """Steps stored before migration 0020 hold the library's predicted rank (1 for four players alike): the migration
    after it rebuilds them, so the page never shows 'expected 1' under the new words."""
    import importlib

    from django.apps import apps

    from games.models import RatingStep

    circle = Circle.objects.create(name="Club", players=CZECH)
    table = services.create_table(game="czech-taroky", players=CZECH, circle=circle)
    services.record_hand(table, team_hand(povinnost="Anna", partner="Cyril", points=63))
    services.record_hand(table, {"closing": True})
    assert RatingStep.objects.count() == 4
    RatingStep.objects.update(expected=1.0)  # as an old release stored it
    migration = importlib.import_module("games.migrations.0024_ratings_expect_a_place")
    migration.rebuild_ratings(apps, None)
    expected = expected_place([(25, 25 / 3)] * 4, 0)
    assert [round(step.expected, 6) for step in RatingStep.objects.all()] == [round(expected, 6)] * 4
    page = client.get(f"/c/{circle.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode().split("rated-results")[1]
    assert page.count(f"expected {expected:.1f}") == 4 and "expected 1.0" not in page

"""What a table's pages show, shared by its views: the rows of the list of hands (numbered among the game's hands,
or by round), the chart of running totals, the table page's context, and the page of a closed table."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html_join
from django.utils.translation import gettext as _

from games.contract.hands import Closing, is_closing
from games.contract.words import Phrase
from games.engines import table as engine_table
from games.engines.table import InvalidTable
from games.lib.charts import running_totals_chart, spread_points
from games.lib.numbers import local_number
from games.models import Change, Hand, HandFacts, Round, RoundTable, Table
from games.registry import GAMES
from games.tables import services
from games.tables.common import hand_form
from games.tables.presentation import describer, player_rows, settle_up, winners

RECENT_HANDS = 10


def hand_rows(table: Table, hands, *, can_edit: bool, others: list[int] | None = None) -> list[dict]:
    """Rows of the list of hands: number, what was played, each player's score and running total, and what the
    hand ended (a game of the evening and who lost it), read from the states stored with the hand and the one before it."""
    hands = list(hands)
    lines = hand_lines(table, [(hand.number, hand.data) for hand in hands])
    notes = milestones(table, [hand.number for hand in hands])
    counted, in_rounds = counted_numbers(table, [hand.number for hand in hands], others)
    rounds = counted if in_rounds else None
    submissions = recorded_by(hands) if can_edit else {}
    return [
        {
            "number": hand.number,
            "submissions": " ".join(submissions.get(hand.pk, [])),
            "what": lines[hand.number],
            "note": notes.get(hand.number),
            "label": counted.get(hand.number, ""),
            "aria": row_label(hand.number, rounds, counted),
            "url": reverse("hand", args=[table.edit_token, hand.seq])
            if can_edit
            else reverse("view_hand", args=[table.view_token, hand.seq]),
            "scores": list(zip(table.players, hand.scores, hand.totals)),
        }
        for hand in hands
    ]


def hand_lines(table: Table, rows: list[tuple[int, Any]]) -> dict[int, Any]:
    """Each row's one line by its place (``rows``: place and data), as the engine words it from the state stored
    before it (games.engines.table.describe_played: what an earlier hand carried into its payout is named). The table page,
    the score sheet, the CSV and a phone's list after a conflict write a hand so."""
    describe = describer(table)
    engine = GAMES[table.game].engine
    if not hasattr(engine, "describe_carried"):  # the hand alone says what it paid: no state to read
        return {number: describe(data) for number, data in rows}
    table_setup = services.setup_for(table)
    wanted = {number - 1 for number, _data in rows}
    stored = dict(table.hands.filter(deleted=False, number__in=wanted).values_list("number", "state"))
    return {
        number: engine_table.describe_played(
            table_setup,
            engine.parse_hand(data, table_setup.players, table_setup.rules),
            engine_table.load_state(table_setup, stored.get(number - 1)),
        )
        for number, data in rows
    }


def recorded_by(hands: list[Hand]) -> dict[int, list[str]]:
    """The submission ids of the changes that made each hand what it is (its Save, an edit), by the hand's key: a
    phone that kept a hand whose Save went unheard sees on the table page that the server has it (static/js/offline/
    table.js) and lists it once."""
    made: dict[int, list[str]] = {}
    rows = Change.objects.filter(hand__in=hands).exclude(submission="").values_list("hand_id", "submission")
    for hand, submission in rows.order_by("id"):
        made.setdefault(hand, []).append(submission)
    return made


def counted_numbers(table: Table, numbers: list[int], others: list[int] | None = None) -> tuple[dict[int, int], bool]:
    """Each row's number as the table page writes it, by its place (``Hand.number``): its round in a game counted in
    rounds, else its place among the game's hands; none for a penalty, a correction or the closing. And whether the
    numbers are rounds. Every page that names a row by its number takes it from here."""
    rounds = round_numbers(table, numbers)
    if rounds is not None:
        return rounds, True
    return hand_numbers(table, numbers, others), False


def round_numbers(table: Table, numbers: list[int]) -> dict[int, int] | None:
    """For a game whose deals are counted as rounds (Two Ten Jack): each deal's round in its game by its hand number,
    as the state the deal left says; a penalty, a correction or the closing is no round and has none. None for the
    other games."""
    key = GAMES[table.game].web.round_key
    if not key or not numbers:
        return None
    others = set(
        HandFacts.objects.filter(table=table, hand__deleted=False, hand__number__in=numbers)
        .exclude(kind="hand")
        .values_list("hand__number", flat=True)
    )
    states = table.hands.filter(deleted=False, number__in=numbers).values_list("number", "state")
    return {n: state.get(key) for n, state in states if n not in others and state.get(key)}


def other_rows(table: Table) -> list[int]:
    """The places (``Hand.number``) of the table's live rows that are no hands of the game: penalties,
    corrections, the closing. One query; they are few."""
    return list(services.others(table).order_by("hand__number").values_list("hand__number", flat=True))


def hand_numbers(table: Table, numbers: list[int], others: list[int] | None = None) -> dict[int, int]:
    """Each row's number among the game's hands, by its place: a penalty, a correction or the closing before it
    does not count, and has none itself (the list, the history and the chart count hands, not rows)."""
    if not numbers:
        return {}
    others = other_rows(table) if others is None else others
    skipped = set(others)
    return {n: n - bisect_right(others, n) for n in numbers if n not in skipped}


def numbered_now(table: Table, changes: list) -> list:
    """Each change of the history (or a copy of it) with its hand's ``number`` as the pages name the hand now: a
    live hand by its number among the game's hands on the list and on its own page (a hand deleted before it moves
    it up, and every line about it says the new number), a deleted hand by the number it had when it was deleted;
    a penalty, a correction or the closing by none. One number per hand wherever it is named."""
    hand_ids = {change.hand_id for change in changes if change.number is not None and change.hand_id}
    places = dict(Hand.objects.filter(id__in=hand_ids).values_list("id", "number"))
    counted = hand_numbers(table, sorted({place for place in places.values() if place is not None}))
    now = {hand: counted.get(place) for hand, place in places.items() if place is not None}
    gone = Change.objects.filter(hand_id__in=[h for h, place in places.items() if place is None], kind=Change.DELETED)
    now.update(dict(gone.order_by("id").values_list("hand_id", "number")))  # the last deletion's number
    return [_with_number(change, now.get(change.hand_id)) for change in changes]


def _with_number(change, number: int | None):
    if change.number is None or number is None or number == change.number:
        return change
    return SimpleNamespace(kind=change.kind, number=number, before=change.before, after=change.after)


def game_hands(table: Table, others: list[int] | None = None) -> int:
    """How many hands of the game the table holds (its rows but penalties, corrections and the closing): from
    ``others`` where the page read them already, else as a round's limit counts them (services.hands_played)."""
    return services.hands_played(table) if others is None else table.hand_count - len(others)


def row_label(number: int, rounds: dict[int, int] | None, counted: dict[int, int]) -> str:
    """What a screen reader says for a row's link: "Hand 3: explanation", "Round 2: explanation"."""
    if number not in counted:
        return _("Penalty, correction or end: explanation")
    if rounds is None:
        return _("Hand %(number)s: explanation") % {"number": counted[number]}
    return _("Round %(number)s: explanation") % {"number": counted[number]}


def milestones(table: Table, numbers: list[int]) -> dict[int, Any]:
    """What the hands at these places ended, by place (a game of the evening and who lost it): the engine's ``milestone``
    between the state stored before each and its own. The table page, the score sheet and the CSV say it."""
    engine = GAMES[table.game].engine
    if not numbers:
        return {}
    wanted = set(numbers) | {n - 1 for n in numbers}
    stored = dict(table.hands.filter(deleted=False, number__in=wanted).values_list("number", "state"))
    try:
        table_setup = services.setup_for(table)
    except InvalidTable:
        return {}
    notes = {}
    for number in numbers:
        if number in stored and (number - 1 in stored or number == 1):
            before = engine_table.load_state(table_setup, stored.get(number - 1))
            note = engine.milestone(before, engine_table.load_state(table_setup, stored[number]))
            if note is not None:
                notes[number] = note
    return notes


def closings_said(table: Table, rows: list[tuple[int, Any]]) -> dict[int, Any]:
    """What the closings among ``rows`` (place, data) did beyond "end of the evening", by place: the steps of its
    explanation after the first (what each player's marks still held cost, a game of the evening under way
    abandoned), scored from the state stored before it. The score sheet and the CSV say it beside the ± of the row,
    which otherwise reads like a penalty."""
    closings = [number for number, data in rows if is_closing(data)]
    if not closings:
        return {}
    try:
        table_setup = services.setup_for(table)
    except InvalidTable:
        return {}
    wanted = {n - 1 for n in closings}
    stored = dict(table.hands.filter(deleted=False, number__in=wanted).values_list("number", "state"))
    engine, said = table_setup.engine, {}
    for number in closings:
        before = engine_table.load_state(table_setup, stored.get(number - 1))
        result, _after = engine.play(Closing(), table_setup.rules, before)
        if len(result.lines) > 1:  # the steps without their rule: the row says what, the hand's page why
            said[number] = Phrase(tuple(replace(line, rule="", option="") for line in result.lines[1:]), " ")
    return said


def recent_hands(table: Table, *, can_edit: bool, others: list[int] | None = None) -> list[dict]:
    """The latest hands, newest first (the one just recorded is where the thumb is)."""
    recent = (
        table.hands.filter(deleted=False, number__gt=table.hand_count - RECENT_HANDS).order_by("-number").defer("state")
    )
    return hand_rows(table, recent, can_edit=can_edit, others=others)


def chart_of(table: Table, others: list[int] | None = None) -> dict | None:
    """The running totals at no more than CHART_POINTS rows, evenly spread: a season is summarised, not drawn
    hand by hand, so the chart costs the same for any length of table. The axis counts hands: a penalty, a
    correction or the end of the evening stands at the hand before it (a step up or down there)."""
    count = table.hand_count
    if count < 2:
        return None
    others = other_rows(table) if others is None else others
    numbers = spread_points(count)
    totals = dict(table.hands.filter(deleted=False, number__in=numbers).values_list("number", "totals"))
    numbers = [n for n in numbers if n in totals]  # another phone may have deleted a hand since the table was read
    if len(numbers) < 2:
        return None
    words = GAMES[table.game].web.words
    return running_totals_chart(
        table.players,
        [totals[n] for n in numbers],
        numbers=[n - bisect_right(others, n) for n in numbers],
        x_label=str(words.axis),
        label=str(words.chart),
    )


def table_context(table: Table, *, can_edit: bool) -> dict:
    """What the table page shows of ``table`` as it is stored (its page, a Save's answer, the live poll)."""
    web = GAMES[table.game].web
    winning = winners(table)
    played_as = services.tournament_table(table)
    closed = played_as if can_edit and played_as is not None and played_as.round.status == Round.CLOSED else None
    typed = typed_result(table, played_as) if can_edit and closed is None else None
    can_edit = can_edit and closed is None and typed is None  # a closed round's or a typed result stands
    others = other_rows(table)
    return {
        "table": table,
        "can_edit": can_edit,
        "closed_round": closed,
        "typed_result": typed,
        "rows": recent_hands(table, can_edit=can_edit, others=others),
        "players": player_rows(table),
        "summary": table.summary,
        "undoable": services.last_undoable(table) if can_edit else None,
        "game": GAMES[table.game],
        "web": web,
        "winners": winning,
        "winner_names": format_html_join(", ", "<bdi>{}</bdi>", ((name,) for name in winning)),
        "quick_form": hand_form(table) if can_edit and web.quick_entry else None,
        "hand_count": game_hands(table, others),
        "hidden_hands": max(table.hand_count - RECENT_HANDS, 0),
        "settle_up": settle_up(table),
        "chart": chart_of(table, others),
        "round_limit": _limit_shown(table, played_as) if typed is None else None,  # the typed result counts
        "live_url": reverse("live", args=[table.edit_token])
        if can_edit
        else reverse("view_live", args=[table.view_token]),
        "hands_url": reverse("hands", args=[table.edit_token])
        if can_edit
        else reverse("view_hands", args=[table.view_token]),
    }


def typed_result(table: Table, played_as: RoundTable | None) -> dict | None:
    """The director's result typed from the table's paper sheet, which counts instead of the hands played here
    (each seat's name and typed total, as the sheet says them), or None."""
    if played_as is None or played_as.totals is None:
        return None
    return {
        "round_table": played_as,
        "totals": ", ".join(
            f"{name} {local_number(Fraction(total))}" for name, total in zip(table.players, played_as.totals)
        ),  # a money balance with cents is kept as exact text ("-31/2")
    }


def tournament_notice(table: Table) -> dict | None:
    """What a tournament's table says above its hand form, before anything is typed: its round is closed, or the
    director's typed result counts here (a Save would be refused). None for a table that takes hands."""
    played_as = services.tournament_table(table)
    if played_as is None:
        return None
    if played_as.round.status == Round.CLOSED:
        return {"closed_round": played_as}
    typed = typed_result(table, played_as)
    return {"typed_result": typed} if typed is not None else None


def _limit_shown(table: Table, played_as: RoundTable | None) -> dict | None:
    """A tournament table's "hand 12 of 21" and the minutes left (TN4)."""
    limit = services.limit_of(played_as)
    if limit is None:
        return None
    ends_at = limit["ends_at"]
    seconds = max(0, int((ends_at - timezone.now()).total_seconds())) if ends_at else None
    played = game_hands(table)  # a penalty is no hand of the round's limit
    game_over = services.game_over(table)  # a game that ends by itself ends the round there
    return {
        **limit,
        "next": played + 1,
        "minutes_left": None if seconds is None else -(-seconds // 60),
        "time_up": seconds == 0,
        "hands_done": (bool(limit["hands"]) and played >= limit["hands"]) or game_over,
        "game_over": game_over,
    }


def is_closed(table: Table) -> bool:
    return bool((table.summary or {}).get("over"))


def closed_page(request: HttpRequest, table: Table) -> HttpResponse:
    """A closed table takes no more hands: instead of a form, the page says so and offers the way on (the final
    totals and settle-up, a new evening with the same players). Nothing is saved."""
    return render(request, "games/closed.html", {"table": table, "web": GAMES[table.game].web})

"""The one place where the engines meet the database: record, edit, delete, restore, undo, import, export.

Every change runs in one transaction with the table row locked and checks the version the player saw. Each
live hand stores what the engine derived for it: its scores, the running totals and the state it leaves behind
(each player's marks, the game under way, whose turn it is). So recording a hand scores that hand alone, from the state the last
one left; an edit, a delete, a restore or an undo scores again from the hand it touched onwards. The engine's
replay (games.engines.table) stays the one path from inputs to scores: the stored state is only ever what it
gave. Nothing is overwritten without a Change that keeps the data before and after.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NamedTuple

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from games.contract.engine import Facts
from games.contract.hands import is_closing
from games.contract.names import names_problem
from games.contract.words import N_, HandResult, InvalidHand
from games.engines import table as engine_table
from games.engines.table import InvalidTable, Replay, Setup
from games.lib.names import name_key
from games.lib.text import written_in
from games.models import Bonus, Change, Circle, Hand, HandFacts, Round, RoundTable, Score, Table, Withdrawn
from games.tables.signals import table_changed


class Conflict(Exception):
    """The table changed on another phone since this one loaded it."""


class AlreadyDone(Exception):
    """This very form was submitted before (Back, then Save again): its change is recorded once, not twice."""

    def __init__(self, change: Change | None):
        super().__init__(_("This was already saved; it is recorded once."))
        self.change = change


class NothingToUndo(Exception):
    """Undo with no change left to undo: nothing changes, not even the version."""


def setup_for(table: Table) -> Setup:
    return engine_table.setup(table.game, table.rules, table.players)


def live_hands(table: Table) -> list[Hand]:
    return list(table.hands.filter(deleted=False).order_by("seq"))


def replay_table(table: Table, hands: list[Hand] | None = None) -> Replay:
    """A replay of the table from its inputs alone (settle's way): what the stored state must always equal."""
    hands = live_hands(table) if hands is None else hands
    return engine_table.replay(setup_for(table), [hand.data for hand in hands])


def status_of(table: Table, replay: Replay) -> dict[str, Any]:
    """What the table page shows besides totals: rotation, each player's marks, rounds."""
    return setup_for(table).engine.status(replay.state).as_json()


def create_table(
    *,
    game: str,
    players: list[str],
    rules: dict | None = None,
    name: str = "",
    played_on=None,
    circle: Circle | None = None,
) -> Table:
    if circle is not None:  # a circle's player is written as the circle writes them ("anna" is its "Anna")
        players = [written_in(circle.players, p) or p for p in players]
    table_setup = engine_table.setup(game, rules or {}, players)  # raises InvalidTable
    table = Table(
        game=game, players=list(table_setup.players), rules=rules or {}, name=name, played_on=played_on, circle=circle
    )
    if circle is not None:
        _seat_in_circle(circle, table.players)
    state = engine_table.load_state(table_setup, None)
    table.totals = {p: 0 for p in table.players}
    table.summary = table_setup.engine.status(state).as_json()
    table.state = engine_table.dump_state(state)
    table.save()
    return table


# ---- scoring from the stored state ----------------------------------------------------------------


def _before(table: Table, table_setup: Setup, hand: Hand | None) -> tuple[Any, int, list[int]]:
    """The state, number and running totals that the live hands before ``hand`` left (or the end of the
    table, for a new hand): where scoring ``hand`` starts."""
    if hand is None:
        totals = [table.totals.get(p, 0) for p in table.players]
        return engine_table.load_state(table_setup, table.state), table.hand_count, totals
    previous = (
        table.hands.filter(deleted=False, seq__lt=hand.seq)
        .order_by("-seq")
        .values_list("state", "number", "totals")
        .first()
    )
    if previous is None:
        return engine_table.load_state(table_setup, None), 0, [0] * len(table.players)
    state, number, totals = previous
    return engine_table.load_state(table_setup, state), number, list(totals)


def preview_hand(table: Table, data: dict, *, replacing: Hand | None = None) -> HandResult:
    """Score ``data`` as the next hand, or in place of ``replacing``, without saving anything."""
    table_setup = setup_for(table)
    state, number, _totals = _before(table, table_setup, replacing)
    return engine_table.score_next(table_setup, state, data, number + 1)[0]


def preview_closing(table: Table) -> tuple[HandResult, dict[str, Any]]:
    """The end of the evening, not saved: the closing hand's result and the table's summary after it."""
    table_setup = setup_for(table)
    state, number, _totals = _before(table, table_setup, None)
    result, after = engine_table.score_next(table_setup, state, {"closing": True}, number + 1)
    return result, table_setup.engine.status(after).as_json()


def result_of(table: Table, hand: Hand) -> HandResult:
    """A live hand's scores and explanation, scored from the state the hand before it left."""
    return preview_hand(table, hand.data, replacing=hand)


def preview_without_table(
    game: str,
    players: list[str],
    rules: dict,
    data: dict,
    set_up: Callable[[Any, Any], Any] = lambda hand, state: state,
) -> HandResult:
    """The rules page's calculator: one hand on an empty table (``set_up`` may give it a state: a mark the declarer holds)."""
    table_setup = engine_table.setup(game, rules, players)
    state = engine_table.load_state(table_setup, None)
    try:
        hand = table_setup.engine.parse_hand(data, table_setup.players, table_setup.rules)
    except InvalidHand as error:
        raise InvalidTable("hand 1", error, 1) from None
    return engine_table.score_next(table_setup, set_up(hand, state), data, 1)[0]


OTHER_KINDS = ("adjustment", "closing")  # a row's kind besides "hand": a penalty or a correction, the closing


def _facts_rows(table: Table, hand: Hand, facts: Facts) -> tuple[HandFacts, list[Bonus], list[Score]]:
    row = HandFacts(
        hand=hand,
        table=table,
        kind=facts.mode if facts.mode in OTHER_KINDS else "hand",
        mode=facts.mode,
        leader=facts.leader or "",
        declarer=facts.declarers[0] if facts.declarers else "",
        partner=facts.declarers[1] if len(facts.declarers) > 1 else "",
        won=facts.won,
        points="" if facts.points is None else str(_points(facts.points)),
        contra=facts.contra,
    )
    bonuses = [
        Bonus(facts=row, kind=b.kind, side=b.side, announced=b.announced, made=b.made, kontra=b.kontra)
        for b in facts.bonuses
    ]
    scores = [
        Score(hand=hand, table=table, player=p, score=s, declaring=p in facts.declarers)
        for p, s in zip(table.players, hand.scores)
        if p not in facts.out  # a player who sat the hand out did not play it (statistics count played hands)
    ]
    return row, bonuses, scores


def _points(value) -> int | str:
    """Card points as the table document writes them: 63, or "40 2/3"."""
    if value.denominator == 1:
        return int(value)
    whole = value.numerator // value.denominator
    return f"{whole} {(value - whole) * value.denominator}/{value.denominator}"


def _store_facts(table: Table, table_setup: Setup, hands: list[Hand]) -> None:
    """(Re)write the queryable rows of these hands from their data and scores."""
    HandFacts.objects.filter(hand__in=hands).delete()
    Score.objects.filter(hand__in=hands).delete()
    facts, bonuses, scores = [], [], []
    for hand in hands:
        parsed = table_setup.engine.parse_hand(hand.data, table_setup.players, table_setup.rules)
        row, hand_bonuses, hand_scores = _facts_rows(table, hand, table_setup.engine.facts(parsed))
        facts.append(row)
        bonuses += hand_bonuses
        scores += hand_scores
    HandFacts.objects.bulk_create(facts, batch_size=1000)
    Bonus.objects.bulk_create(bonuses, batch_size=1000)
    Score.objects.bulk_create(scores, batch_size=1000)


def _rescore_from(table: Table, table_setup: Setup, first: Hand | None) -> None:
    """Score every live hand from ``first`` on (all of them for None), from the state the hand before it left;
    store only what changed: scores, places, running totals, states, and the table's totals and status."""
    if first is None:
        seq, (state, number, totals) = 0, (engine_table.load_state(table_setup, None), 0, [0] * len(table.players))
    else:  # a deleted hand too: scoring starts at the live hand after it
        seq, (state, number, totals) = first.seq, _before(table, table_setup, first)
    rows = (
        table.hands.filter(deleted=False, seq__gte=seq)
        .order_by("seq")
        .values_list("pk", "data", "scores", "number", "totals", "state")
    )
    changed, rescored = [], []
    for pk, data, old_scores, old_number, old_totals, old_state in rows:
        number += 1
        result, state = engine_table.score_next(table_setup, state, data, number)  # InvalidTable rolls back
        scores = [result.scores[p] for p in table.players]
        totals = [t + s for t, s in zip(totals, scores)]
        dumped = engine_table.dump_state(state)
        if scores != old_scores:
            rescored.append((pk, scores))
        if (scores, number, totals, dumped) != (old_scores, old_number, old_totals, old_state):
            changed.append((pk, scores, number, totals, dumped))
    _write(changed, ["scores", "number", "totals", "state"])
    if rescored:  # each hand's score rows keep their player and side; only the numbers change (one UPDATE, run per row)
        _write_scores(table.players, rescored)
    _finish(table, table_setup, state, number, totals)


def _write(rows: list[tuple], fields: list[str]) -> None:
    """Store ``fields`` of many hands, given as (pk, value, …) rows, with one statement run many times: far
    cheaper than bulk_update's CASE expressions when an edit of an early hand changes thousands of totals."""
    if not rows:
        return
    columns = [Hand._meta.get_field(name) for name in fields]
    sql = "UPDATE {} SET {} WHERE id = %s".format(
        connection.ops.quote_name(Hand._meta.db_table),
        ", ".join(f"{connection.ops.quote_name(field.column)} = %s" for field in columns),
    )
    with connection.cursor() as cursor:
        cursor.executemany(
            sql,
            [
                [field.get_db_prep_save(value, connection) for field, value in zip(columns, values)] + [pk]
                for pk, *values in rows
            ],
        )


def _write_scores(players: list[str], rescored: list[tuple[int, list[int]]]) -> None:
    sql = "UPDATE {} SET {} = %s WHERE {} = %s AND {} = %s".format(
        *(connection.ops.quote_name(name) for name in (Score._meta.db_table, "score", "hand_id", "player"))
    )
    with connection.cursor() as cursor:
        cursor.executemany(
            sql, [(score, pk, player) for pk, scores in rescored for player, score in zip(players, scores)]
        )


def _finish(table: Table, table_setup: Setup, state: Any, number: int, totals: list[int]) -> None:
    table.totals = dict(zip(table.players, totals))
    table.summary = table_setup.engine.status(state).as_json()
    table.state = engine_table.dump_state(state)
    table.hand_count = number


def _change(
    table_id: int,
    version: int | None,
    apply: Callable[[Table, Setup], Any],
    submission: str = "",
    *,
    appends: bool = False,
    by_tournament: bool = False,
) -> Any:
    """Lock the table, see that this form was not submitted before, check the version the player saw, apply the
    change (which scores what it touched), store, and refresh what ratings read of the table (``appends``: the
    change only adds a hand at the end). All or nothing. The table of a closed tournament round takes no change
    but the director's (``by_tournament``): its result stands, and changes only as a correction, with a reason
    (TN8)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        if submission:
            done = table.changes.filter(submission=submission).first()
            if done is not None or Withdrawn.objects.filter(table=table, submission=submission).exists():
                raise AlreadyDone(done)  # sent before, or deleted on its phone before it came (withdraw)
        if not by_tournament:
            _tournament_allows(table)
        if version is not None and version != table.version:
            raise Conflict(
                _("Another phone changed this table meanwhile. Here is the current state; check it and try again.")
            )
        table_setup = setup_for(table)
        table.version += 1
        was_finished = bool(table.summary.get("finished"))
        _submission.set(submission)
        try:
            result = apply(table, table_setup)
        finally:
            _submission.set("")
        table.save(
            update_fields=[
                "totals",
                "summary",
                "state",
                "hand_count",
                "version",
                "rules",
                "name",
                "price_per_point",
                "currency",
                "players",
            ]
        )
        table_changed.send(sender=Table, table=table, was_finished=was_finished, appended=appends)
        return result


_submission: ContextVar[str] = ContextVar("submission", default="")


def withdraw(table: Table, submission: str) -> None:
    """A phone deleted a hand whose Save it never heard answered, and the server has no change of that Save: should
    the Save still come (it was on its way), it records nothing. Made while the table is held (holding)."""
    Withdrawn.objects.get_or_create(table=table, submission=submission)


@contextmanager
def holding(table: Table) -> Iterator[Table]:
    """The table locked, as every change locks it first, for one transaction that must see what a change still being
    stored leaves: a phone's edit or delete of a hand whose Save went unheard waits for that Save, then finds it.
    The changes made inside take the same lock again (theirs already) and the rounds' after it, as everywhere."""
    with transaction.atomic():
        yield Table.objects.select_for_update().get(pk=table.pk)


def _log(
    table: Table,
    hand: Hand | None,
    kind: str,
    *,
    before=None,
    after=None,
    device: str = "",
    undoes: Change | None = None,
) -> Change:
    """The change in the history; the first one a form makes carries its submission token."""
    submission = _submission.get()
    _submission.set("")
    return Change.objects.create(
        table=table,
        hand=hand,
        kind=kind,
        before=before,
        after=after,
        device=device,
        undoes=undoes,
        version=table.version,
        number=_hand_number(table, hand),
        submission=submission,
    )


def _hand_number(table: Table, hand: Hand | None) -> int | None:
    """The hand's number among the game's hands now, as the list of hands counts them; None for a penalty, a
    correction or the closing (no hand of the game), or no hand."""
    if hand is None or hand.number is None:
        return None
    if HandFacts.objects.filter(hand=hand).exclude(kind="hand").exists():
        return None
    return hand.number - others(table, up_to=hand.number).count()


def others(table: Table, *, up_to: int | None = None):
    """The table's live penalties, corrections and closing (up to the live hand numbered ``up_to``): read through
    their own index (facts_by_kind), so counting them reads as many rows as there are of them, not the table's
    hands. A hand's number among the game's hands is its place less these before it."""
    rows = others_at([table.pk])
    return rows if up_to is None else rows.filter(hand__number__lte=up_to)


def others_at(tables: list[int]):
    """The live penalties, corrections and closings of these tables (by id), through their index."""
    return HandFacts.objects.filter(table__in=tables, kind__in=OTHER_KINDS, hand__deleted=False)


def _room_for(held: int, data: Any) -> None:
    """A table holds at most as many hands as an import may bring (deleted ones too: they can be restored); the end
    of the evening is always possible, at a full table too (engine_table.counted_hands)."""
    if held >= settings.TALON_MAX_HANDS and not is_closing(data):
        raise InvalidTable(
            "",
            InvalidHand(
                "",
                N_("this table is full: it holds at most {most} hands; start a new evening for more"),
                most=settings.TALON_MAX_HANDS,
            ),
        )


def _tournament_allows(table: Table) -> None:
    """The table of a tournament round takes no change from its players once its round is closed, nor while the
    director's typed result counts for it (the paper and the phone would disagree): the whole table refused, its
    reason said (a phone's send stays on the phone). Taking the typed result back is the director's choice."""
    rounds = _rounds_locked(table)  # a typed result is written under its round's lock: seen as it stands
    if any(r.status == Round.CLOSED for r in rounds):
        raise InvalidTable("", InvalidHand("", ROUND_CLOSED))  # the whole table: no place to name
    if rounds and RoundTable.objects.filter(table=table, totals__isnull=False).exists():
        raise InvalidTable("", InvalidHand("", TYPED_RESULT))


TYPED_RESULT = N_(
    "the tournament's director typed this table's result from its paper sheet, and it counts: the table takes "
    "no hand or change; ask the director, who can take the typed result back to count the hands played here"
)


ROUND_CLOSED = N_(
    "this table's tournament round is closed: its result stands, and only the tournament's director "
    "changes it, as a correction with a reason"
)


NOT_EDITED = N_(
    "a penalty, a correction or the end of the evening is not edited, nor is a hand made one: "
    "delete it and write it again"
)
GAME_OVER = N_("this table's game is over, and with it the round at this table: no new game begins in the round")
ROUND_FULL = N_("this round's limit of {hands} hands is reached: no new hand begins; the table's result stands")


def _rounds_locked(table: Table) -> list[Round]:
    """The tournament rounds ``table`` is played in, locked until the change is stored: a round being closed
    meanwhile (close_round locks it) waits for the change, or the change sees it closed. Locks are taken table,
    then round, as everywhere else (a tournament's, before both)."""
    return list(Round.objects.select_for_update(of=("self",)).filter(tables__table=table))


def tournament_table(table: Table) -> RoundTable | None:
    """The tournament table ``table`` is played as (its round and tournament read with it), or None."""
    return RoundTable.objects.filter(table=table).select_related("round__tournament").first()


def limit_of(round_table: RoundTable | None) -> dict[str, Any] | None:
    """The limit of ``round_table``'s round while it is played (TN4), or None: the tournament, the round and table
    numbers, the number of hands (None: no limit) and when the time is up (None: no time limit)."""
    if round_table is None or round_table.round.status != Round.STARTED:
        return None
    tournament = round_table.round.tournament
    return {
        "tournament": tournament,
        "round": round_table.round.number,
        "table": round_table.table_no,
        "hands": (tournament.settings.get("round_limit") or {}).get("hands"),
        "ends_at": round_table.round.ends_at,
    }


def round_limit(table: Table) -> dict[str, Any] | None:
    """The limit of a started tournament round this table is played in (TN4), or None."""
    return limit_of(
        RoundTable.objects.filter(table=table, round__status=Round.STARTED).select_related("round__tournament").first()
    )


def game_over(table: Table) -> bool:
    """The table's game ended by itself (Two Ten Jack after its last round), not closed by its players: at a
    tournament's table its round is over there too."""
    summary = table.summary or {}
    return bool(summary.get("finished")) and not summary.get("closed")


def is_a_deal(data: Any) -> bool:
    """A hand of the game itself, not one of the two kinds every game shares (shared/formats/table-json.md): a
    penalty or correction (an adjustment), or the end of the evening."""
    return not (isinstance(data, dict) and ("adjustment" in data or "closing" in data))


def hands_played(table: Table) -> int:
    """How many hands of the game the table holds: its live rows but penalties, corrections and the closing. A
    round's limit of hands counts these (TN4), as the table page's "hand 12 of 21" does."""
    return table.hand_count - others(table).count()


def _within_round_limit(table: Table, data: Any) -> None:
    """A table of a started tournament round takes no new hand past the round's limit (TN4): its number of hands,
    or its time. When the time is up the hand being played is still saved (the first one recorded after it, by
    the web form or a phone's offline send); no other begins. A penalty, a correction or the end of the evening is
    no hand: it is taken at any time of the round."""
    limit = round_limit(table)
    if limit is None or not is_a_deal(data):
        return
    if game_over(table):  # a game that ends by itself: its round is over at this table
        raise InvalidTable("", InvalidHand("", GAME_OVER))
    _within_round_hands(table, limit)
    ends_at = limit["ends_at"]
    if (
        ends_at is not None
        and timezone.now() >= ends_at
        and table.changes.filter(kind=Change.RECORDED, created_at__gte=ends_at).exists()
    ):
        raise InvalidTable(
            "",
            InvalidHand("", N_("this round's time is up: the hand being played was saved and no new hand begins")),
        )


def _within_round_hands(table: Table, limit: dict[str, Any] | None) -> None:
    """A table of a started tournament round holds no more live hands than the round's limit (TN4), however a
    hand comes: recorded, sent from a phone, restored, or brought back by an undo."""
    if limit is not None and limit["hands"] and hands_played(table) >= limit["hands"]:
        raise InvalidTable("", InvalidHand("", ROUND_FULL, hands=limit["hands"]))


def _restorable(table: Table, data: Any) -> None:
    """A deleted hand comes back (a restore, an undo of its deletion) only within the round's limit of hands: in
    the place of a hand deleted, not beside the hands the round allows. (The time limit stops only new hands: a
    hand played before it ends may still come back.) A penalty is no hand: it comes back within any limit."""
    if is_a_deal(data):
        _within_round_hands(table, round_limit(table))


def record_hand(
    table: Table, data: dict, *, device: str = "", version: int | None = None, submission: str = "", parsed: Any = None
) -> Hand:
    """The new hand is scored alone, from the state the last hand left: the same cost at any length of table.
    ``parsed``: the hand as the form's check already parsed it, used when the table is still at the ``version``
    the form was made for (its players and rules the same), so that a Save parses the hand once."""

    def apply(locked: Table, table_setup: Setup) -> Hand:
        last = locked.hands.aggregate(last=Max("seq"))["last"] or 0  # the hands are at places 1 … last
        _room_for(last, data)
        _within_round_limit(locked, data)
        state, number, totals = _before(locked, table_setup, None)
        played, result, state = engine_table.play_next(
            table_setup, state, data, number + 1, parsed if version is not None else None
        )  # may refuse
        scores = [result.scores[p] for p in locked.players]
        totals = [t + s for t, s in zip(totals, scores)]
        hand = Hand.objects.create(
            table=locked,
            seq=last + 1,
            data=data,
            scores=scores,
            number=number + 1,
            totals=totals,
            state=engine_table.dump_state(state),
        )
        facts, bonuses, score_rows = _facts_rows(locked, hand, table_setup.engine.facts(played))
        facts.save()
        Bonus.objects.bulk_create(bonuses)
        Score.objects.bulk_create(score_rows)
        _finish(locked, table_setup, state, number + 1, totals)
        _log(locked, hand, Change.RECORDED, after=data, device=device)
        return hand

    return _change(table.pk, version, apply, submission, appends=True)


SHIFT = 1_000_000_000  # moves hands out of the way in two steps, so that no two share a place in between


def insert_hand(
    table: Table, data: dict, *, after_seq: int, device: str = "", version: int | None = None, submission: str = ""
) -> Hand:
    """A hand put in after the hand at ``after_seq`` (0: first), before the hands that follow it: a phone's hands
    recorded without signal, placed before what another phone recorded meanwhile. The later hands move one place
    on and everything from the new hand on is scored again; a later hand the move makes invalid refuses it all."""

    def apply(locked: Table, table_setup: Setup) -> Hand:
        _room_for(locked.hands.count(), data)
        _within_round_limit(locked, data)
        last = locked.hands.aggregate(last=Max("seq"))["last"] or 0
        after = max(0, min(after_seq, last))  # beyond the last hand is at the end, however far beyond it says
        later = locked.hands.filter(seq__gt=after)
        later.update(seq=F("seq") + SHIFT)
        locked.hands.filter(seq__gt=SHIFT).update(seq=F("seq") - SHIFT + 1)
        hand = Hand.objects.create(table=locked, seq=after + 1, data=data, scores=[], totals=[])
        try:
            _store_facts(locked, table_setup, [hand])
        except InvalidHand as error:
            raise InvalidTable("hand", error) from None
        _rescore_from(locked, table_setup, hand)
        hand.refresh_from_db(fields=["number"])
        _log(locked, hand, Change.RECORDED, after=data, device=device)
        return hand

    return _change(table.pk, version, apply, submission)


def _current(locked: Table, hand: Hand, *, deleted: bool) -> Hand:
    current = Hand.objects.get(pk=hand.pk, table=locked)
    if current.deleted != deleted:
        raise Conflict(_("This hand was deleted meanwhile.") if current.deleted else _("This hand is not deleted."))
    return current


def edit_hand(hand: Hand, data: dict, *, device: str = "", version: int | None = None, submission: str = "") -> Hand:
    return _change_hand(hand, Change.EDITED, data, device=device, version=version, submission=submission)


def delete_hand(hand: Hand, *, device: str = "", version: int | None = None, submission: str = "") -> Hand:
    return _change_hand(hand, Change.DELETED, device=device, version=version, submission=submission)


def restore_hand(hand: Hand, *, device: str = "", version: int | None = None, submission: str = "") -> Hand:
    return _change_hand(hand, Change.RESTORED, device=device, version=version, submission=submission)


def _change_hand(
    hand: Hand, kind: str, data: dict | None = None, *, device: str, version: int | None, submission: str
) -> Hand:
    """Edit (to ``data``), delete or restore one hand: the hand as it is now (live; deleted, for a restore)
    changed, every hand from it on scored again, the change in the history."""

    def apply(locked: Table, table_setup: Setup) -> Hand:
        current = _current(locked, hand, deleted=kind == Change.RESTORED)
        if kind == Change.EDITED:
            if not (is_a_deal(current.data) and is_a_deal(data)):  # so a round's limit counts what was played
                raise InvalidTable("hand", InvalidHand("", NOT_EDITED), current.number)
            _log(locked, current, kind, before=current.data, after=data, device=device)
            current.data = data
            current.save(update_fields=["data", "updated_at"])
            try:
                _store_facts(locked, table_setup, [current])
            except InvalidHand as error:  # a phone's edit made before another phone renamed a player …
                raise InvalidTable("hand", error, current.number) from None
        elif kind == Change.DELETED:
            _log(locked, current, kind, before=current.data, device=device)
            current.deleted, current.number = True, None
            current.save(update_fields=["deleted", "number", "updated_at"])
        else:
            _restorable(locked, current.data)
            current.deleted = False
            current.save(update_fields=["deleted", "updated_at"])
        _rescore_from(locked, table_setup, current)
        if kind == Change.RESTORED:  # its number is known once the hands are numbered again
            current.refresh_from_db(fields=["number"])
            _log(locked, current, kind, after=current.data, device=device)
        return current

    return _change(hand.table_id, version, apply, submission)


DETAILS = ("name", "price_per_point", "currency")


def change_settings(
    table: Table,
    *,
    details: dict[str, str],
    rules: dict,
    device: str = "",
    version: int | None = None,
    submission: str = "",
) -> Table:
    """Name, price per point, currency and house rules, in one change: every hand is scored again under new
    rules (or the whole change is refused). Each part that changed is in the history and can be undone."""

    def apply(locked: Table, table_setup: Setup) -> Table:
        before = {key: getattr(locked, key) for key in DETAILS}
        changed = {key: value for key, value in details.items() if before[key] != value}
        if "name" in changed and RoundTable.objects.filter(table=locked).exists():  # its round and table number
            raise InvalidTable(
                "name", InvalidHand("", N_("a tournament's table keeps the name the tournament gave it"))
            )
        if changed:
            _log(
                locked, None, Change.DETAILS, before={key: before[key] for key in changed}, after=changed, device=device
            )
            for key, value in changed.items():
                setattr(locked, key, value)
        if rules != locked.rules:
            if RoundTable.objects.filter(table=locked).exists():
                raise InvalidTable(
                    "rules", InvalidHand("", N_("a tournament's table plays the tournament's house rules"))
                )
            new_setup = engine_table.setup(locked.game, rules, locked.players)  # raises InvalidTable
            _log(locked, None, Change.RULES, before=locked.rules, after=rules, device=device)
            locked.rules = rules
            _rescore_from(locked, new_setup, None)
        return locked

    return _change(table.pk, version, apply, submission)


def change_rules(table: Table, rules: dict, *, device: str = "", version: int | None = None) -> Table:
    """New house rules for a table, and nothing else."""
    return change_settings(table, details={}, rules=rules, device=device, version=version)


def _rename(locked: Table, old: str, new: str, *, by_tournament: bool = False) -> None:
    """``old`` becomes ``new`` everywhere the table names a player: its seating, every hand's data (deleted ones
    too, so a restore finds the name), the facts and score rows; then every hand is scored again from the
    start, so the totals and the engine's state (who leads, each player's marks) carry the new name."""
    if old not in locked.players:
        raise Conflict(_("%(name)s no longer sits at this table.") % {"name": old})
    if not by_tournament and RoundTable.objects.filter(table=locked).exists():  # the tournament names its players
        raise InvalidTable(
            "players",
            InvalidHand(
                "",
                N_("a tournament's table keeps the names the tournament registered, as its standings and document do"),
            ),
        )
    players = [new if name == old else name for name in locked.players]
    new_setup = engine_table.setup(locked.game, locked.rules, players)  # raises InvalidTable: a name twice
    engine = new_setup.engine
    rows = []
    for pk, data in locked.hands.values_list("pk", "data"):
        renamed = engine.rename_player(data, old, new)
        if renamed != data:
            rows.append((pk, renamed))
    _write(rows, ["data"])
    Score.objects.filter(table=locked, player=old).update(player=new)
    for field in ("leader", "declarer", "partner"):
        HandFacts.objects.filter(table=locked, **{field: old}).update(**{field: new})
    locked.players = players
    _rescore_from(locked, new_setup, None)
    if locked.circle_id:  # the new name sits down with the circle too
        _seat_in_circle(Circle.objects.select_for_update().get(pk=locked.circle_id), players)


def rename_player(
    table: Table,
    old: str,
    new: str,
    *,
    device: str = "",
    version: int | None = None,
    submission: str = "",
    by_tournament: bool = False,
) -> Table:
    """A player's name corrected (a typo) everywhere at the table, in one change that undo reverses. At a
    tournament's table only the tournament's director renames (``by_tournament``), for the whole tournament."""

    def apply(locked: Table, table_setup: Setup) -> Table:
        _rename(locked, old, new, by_tournament=by_tournament)
        _log(locked, None, Change.RENAMED, before={"player": old}, after={"player": new}, device=device)
        return locked

    return _change(table.pk, version, apply, submission, by_tournament=by_tournament)


def last_undoable(table: Table) -> Change | None:
    return table.changes.filter(undoes__isnull=True, undone_by__isnull=True).order_by("-id").first()


def undo_last(table: Table, *, device: str = "", version: int | None = None, submission: str = "") -> Change | None:
    """Reverse the latest change that is not itself an undo; the undo is kept in the history too."""

    def apply(locked: Table, table_setup: Setup) -> Change | None:
        target = last_undoable(locked)
        if target is None:
            raise NothingToUndo(_("There is nothing to undo."))
        if target.kind == Change.DETAILS:
            now = {key: getattr(locked, key) for key in target.before}
            for key, value in target.before.items():
                setattr(locked, key, value)
            return _log(locked, None, Change.DETAILS, before=now, after=target.before, device=device, undoes=target)
        if target.kind == Change.RENAMED:
            old, new = target.before["player"], target.after["player"]
            _rename(locked, new, old)
            return _log(
                locked,
                None,
                Change.RENAMED,
                before={"player": new},
                after={"player": old},
                device=device,
                undoes=target,
            )
        if target.kind == Change.RULES:
            before, locked.rules = locked.rules, target.before
            change = _log(locked, None, Change.RULES, before=before, after=target.before, device=device, undoes=target)
            _rescore_from(locked, engine_table.setup(locked.game, locked.rules, locked.players), None)
            return change
        hand = Hand.objects.get(pk=target.hand_id)
        if target.kind in (Change.RECORDED, Change.RESTORED):
            kind, before, after = Change.DELETED, hand.data, None
            change = _log(locked, hand, kind, before=before, after=after, device=device, undoes=target)
            hand.deleted, hand.number = True, None
        elif target.kind == Change.DELETED:
            _restorable(locked, hand.data)
            kind, before, after = Change.RESTORED, None, hand.data
            hand.deleted = False
            change = None
        else:
            kind, before, after = Change.EDITED, hand.data, target.before
            change = _log(locked, hand, kind, before=before, after=after, device=device, undoes=target)
            hand.data = target.before
        hand.save(update_fields=["data", "deleted", "number", "updated_at"])
        if kind == Change.EDITED:
            _store_facts(locked, table_setup, [hand])
        _rescore_from(locked, table_setup, hand)
        if change is None:  # a restore: its number is known once the hands are scored again
            hand.refresh_from_db(fields=["number"])
            change = _log(locked, hand, kind, before=before, after=after, device=device, undoes=target)
        return change

    return _change(table.pk, version, apply, submission)


def add_to_circle(table: Table, circle: Circle) -> Table:
    """An existing table joins a circle (its players join the circle's list): the circle's history, statistics
    and chart count it from now on. Scores and hands are untouched, so the table's version stays."""
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        circle = Circle.objects.select_for_update().get(pk=circle.pk)
        left = locked.circle_id
        locked.circle = circle
        locked.save(update_fields=["circle"])
        finished = bool(locked.summary.get("finished"))
        moved = tuple(sorted({left, circle.pk} - {None}))  # its finished evenings count here from now on, not there
        table_changed.send(sender=Table, table=locked, was_finished=finished, appended=False, circles=moved)
        _seat_in_circle(circle, locked.players)
        return locked


def _seat_in_circle(circle: Circle, players: list[str]) -> None:
    """Whoever sits down with the circle joins its list of players (a name it knows, however written, is not
    added again)."""
    known = {name_key(p) for p in circle.players}
    newcomers = [p for p in players if name_key(p) not in known]
    if newcomers:
        circle.players = circle.players + newcomers
        circle.save(update_fields=["players"])


def export_table(table: Table, *, hands: bool = True) -> dict[str, Any]:
    """The table document: what settle reads and import takes back (without its hands: only what precedes them)."""
    doc: dict[str, Any] = {"game": table.game}
    if table.rules:
        doc["rules"] = table.rules
    doc["players"] = list(table.players)
    if hands:
        doc["hands"] = list(table.hands.filter(deleted=False).order_by("seq").values_list("data", flat=True))
    return doc


def _within_an_import(hands: list) -> None:
    """An import scores every hand it brings in one request: at most TALON_MAX_IMPORT_HANDS of them (about 2 s of
    a worker), and never more than a table holds."""
    counted = engine_table.counted_hands(hands)  # its end of the evening takes no hand's place
    if counted > settings.TALON_MAX_HANDS:
        raise InvalidTable(
            "hands",
            InvalidHand(
                "",
                N_("a table document may hold at most {most} hands, this one has {count}"),
                most=settings.TALON_MAX_HANDS,
                count=counted,
            ),
        )
    if counted > settings.TALON_MAX_IMPORT_HANDS:
        raise InvalidTable(
            "hands",
            InvalidHand(
                "",
                N_(
                    "an import brings at most {most} hands, this document has {count} (a Talon of your own may "
                    "allow more)"
                ),
                most=settings.TALON_MAX_IMPORT_HANDS,
                count=counted,
            ),
        )


class ScoredDocument(NamedTuple):
    """A table document whose every hand was scored (what import_table writes): its setup, the state and totals
    after the last hand, and each hand's data, scores, running totals, state after it and facts."""

    doc: Any
    setup: Any
    state: Any
    totals: list[int]
    hands: list[tuple]


def import_table(doc: Any, *, name: str = "") -> Table:
    """A new table from a table document: every hand is checked by scoring it first, then everything is
    written in bulk, in one transaction."""
    return write_scored(score_document(doc), name=name)


def score_document(doc: Any) -> ScoredDocument:
    """Every hand of a table document scored, outside any transaction (no lock held meanwhile); InvalidTable
    naming the hand and field that is wrong."""
    table_setup, hands = engine_table.parse_document(doc)
    problem = names_problem(table_setup.players)  # what the new-table form refuses, a document cannot carry
    if problem is not None:
        raise InvalidTable("players", InvalidHand("", problem.text, **problem.args))
    _within_an_import(hands)
    state = engine_table.load_state(table_setup, None)
    scored = []
    totals = [0] * len(table_setup.players)
    for number, data in enumerate(hands, start=1):  # raises InvalidTable naming the hand and field
        parsed, result, state = engine_table.play_next(table_setup, state, data, number)
        scores = [result.scores[p] for p in table_setup.players]
        totals = [t + s for t, s in zip(totals, scores)]
        scored.append((data, scores, list(totals), engine_table.dump_state(state), table_setup.engine.facts(parsed)))
    return ScoredDocument(doc, table_setup, state, totals, scored)


def write_scored(document: ScoredDocument, *, name: str = "") -> Table:
    """A scored table document written as a new table, in bulk, in one transaction."""
    doc, table_setup, state, totals, scored = document
    with transaction.atomic():
        table = create_table(game=doc["game"], players=doc["players"], rules=doc.get("rules") or {}, name=name)
        made = Hand.objects.bulk_create(
            [
                Hand(table=table, seq=number, data=data, scores=scores, number=number, totals=running, state=after)
                for number, (data, scores, running, after, _facts) in enumerate(scored, start=1)
            ],
            batch_size=1000,
        )
        made = list(table.hands.order_by("seq"))  # with their keys on every database
        rows = [_facts_rows(table, hand, facts) for hand, (*_rest, facts) in zip(made, scored)]
        HandFacts.objects.bulk_create([row for row, _b, _s in rows], batch_size=1000)
        Bonus.objects.bulk_create([b for _r, bonuses, _s in rows for b in bonuses], batch_size=1000)
        Score.objects.bulk_create([s for _r, _b, scores in rows for s in scores], batch_size=1000)
        Change.objects.bulk_create(
            [
                Change(
                    table=table,
                    hand=hand,
                    kind=Change.RECORDED,
                    after=hand.data,
                    device=_("import"),
                    version=0,
                    number=hand.number,
                )
                for hand in made
            ],
            batch_size=1000,
        )
        _finish(table, table_setup, state, len(made), totals)
        table.save(update_fields=["totals", "summary", "state", "hand_count"])
        table_changed.send(sender=Table, table=table, was_finished=False, appended=False, whole=True)
    return table


__all__ = [
    "Conflict",
    "InvalidTable",
    "create_table",
    "record_hand",
    "insert_hand",
    "edit_hand",
    "delete_hand",
    "restore_hand",
    "rename_player",
    "undo_last",
    "preview_hand",
    "replay_table",
    "export_table",
    "import_table",
    "score_document",
    "write_scored",
]

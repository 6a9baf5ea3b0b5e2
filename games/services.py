"""The one place where the engines meet the database: record, edit, delete, restore, undo, replay, import, export.

Every change runs in one transaction with the table row locked, checks the version the player saw, stores the
inputs, then replays every live hand in order through the engine and stores what it derived (scores, totals,
radelci, Bummerl, rotation). Nothing is overwritten without a Change that keeps the data before and after.
"""

from __future__ import annotations

from typing import Any, Callable

from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from .engines import table as engine_table
from .engines.base import HandResult
from .engines.table import InvalidTable, Replay, Setup
from .models import Change, Circle, Hand, Table

LINK_CACHE_SECONDS = 1


def link_cache_key(field: str, token: str) -> str:
    """Where the table page remembers, for a second, which table and version a link leads to."""
    return f"table-at:{field}:{token}"


def _forget_links(table: Table) -> None:
    cache.delete_many([link_cache_key("edit_token", table.edit_token), link_cache_key("view_token", table.view_token)])


class Conflict(Exception):
    """The table changed on another phone since this one loaded it."""


def setup_for(table: Table) -> Setup:
    return engine_table.setup(table.game, table.rules, table.players)


def live_hands(table: Table) -> list[Hand]:
    return list(table.hands.filter(deleted=False).order_by("seq"))


def replay_table(table: Table, hands: list[Hand] | None = None) -> Replay:
    hands = live_hands(table) if hands is None else hands
    return engine_table.replay(setup_for(table), [hand.data for hand in hands])


def status_of(table: Table, replay: Replay) -> dict[str, Any]:
    """What the table page shows besides totals: rotation, radelci, Bummerl, rounds."""
    return setup_for(table).engine.status(replay.state)


def create_table(*, game: str, players: list[str], rules: dict | None = None, name: str = "",
                 played_on=None, circle: Circle | None = None) -> Table:
    table_setup = engine_table.setup(game, rules or {}, players)  # raises InvalidTable
    table = Table(game=game, players=list(table_setup.players), rules=rules or {}, name=name, played_on=played_on,
                  circle=circle)
    if circle is not None:
        newcomers = [p for p in table.players if p not in circle.players]
        if newcomers:  # whoever sits down with the circle joins it
            circle.players = circle.players + newcomers
            circle.save(update_fields=["players"])
    replay = engine_table.replay(table_setup, [])
    table.totals = replay.totals
    table.summary = table_setup.engine.status(replay.state)
    table.save()
    return table


def preview_hand(table: Table, data: dict, *, replacing: Hand | None = None) -> HandResult:
    """Score ``data`` as the next hand, or in place of ``replacing``, without saving anything."""
    table_setup = setup_for(table)
    state = table_setup.engine.new_state(table_setup.players, table_setup.rules)
    number = 1
    for hand in live_hands(table):
        if replacing is not None and hand.pk == replacing.pk:
            break
        _, state = engine_table.score_next(table_setup, state, hand.data, number)
        number += 1
    return engine_table.score_next(table_setup, state, data, number)[0]


def preview_without_table(game: str, players: list[str], rules: dict, data: dict) -> HandResult:
    """The rules page's calculator: one hand on an empty table."""
    table_setup = engine_table.setup(game, rules, players)
    state = table_setup.engine.new_state(table_setup.players, table_setup.rules)
    return engine_table.score_next(table_setup, state, data, 1)[0]


def _change(table_id: int, version: int | None, apply: Callable[[Table], Any]) -> Any:
    """Lock the table, check the version the player saw, apply the change, replay, store. All or nothing."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        if version is not None and version != table.version:
            raise Conflict(_("Another phone changed this table meanwhile. Here is the current state; "
                             "check it and try again."))
        result = apply(table)
        _recompute(table)
        table.version += 1
        table.save(update_fields=["totals", "summary", "version", "rules"])
        transaction.on_commit(lambda: _forget_links(table))
        return result


def _recompute(table: Table) -> None:
    """Replay every live hand; write only the scores that changed. Reads just the columns the replay needs."""
    rows = list(table.hands.filter(deleted=False).order_by("seq").values_list("pk", "data", "scores"))
    replay = engine_table.replay(setup_for(table), [data for _, data, _ in rows])  # InvalidTable rolls back
    changed = []
    for (pk, _data, stored), result in zip(rows, replay.results):
        scores = [result.scores[p] for p in table.players]
        if stored != scores:
            changed.append(Hand(pk=pk, scores=scores))
    Hand.objects.bulk_update(changed, ["scores"], batch_size=1000)
    table.totals = replay.totals
    table.summary = status_of(table, replay)


def record_hand(table: Table, data: dict, *, device: str = "", version: int | None = None) -> Hand:
    def apply(locked: Table) -> Hand:
        last = locked.hands.aggregate(last=Max("seq"))["last"] or 0
        hand = Hand.objects.create(table=locked, seq=last + 1, data=data)
        Change.objects.create(table=locked, hand=hand, kind=Change.RECORDED, after=data, device=device)
        return hand
    return _change(table.pk, version, apply)


def edit_hand(hand: Hand, data: dict, *, device: str = "", version: int | None = None) -> Hand:
    def apply(locked: Table) -> Hand:
        current = Hand.objects.get(pk=hand.pk, table=locked)
        if current.deleted:
            raise Conflict(_("This hand was deleted meanwhile."))
        Change.objects.create(table=locked, hand=current, kind=Change.EDITED, before=current.data, after=data,
                              device=device)
        current.data = data
        current.save(update_fields=["data", "updated_at"])
        return current
    return _change(hand.table_id, version, apply)


def delete_hand(hand: Hand, *, device: str = "", version: int | None = None) -> Hand:
    def apply(locked: Table) -> Hand:
        current = Hand.objects.get(pk=hand.pk, table=locked)
        if current.deleted:
            raise Conflict(_("This hand was deleted meanwhile."))
        Change.objects.create(table=locked, hand=current, kind=Change.DELETED, before=current.data, device=device)
        current.deleted = True
        current.save(update_fields=["deleted", "updated_at"])
        return current
    return _change(hand.table_id, version, apply)


def restore_hand(hand: Hand, *, device: str = "", version: int | None = None) -> Hand:
    def apply(locked: Table) -> Hand:
        current = Hand.objects.get(pk=hand.pk, table=locked)
        if not current.deleted:
            raise Conflict(_("This hand is not deleted."))
        Change.objects.create(table=locked, hand=current, kind=Change.RESTORED, after=current.data, device=device)
        current.deleted = False
        current.save(update_fields=["deleted", "updated_at"])
        return current
    return _change(hand.table_id, version, apply)


def change_rules(table: Table, rules: dict, *, device: str = "", version: int | None = None) -> Table:
    """New house rules for a table; every hand is scored again under them (or the change is refused)."""
    def apply(locked: Table) -> Table:
        engine_table.setup(locked.game, rules, locked.players)  # raises InvalidTable for a bad option
        Change.objects.create(table=locked, kind=Change.RULES, before=locked.rules, after=rules, device=device)
        locked.rules = rules
        locked.save(update_fields=["rules"])
        return locked
    return _change(table.pk, version, apply)


def change_details(table: Table, **details: str) -> Table:
    """Name, price per point, currency: what the table is called and how it settles; no hand depends on them.
    The version still rises, so every phone's page shows the change."""
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        for key, value in details.items():
            setattr(locked, key, value)
        locked.version += 1
        locked.save(update_fields=[*details, "version"])
        transaction.on_commit(lambda: _forget_links(locked))
    return locked


def last_undoable(table: Table) -> Change | None:
    return table.changes.filter(undoes__isnull=True, undone_by__isnull=True).order_by("-id").first()


def undo_last(table: Table, *, device: str = "", version: int | None = None) -> Change | None:
    """Reverse the latest change that is not itself an undo; the undo is kept in the history too."""
    def apply(locked: Table) -> Change | None:
        target = last_undoable(locked)
        if target is None:
            return None
        if target.kind == Change.RULES:
            before, locked.rules = locked.rules, target.before
            locked.save(update_fields=["rules"])
            return Change.objects.create(table=locked, kind=Change.RULES, before=before, after=target.before,
                                         device=device, undoes=target)
        hand = Hand.objects.get(pk=target.hand_id)
        if target.kind in (Change.RECORDED, Change.RESTORED):
            kind, before, after = Change.DELETED, hand.data, None
            hand.deleted = True
        elif target.kind == Change.DELETED:
            kind, before, after = Change.RESTORED, None, hand.data
            hand.deleted = False
        else:
            kind, before, after = Change.EDITED, hand.data, target.before
            hand.data = target.before
        hand.save(update_fields=["data", "deleted", "updated_at"])
        return Change.objects.create(table=locked, hand=hand, kind=kind, before=before, after=after, device=device,
                                     undoes=target)
    return _change(table.pk, version, apply)


def export_table(table: Table) -> dict[str, Any]:
    """The table document: what settle reads and import takes back."""
    doc: dict[str, Any] = {"game": table.game}
    if table.rules:
        doc["rules"] = table.rules
    doc["players"] = list(table.players)
    doc["hands"] = [hand.data for hand in live_hands(table)]
    return doc


def import_table(doc: Any, *, name: str = "") -> Table:
    """A new table from a table document; every hand is checked by replaying it first."""
    table_setup, hands = engine_table.parse_document(doc)
    engine_table.replay(table_setup, hands)  # raises InvalidTable naming the hand and field
    with transaction.atomic():
        table = create_table(game=doc["game"], players=doc["players"], rules=doc.get("rules") or {}, name=name)
        for seq, data in enumerate(hands, start=1):
            hand = Hand.objects.create(table=table, seq=seq, data=data)
            Change.objects.create(table=table, hand=hand, kind=Change.RECORDED, after=data, device=_("import"))
        _recompute(table)
        table.save(update_fields=["totals", "summary"])
    return table


__all__ = ["Conflict", "InvalidTable", "create_table", "record_hand", "edit_hand", "delete_hand", "restore_hand",
           "undo_last", "preview_hand", "replay_table", "export_table", "import_table"]

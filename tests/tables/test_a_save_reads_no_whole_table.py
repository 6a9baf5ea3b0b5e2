"""A Save costs the same at the 10th hand and at the 10,000th: none of its queries reads the table's hands, their facts
or its history row by row (the form sent before is found by its submission through an index; the new hand's number
among the game's hands is its place less the penalties before it, read by their own index), and it makes as many
queries at any length of table. Checked by the plans the database itself gives, on SQLite and on PostgreSQL."""

import json
import secrets

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Change, Table
from games.tables import services

from ..factories import PLAYERS, team_hand

pytestmark = pytest.mark.django_db

PER_HAND = ("games_hand", "games_handfacts", "games_score", "games_bonus", "games_change")  # rows that grow with hands
PENALTY = {"adjustment": {"Anna": -30, "Bára": 10, "Cyril": 10, "Dana": 10}, "reason": "revoke"}


def table_of(count: int) -> Table:
    hands = [team_hand(povinnost=PLAYERS[i % 4], partner=PLAYERS[(i + 2) % 4], points=i % 107) for i in range(count)]
    return services.import_table({"game": "czech-taroky", "players": list(PLAYERS), "hands": [PENALTY, *hands]})


def save(client, table: Table) -> list[str]:
    """A hand saved through the form, as the page sends it (its version and its own submission token): its queries."""
    table.refresh_from_db()
    data = {
        "povinnost": table.summary["next_povinnost"],
        "mode": "team",
        "partner": "Cyril" if table.summary["next_povinnost"] != "Cyril" else "Anna",
        "points": "50",
        "contra": "0",
        "version": str(table.version),
        "submission": secrets.token_urlsafe(16),
        "save": "1",
    }
    client.get(f"/t/{table.edit_token}/")
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/t/{table.edit_token}/hands/new/", data)
    assert response.status_code == 302
    return [query["sql"] for query in captured.captured_queries]


def rows_read(sql: str) -> dict[str, int]:
    """What the database reads of Talon's tables to answer ``sql``, by its own plan: on SQLite each search or scan
    (one by a table's id alone reads every row of that table: counted as such); on PostgreSQL the rows each step
    actually read (EXPLAIN ANALYZE), with the planner told to prefer an index wherever one serves."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + sql)
            return {
                detail: 10**6
                for *_ids, detail in cursor.fetchall()
                if detail.startswith("SCAN games_")
                or (
                    detail.endswith("(table_id=?)")
                    and detail.split()[1] in PER_HAND
                    and not sql.startswith('SELECT MAX("games_hand"."seq")')  # reads the last entry of the places
                )
            }
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql)
        plan = cursor.fetchone()[0]
        plan = json.loads(plan) if isinstance(plan, str) else plan
        read: dict[str, int] = {}
        steps = [plan[0]["Plan"]]
        while steps:
            step = steps.pop()
            steps += step.get("Plans", [])
            if step.get("Relation Name", "").startswith("games_"):
                rows = step["Actual Rows"] + step.get("Rows Removed by Filter", 0)
                read[f"{step['Node Type']} on {step['Relation Name']}"] = rows * step["Actual Loops"]
        return read


def test_a_save_makes_as_many_queries_at_any_length_of_table(client):
    small, large = table_of(9), table_of(300)
    assert len(save(client, small)) == len(save(client, large))


def test_no_query_of_a_save_reads_the_tables_hands_facts_or_history(client):
    table = table_of(300)
    for _ in range(3):  # a history of Saves with submissions: the next one looks for its own among them
        queries = save(client, table)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    read = {}
    for sql in queries:
        if sql.startswith("SELECT"):
            read.update({step: rows for step, rows in rows_read(sql).items() if rows > 5})
    assert read == {}, read
    assert Change.objects.filter(table=table).count() > 300  # the history it did not read
    table.refresh_from_db()
    assert table.hand_count == 304
    assert Change.objects.filter(table=table).first().number == 303  # the last Save: hand 303 (the penalty is none)

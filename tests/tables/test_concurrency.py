"""Many phones changing one table at the same moment, on PostgreSQL: nothing duplicated, nothing lost, and the
stored totals equal a fresh replay of the stored inputs."""

import random
import threading

import pytest
from django.db import connection, connections

from games.models import Change, Hand, Table
from games.tables import services

from ..factories import make_table, team_hand

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 8
OPERATIONS = 20


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are PostgreSQL's; run under .ci/with-postgres")
def test_many_threads_recording_editing_and_deleting_at_once():
    table = make_table(hands=[team_hand(points=60)])
    done: list[tuple[str, int]] = []
    errors: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(THREADS)

    def work(worker: int) -> None:
        rng = random.Random(worker)
        try:
            start.wait()
            for _ in range(OPERATIONS):
                current = Table.objects.get(pk=table.pk)
                live = list(Hand.objects.filter(table=current, deleted=False).values_list("pk", flat=True))
                roll = rng.random()
                if roll < 0.55 or not live:
                    services.record_hand(current, team_hand(points=rng.randint(0, 106)))
                    kind = "recorded"
                elif roll < 0.8:
                    hand = Hand.objects.get(pk=rng.choice(live))
                    try:
                        services.edit_hand(hand, team_hand(points=rng.randint(0, 106)))
                    except services.Conflict:  # another thread deleted it first: refused, not overwritten
                        continue
                    kind = "edited"
                elif roll < 0.95:
                    hand = Hand.objects.get(pk=rng.choice(live))
                    try:
                        services.delete_hand(hand)
                    except services.Conflict:
                        continue
                    kind = "deleted"
                else:
                    try:
                        services.undo_last(current)
                    except services.NothingToUndo:
                        continue
                    kind = "undo"
                with lock:
                    done.append((kind, worker))
        except BaseException as error:  # surfaced below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors

    table.refresh_from_db()
    recorded = sum(1 for kind, _ in done if kind == "recorded")
    seqs = list(Hand.objects.filter(table=table).values_list("seq", flat=True))
    assert len(seqs) == len(set(seqs)) == 1 + recorded, "no duplicate and no lost hand"
    assert sorted(seqs) == list(range(1, len(seqs) + 1)), "hand numbers without gaps"
    assert Change.objects.filter(table=table).count() == 1 + len(done), "every change is in the history"
    assert table.version == 1 + len(done)
    replay = services.replay_table(table)
    assert table.totals == replay.totals, "stored totals equal a fresh replay of the stored inputs"
    for hand, result in zip(services.live_hands(table), replay.results):
        assert hand.scores == [result.scores[p] for p in table.players]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs real concurrent connections: PostgreSQL")
def test_reading_hands_while_another_phone_deletes_and_restores_them_never_fails():
    from django.test import Client
    from django.urls import reverse

    table = make_table(hands=[team_hand(points=p) for p in (40, 50, 60, 70)])
    failures: list[str] = []
    stop = threading.Event()

    def read() -> None:
        client = Client(raise_request_exception=False)  # a 500 is counted, not raised in this thread
        while not stop.is_set():
            for seq in (2, 3):
                for url in (
                    reverse("hand", args=[table.edit_token, seq]),
                    reverse("view_hand", args=[table.view_token, seq]),
                    reverse("edit_hand", args=[table.edit_token, seq]),
                    reverse("table", args=[table.edit_token]),
                ):
                    status = client.get(url).status_code
                    if status not in (200, 302):
                        failures.append(f"{url}: {status}")
        connection.close()

    readers = [threading.Thread(target=read) for _ in range(3)]
    for reader in readers:
        reader.start()
    try:
        for _ in range(15):
            for seq in (2, 3):
                services.delete_hand(Hand.objects.get(table=table, seq=seq))
            for seq in (3, 2):
                services.restore_hand(Hand.objects.get(table=table, seq=seq))
    finally:
        stop.set()
        for reader in readers:
            reader.join(30)
    assert not failures, failures[:5]

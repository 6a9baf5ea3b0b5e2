"""Many phones changing one table at the same moment, on PostgreSQL: nothing duplicated, nothing lost, and the
stored totals equal a fresh replay of the stored inputs."""

import random
import threading

import pytest
from django.db import connection, connections

from games import services
from games.models import Change, Hand, Table

from .factories import make_table, team_hand

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
                    if services.undo_last(current) is None:
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

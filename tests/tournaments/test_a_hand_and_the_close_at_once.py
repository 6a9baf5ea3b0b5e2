"""A hand saved at a tournament table while its round is being closed, on PostgreSQL: the hand waits for the close
and is then refused (the round's result stands as closed), never stored behind a closed round's back."""

import threading

import pytest
from django.db import connection, connections, transaction

from games.models import Round
from games.tables import services

from .test_tournament_web import beggar, make_tournament, play_round, started

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are PostgreSQL's; run under .ci/with-postgres")
def test_a_hand_saved_while_the_round_closes_waits_and_is_refused():
    round_ = started(make_tournament())
    play_round(round_)
    table = round_.tables.select_related("table").get(table_no=1).table
    hands_before = table.hands.count()
    closing, outcome = threading.Event(), []

    def save_a_hand() -> None:
        closing.wait()
        try:
            services.record_hand(table, beggar(table, 1))
            outcome.append("stored")
        except services.InvalidTable:
            outcome.append("refused")
        finally:
            connections.close_all()

    saver = threading.Thread(target=save_a_hand)
    saver.start()
    with transaction.atomic():  # close_round's steps, held open while the hand is sent
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        locked.status = Round.CLOSED
        locked.save(update_fields=["status"])
        closing.set()
        saver.join(timeout=1.5)
        assert saver.is_alive(), "the hand waits for the round's close"
    saver.join(timeout=30)
    assert outcome == ["refused"]
    assert table.hands.count() == hands_before

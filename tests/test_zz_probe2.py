import time
import pytest
from django.urls import reverse
from django.test.utils import CaptureQueriesContext
from django.db import connection
from games import tournaments as service, services
from games.models import Round, RoundTable
from .test_tournament_web import make_tournament, started, beggar, director_url, tarzs

pytestmark = pytest.mark.django_db

def measure(client, t):
    urls = [reverse("tournament", args=[t.public_token]), reverse("projector", args=[t.public_token]),
            reverse("standings_live", args=[t.public_token]), reverse("tournament_player", args=[t.public_token, 1]),
            reverse("find_table", args=[t.public_token]) + "?q=P", reverse("public_round", args=[t.public_token, 1]),
            director_url(t), director_url(t, "director_round", 1), director_url(t, "standings_csv"),
            director_url(t, "tournament_json"), director_url(t, "print_round", 1)]
    res = {}
    for u in urls:
        with CaptureQueriesContext(connection) as c:
            s = time.perf_counter(); r = client.get(u); d = time.perf_counter() - s
        res[u.split("/", 3)[-1]] = (r.status_code, len(c.captured_queries), round(d * 1000), len(r.content))
    return res

@pytest.mark.parametrize("hands", [1, 8])
def test_q(client, hands):
    t = make_tournament(players=[f"P{i}" for i in range(150)], settings=tarzs(hands=50, rounds=4))
    for n in (1, 2):
        rnd = started(t, n)
        for rt in rnd.tables.select_related("table"):
            for i in range(hands):
                services.record_hand(rt.table, beggar(rt.table, i % 3))
        if n == 1:
            service.close_round(Round.objects.get(tournament=t, number=1))
    for k, v in measure(client, t).items():
        print(hands, k, v)

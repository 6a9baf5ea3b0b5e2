"""Junk in every form and in settle: never a 500 or a traceback, and nothing saved from a rejected request."""

import io
import itertools
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.engines.table import settle
from games.management.commands.settle import Command
from games.middleware import LOST
from games.models import Change, Hand, Table
from games.registry import GAMES

from ..factories import committed_for_the_module, make_sample
from ..strategies import documents

VIEWERS = itertools.count()

# The second largest file of the app's tests: started first (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.long]
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)

junk_text = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "1e9",
            "99999999999999999999999",
            "3",
            "yes",
            "no",
            "true",
            "Anna",
            "Zed",
            "klop",
            "prever",
            "declarers",
            "40 2/3",
            "NaN",
            "2H",
            "JK",
            "\x00",
            "<script>",
            "' OR 1=1 --",
        ]
    ),
    st.integers(-(10**30), 10**30).map(str),
)
FIELD_NAMES = [
    "povinnost",
    "mode",
    "partner",
    "called",
    "prever",
    "talon",
    "points",
    "contra",
    "valat_side",
    "valat_announced",
    "valat_made",
    "pagat_side",
    "trumps_0",
    "honours_1",
    "trul_2",
    "count_kings",
    "count_ones",
    "version",
    "contract",
    "declarer",
    "points_whole",
    "points_third",
    "won",
    "kontra",
    "bonus_trula",
    "bonus_trula_side",
    "bonus_trula_kontra",
    "mond_lost_by",
    "klop_0",
    "klop_1_third",
    "count_others",
    "winner",
    "game_points",
    "ending",
    "by",
    "other_points",
    "other_had_trick",
    "card_2H",
    "card_QS",
    "removed_0",
    "removed_1",
    "points_2H",
    "rule_reversal",
    "rule_step_factor",
    "rule_radelci",
    "rule_target",
    "player_1",
    "player_2",
    "player_3",
    "player_4",
    "name",
    "preview",
]
junk_form = st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=6), junk_text, max_size=12)


def snapshot():
    return (
        Table.objects.count(),
        Hand.objects.count(),
        Change.objects.count(),
        list(Table.objects.order_by("pk").values_list("version", "rules", "name")),
        list(Hand.objects.order_by("pk").values_list("data", "deleted")),
    )


@pytest.fixture(scope="module")
def tables(django_db_setup, django_db_blocker):
    with committed_for_the_module(django_db_blocker):
        yield {game: make_sample(game) for game in GAMES}


def urls_for(table):
    token = table.edit_token
    return [
        reverse("record_hand", args=[token]),
        reverse("preview", args=[token]),
        reverse("edit_hand", args=[token, 1]),
        reverse("preview_edit", args=[token, 1]),
        reverse("settings", args=[token]),
        reverse("delete_hand", args=[token, 1]),
        reverse("restore_hand", args=[token, 1]),
        reverse("undo", args=[token]),
        reverse("new_table_for", args=[table.game]),
        reverse("rules", args=[table.game]),
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
@FUZZ
@given(data=junk_form, which=st.integers(0, 9), htmx=st.booleans())
@example(data={LOST: ""}, which=0, htmx=False)  # found by the search: a name that is U+FFFD
@example(data={"player_1": f"Anna{LOST}"}, which=8, htmx=False)
def test_forms_never_fail_and_save_nothing_they_reject(tables, game, data, which, htmx):
    url = urls_for(tables[game])[which]
    before = snapshot()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = Client(REMOTE_ADDR=f"10.8.{next(VIEWERS) % 250}.1").post(url, data, **headers)  # a 500 would raise
    # U+FFFD is what a browser sends for a character it could not read: such a form is refused whole, saying so
    # (games/middleware.py: refuse_text_that_is_no_utf8), and only such a form
    lost = any(LOST in key or LOST in value for key, value in data.items())
    assert response.status_code in ((400,) if lost else (200, 302, 404)), response.status_code
    saved = response.status_code == 302 or response.has_header("HX-Push-Url")  # htmx: the new page at once
    if not saved:
        assert snapshot() == before, "a rejected request saved something"
    else:
        open_what_was_saved(tables[game])


def open_what_was_saved(table):
    """Whatever a form saved, every page that shows it opens, and settle of its export gives its totals."""
    table.refresh_from_db()
    viewer = Client(REMOTE_ADDR=f"10.9.{next(VIEWERS) % 250}.1")  # each a new phone: within the limit of long pages
    for url in [
        reverse("table", args=[table.edit_token]),
        reverse("view_table", args=[table.view_token]),
        reverse("hands", args=[table.edit_token]),
        reverse("history", args=[table.edit_token]),
        reverse("sheet", args=[table.edit_token]),
        reverse("export_csv", args=[table.edit_token]),
        *(
            reverse(name, args=[token, seq])
            for seq in table.hands.values_list("seq", flat=True)
            for name, token in (("hand", table.edit_token), ("view_hand", table.view_token))
        ),
    ]:
        assert viewer.get(url).status_code == 200, url
    document = json.loads(viewer.get(reverse("export_json", args=[table.edit_token])).getvalue())
    assert settle(document)["totals"] == table.totals


@FUZZ
@given(
    text=st.one_of(
        st.text(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=5),
            lambda children: (
                st.lists(children, max_size=4)
                | st.dictionaries(
                    st.sampled_from(["game", "players", "hands", "rules", "points", "povinnost", "x"]),
                    children,
                    max_size=4,
                )
            ),
            max_leaves=10,
        ).map(json.dumps),
    )
)
def test_settle_never_prints_a_traceback(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("doc") / "table.json"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            Command(stdout=out, stderr=err).run_from_argv(["manage.py", "settle", str(path)])
            code = 0
        except SystemExit as exit:
            code = exit.code
    if code == 0:
        json.loads(out.getvalue())
    else:
        assert code == 2 and out.getvalue() == ""
        assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(FUZZ, max_examples=25)  # each example a whole random evening (some 5 hands), every page of it opened:
@given(data=st.data())  # 125 random hands a game, new ones each run (CI keeps no example database)
def test_imported_tables_of_random_hands_open_on_every_page(game, data):
    document = data.draw(documents(game))
    client = Client(REMOTE_ADDR=f"10.7.{next(VIEWERS) % 250}.1")  # each a new phone: imports count as long pages
    response = client.post(reverse("import"), {"document": json.dumps(document)})
    assert response.status_code in (200, 302)
    if response.status_code == 302:
        open_what_was_saved(Table.objects.latest("pk"))

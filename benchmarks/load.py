#!/usr/bin/env python3
"""A bounded load test on loopback: gunicorn serving Talon on PostgreSQL, phones at many tables.

    .ci/with-postgres .venv/bin/python benchmarks/load.py [--clients 60] [--seconds 60] [--tables 15]
    .ci/with-postgres .venv/bin/python benchmarks/load.py --tournament [--players 150] [--hands 21] [--pace 0.03]

The clients behave like phones. At each table one phone keeps score and the others watch. Every open table
page polls for changes every 3 s (with the version it shows; a 204 while nothing changed). The scorekeeper opens
the hand form, sends a live preview for each of a few taps, saves (with htmx, as the app does: the answer is the
table page), then pauses a few seconds before the next hand. A save counts as a success only when the hand was
recorded (the answer carries HX-Push-Url); one refused (another phone changed the table, or bad input) counts
as refused, never as a success. It prints requests, errors (any 5xx, 4xx or failed connection), the median and
p95 per kind of request, and saves recorded and refused; it stops by itself. Only 127.0.0.1 is contacted.

``--tournament``: a championship (issue 23's scale). TWO gunicorn instances on two ports serve the same
PostgreSQL database, as two machines would. A director (through the director's pages, as a person would) creates
a tournament from the preset ``tarzs`` (Slovenian Tarok, 3 players a table), registers the players, draws round
1 and starts it. Then at every table one scorekeeper records ``--hands`` hands through the app's hand form (each
tap a live preview, then Save with htmx), the tables shared between the two servers, with the pauses of real
play (2 to 5 minutes a hand, times ``--pace``); every player's phone keeps their table page open (polling every
3 s) and the public standings (polling every 10 s, as the page does), and a projector polls its live view every
5 s. When every table has played its hands (or ``--seconds`` have passed) the director closes the round, exports
the tournament document and its standings CSV, and the CSV is compared, player by player (place and measure),
with ``manage.py tournament standings`` of the exported document. Any 5xx, 4xx or failed connection is an error,
and so is a refused save; the run exits 1 on any error or difference.
"""

from __future__ import annotations

import argparse
import csv
import html.parser
import http.cookiejar
import io
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Bára", "Cyril", "Dana"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare(env: dict[str, str], tables: int) -> list[str]:
    """Migrate and create the tables (200 hands each); returns their edit tokens."""
    code = (
        "import django, json; django.setup(); from django.core.management import call_command; "
        "call_command('migrate', verbosity=0); from games.tables import services; tokens = []\n"
        f"P = {PLAYERS!r}\n"
        f"for n in range({tables}):\n"
        "    doc = {'game': 'czech-taroky', 'players': P, 'hands': [{'povinnost': P[i % 4], "
        "'partner': P[(i + 2) % 4], 'points': (i * 53) % 107} for i in range(200)]}\n"
        "    tokens.append(services.import_table(doc).edit_token)\n"
        "print(json.dumps(tokens))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


class Phone:
    def __init__(self, base: str, token: str, seed: int):
        self.base, self.token, self.rng = base, token, random.Random(seed)
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect
        )
        self.timings: list[tuple[str, float, int]] = []
        self.recorded = self.refused = 0
        self.version = "0"

    def call(self, kind: str, url: str, data: dict | None = None, htmx: bool = False) -> tuple[int, str, dict]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        headers = {"Referer": self.base + url, **({"HX-Request": "true"} if htmx else {})}
        request = urllib.request.Request(self.base + url, data=body, headers=headers)
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=30) as response:
                status, text, got = response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as error:
            status, got = error.code, dict(error.headers or {})
            try:
                text = error.read().decode(errors="replace")
            except OSError:
                text = ""
        except OSError:
            status, text, got = 0, "", {}
        self.timings.append((kind, time.perf_counter() - start, status))
        return status, text, got

    def open_table(self) -> None:
        _status, page, _headers = self.call("table page", f"/t/{self.token}/")
        self.seen(page)

    def seen(self, page: str) -> None:
        version = re.search(r'id="live"[^>]*data-version="(\d+)"', page)
        if version:
            self.version = version.group(1)

    def wait(self, seconds: float, until: float) -> None:
        """Sit at the table for ``seconds``, the page polling every 3 s as the app's pages do."""
        end = min(time.perf_counter() + seconds, until)
        while time.perf_counter() < end:
            time.sleep(min(3.0, max(0.0, end - time.perf_counter())))
            if time.perf_counter() < until:
                status, text, _headers = self.call("poll", f"/t/{self.token}/live/?v={self.version}")
                if status == 200:
                    self.seen(text)

    def record(self) -> None:
        _status, form, _headers = self.call("hand form", f"/t/{self.token}/hands/new/")
        csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
        version = re.search(r'name="version" value="(\d+)"', form)
        if not (csrf and version):
            return
        i = self.rng.randrange(4)
        data = {
            "csrfmiddlewaretoken": csrf.group(1),
            "version": version.group(1),
            "povinnost": PLAYERS[i],
            "mode": "team",
            "contra": "0",
        }
        for step in ({"partner": PLAYERS[(i + 1) % 4]}, {"points": str(self.rng.randint(0, 106))}, {}):
            data.update(step)
            self.call("preview", f"/t/{self.token}/preview/", data, htmx=True)
            time.sleep(self.rng.uniform(0.3, 1.0))
        status, page, headers = self.call("save", f"/t/{self.token}/hands/new/", {**data, "save": "1"}, htmx=True)
        if status == 200 and "HX-Push-Url" in headers:
            self.recorded += 1
            self.seen(page)
        else:
            self.refused += 1


def run_phone(phone: Phone, keeper: bool, until: float, done: list, lock: threading.Lock) -> None:
    phone.open_table()
    while time.perf_counter() < until:
        if keeper:
            phone.record()
        phone.wait(phone.rng.uniform(4, 12), until)
    with lock:
        done.append(phone)


ENV = {
    "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    "DEBUG": "0",
    "ALLOWED_HOSTS": "127.0.0.1",
    "LOG_LEVEL": "ERROR",
    "PYTHONWARNINGS": "ignore:No directory at",
}


def serve(env: dict[str, str], port: int, workers: int) -> subprocess.Popen:
    """A gunicorn serving Talon on 127.0.0.1:``port``, answering once this returns."""
    gunicorn = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "scorekeeper.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            "4",
            "--log-level",
            "warning",
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
    )
    for _ in range(150):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    return gunicorn


def stop(gunicorn: subprocess.Popen) -> None:
    gunicorn.terminate()
    gunicorn.wait(10)


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--clients", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=None, help="the bound (default 60; --tournament 900)")
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--workers", type=int, default=None, help="per server (default 4; --tournament 2 each)")
    parser.add_argument("--port", type=int, default=0, help="the (first) server's port (default: a free one)")
    parser.add_argument("--tournament", action="store_true", help="a championship on two app servers")
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--hands", type=int, default=21, help="hands each table records (--tournament)")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.03,
        help="real play's pause between hands (2-5 minutes) is multiplied by this (--tournament)",
    )
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("load.py: run it under .ci/with-postgres (it needs PostgreSQL in DATABASE_URL)")
    if args.tournament:
        run_tournament(args, {**os.environ, **ENV})
        return
    args.seconds = 60 if args.seconds is None else args.seconds
    args.workers = args.workers or 4

    port = args.port or free_port()
    env = {**os.environ, **ENV}
    tokens = prepare(env, args.tables)
    gunicorn = serve(env, port, args.workers)
    try:
        base = f"http://127.0.0.1:{port}"
        done: list[Phone] = []
        lock = threading.Lock()
        until = time.perf_counter() + args.seconds
        threads = [
            threading.Thread(
                target=run_phone, args=(Phone(base, tokens[i % len(tokens)], i), i < len(tokens), until, done, lock)
            )
            for i in range(args.clients)
        ]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(args.seconds + 60)
        elapsed = time.perf_counter() - started
    finally:
        stop(gunicorn)

    timings = [t for phone in done for t in phone.timings]
    errors = sum(1 for _kind, _t, status in timings if status == 0 or status >= 400)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for kind, seconds, _status in timings:
        by_kind[kind].append(seconds * 1000)
    recorded, refused = sum(p.recorded for p in done), sum(p.refused for p in done)
    print(
        f"load: {args.clients} phones at {args.tables} tables for {args.seconds:.0f} s against gunicorn "
        f"({args.workers} workers) on PostgreSQL: {len(timings):,} requests ({len(timings) / elapsed:,.0f}/s), "
        f"{errors} errors; saves: {recorded} recorded, {refused} refused"
    )
    for kind, values in sorted(by_kind.items()):
        print(f"  {kind:10} {len(values):6,}  median {statistics.median(values):6.0f} ms  p95 {p95(values):6.0f} ms")
    sys.exit(1 if errors else 0)


# ---- --tournament: a championship on two app servers (issue 23) -------------------------------------------


class Form(html.parser.HTMLParser):
    """What a browser would send from a page's forms as they are: text, number and hidden inputs' values, the
    checked radios and checkboxes, each select's selected option (else its first), each textarea's text."""

    def __init__(self, page: str):
        super().__init__()
        self.fields: dict[str, str] = {}
        self.choices: dict[str, list[str]] = defaultdict(list)
        self.select: str | None = None
        self.textarea: str | None = None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox"):
                self.choices[name].append(a.get("value", "on") or "")
                if "checked" in a:
                    self.fields[name] = a.get("value", "on") or ""
            elif kind not in ("submit", "button", "file"):
                self.fields.setdefault(name, a.get("value") or "")
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select:
            if "selected" in a or self.select not in self.fields:
                self.fields[self.select] = a.get("value") or ""
        elif tag == "textarea" and name:
            self.textarea = name
            self.fields.setdefault(name, "")

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data):
        if self.textarea:
            self.fields[self.textarea] += data


class Client(Phone):
    """A browser: its own cookies, each request timed by kind (a live poll that got news counts apart)."""

    def __init__(self, base: str, seed: int):
        super().__init__(base, "", seed)

    def must(self, kind: str, url: str, data: dict | None = None, expect: tuple = (200, 302)) -> tuple[str, dict]:
        status, text, headers = self.call(kind, url, data)
        if status not in expect:
            said = re.findall(r'class="(?:error|errorlist|messages?)[^"]*"[^>]*>(.*?)</', text or "", re.S)
            raise SystemExit(f"load.py --tournament: {kind} {url} answered {status} {' '.join(said)[:300]}")
        return text, headers


def director_sets_up(base: str, players: int, hands: int) -> tuple[str, str, list[str]]:
    """Through the director's pages: a tarzs tournament of Slovenian Tarok, its players registered, round 1 drawn
    and started. Returns the director and public tokens and the tables' edit tokens (by table number)."""
    director = Client(base, 0)
    url = "/tournaments/new/slovenian-tarok/?preset=tarzs"
    page, _headers = director.must("setup", url)
    data = Form(page).fields
    data.update(name="Championship (load test)", hands=str(hands))
    _page, headers = director.must("setup", url, data, expect=(302,))
    token = re.search(r"/d/([^/]+)/", headers["Location"]).group(1)
    page, _headers = director.must("setup", f"/d/{token}/")
    public = re.search(r"/p/([^/\"]+)/", page).group(1)
    names = "\n".join(f"Igralec {n:03d}" for n in range(1, players + 1))
    csrf = Form(page).fields["csrfmiddlewaretoken"]
    director.must("setup", f"/d/{token}/players/", {"csrfmiddlewaretoken": csrf, "players": names}, expect=(302,))
    director.must("setup", f"/d/{token}/draw/", {"csrfmiddlewaretoken": csrf, "round": "1"}, expect=(302,))
    director.must("setup", f"/d/{token}/rounds/1/start/", {"csrfmiddlewaretoken": csrf}, expect=(302,))
    page, _headers = director.must("setup", f"/d/{token}/rounds/1/print/")
    tables = list(dict.fromkeys(re.findall(r"/t/([A-Za-z0-9_-]+)/", page)))
    return token, public, tables


class Keeper(Client):
    """The phone that keeps score at one table: ``hands`` hands, each its taps (live previews) and Save, then the
    pause of the next hand being played (the page polling meanwhile)."""

    def __init__(self, base: str, table: str, seed: int, hands: int, pace: float):
        super().__init__(base, seed)
        self.token, self.hands, self.pace = table, hands, pace
        self.saved_at: list[float] = []

    def play(self, until: float) -> None:
        self.open_table()
        for _hand in range(self.hands):
            self.wait(self.rng.uniform(120, 300) * self.pace, until)
            if time.perf_counter() >= until:
                return
            self.record_one()

    def record_one(self) -> None:
        _status, page, _headers = self.call("hand form", f"/t/{self.token}/hands/new/")
        form = Form(page)
        if "csrfmiddlewaretoken" not in form.fields or not form.choices.get("declarer"):
            self.refused += 1
            return
        data = dict(form.fields)
        taps = (
            {"contract": self.rng.choice(["three", "two", "one"])},
            {"declarer": self.rng.choice(form.choices["declarer"])},
            {"points_whole": str(self.rng.randint(20, 50))},
        )
        for tap in taps:
            data.update(tap)
            self.call("preview", f"/t/{self.token}/preview/", data, htmx=True)
            time.sleep(self.rng.uniform(0.3, 1.0))
        status, page, headers = self.call("save", f"/t/{self.token}/hands/new/", {**data, "save": "1"}, htmx=True)
        if status == 200 and "HX-Push-Url" in headers:
            self.recorded += 1
            self.saved_at.append(time.perf_counter())
            self.seen(page)
        else:
            self.refused += 1


class Watcher(Client):
    """A player's phone: their table's page (polled every 3 s) and the public standings (polled every 10 s); or
    the projector (its live view polled every 5 s)."""

    def __init__(self, base: str, seed: int, public: str, table: str | None):
        super().__init__(base, seed)
        self.public, self.token = public, table or ""
        self.shown = ""

    def board(self, kind: str, url: str) -> None:
        status, text, _headers = self.call(kind, url)
        if status == 200:
            found = re.search(r'id="board"[^>]*data-version="([^"]*)"', text)
            self.shown = found.group(1) if found else self.shown
            if kind.endswith("poll"):
                self.timings[-1] = (kind + " (news)", *self.timings[-1][1:])

    def watch(self, stop_at: threading.Event, until: float) -> None:
        projector = not self.token
        if projector:
            self.board("projector page", f"/p/{self.public}/projector/")
        else:
            self.open_table()
            self.board("standings page", f"/p/{self.public}/")
        every = 5.0 if projector else 10.0
        next_board = time.perf_counter() + self.rng.uniform(0, every)
        next_table = time.perf_counter() + self.rng.uniform(0, 3.0)
        while not stop_at.is_set() and time.perf_counter() < until:
            now = time.perf_counter()
            if now >= next_board:
                kind = "projector poll" if projector else "standings poll"
                live = "projector/live" if projector else "live"
                self.board(kind, f"/p/{self.public}/{live}/?v={urllib.parse.quote(self.shown)}")
                next_board += every
            if not projector and now >= next_table:
                status, text, _headers = self.call("table poll", f"/t/{self.token}/live/?v={self.version}")
                if status == 200:
                    self.seen(text)
                next_table += 3.0
            stop_at.wait(max(0.05, min(next_board, next_table if not projector else next_board) - time.perf_counter()))


def as_fraction(text) -> Fraction:
    """A measure as the CSV writes it ("3 1/2") or the command prints it (3.5, "7/2", 3)."""
    return sum((Fraction(str(part)) for part in str(text).split()), Fraction(0))


def compare_standings(env: dict[str, str], base: str, token: str) -> tuple[int, int, str]:
    """The director closes the round and exports; the standings CSV against ``manage.py tournament standings`` of
    the exported document. Returns (players compared, differences, the first difference)."""
    director = Client(base, 1)
    page, _headers = director.must("setup", f"/d/{token}/rounds/1/")
    director.must(
        "setup",
        f"/d/{token}/rounds/1/close/",
        {"csrfmiddlewaretoken": Form(page).fields["csrfmiddlewaretoken"]},
        expect=(302,),
    )
    document, _headers = director.must("export", f"/d/{token}/export.json", expect=(200,))
    sheet, _headers = director.must("export", f"/d/{token}/standings.csv", expect=(200,))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as out:
        out.write(document)
    try:
        command = subprocess.run(
            [sys.executable, "manage.py", "tournament", "standings", out.name],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        os.unlink(out.name)
    expected = {
        row["no"]: (row["place"], as_fraction(row["measure"])) for row in json.loads(command.stdout)["standings"]
    }
    rows = list(csv.reader(io.StringIO(sheet)))[1:]
    shown = {int(row[1]): (int(row[0]), as_fraction(row[3])) for row in rows}
    differences = [
        f"player {no}: page {shown.get(no)}, command {want}"
        for no, want in sorted(expected.items())
        if shown.get(no) != want
    ]
    differences += [f"player {no}: on the page only" for no in sorted(set(shown) - set(expected))]
    return len(expected), len(differences), differences[0] if differences else ""


def run_tournament(args, env: dict[str, str]) -> None:
    seconds = 900 if args.seconds is None else args.seconds
    workers = args.workers or 2
    ports = (args.port, args.port + 1) if args.port else (free_port(), free_port())
    prepare(env, 0)  # migrate
    servers = [serve(env, port, workers) for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        token, public, tables = director_sets_up(bases[0], args.players, args.hands)
        stop_at = threading.Event()
        until = time.perf_counter() + seconds
        keepers = [Keeper(bases[i % 2], table, 100 + i, args.hands, args.pace) for i, table in enumerate(tables)]
        seats = len(tables) and args.players // len(tables)
        watchers = [
            Watcher(bases[(i + 1) % 2], 1000 + i, public, tables[i // seats]) for i in range(seats * len(tables))
        ] + [Watcher(bases[1], 9999, public, None)]
        threads = [threading.Thread(target=keeper.play, args=(until,)) for keeper in keepers]
        watching = [threading.Thread(target=watcher.watch, args=(stop_at, until)) for watcher in watchers]
        started = time.perf_counter()
        for thread in watching + threads:
            thread.start()
        for thread in threads:
            thread.join(seconds + 60)
        stop_at.set()
        for thread in watching:
            thread.join(60)
        elapsed = time.perf_counter() - started
        try:
            compared, differences, first = compare_standings(env, bases[1], token)
        except SystemExit as refused_export:
            compared, differences, first = 0, 1, str(refused_export)
    finally:
        for server in servers:
            stop(server)

    clients = keepers + watchers
    timings = [t for client in clients for t in client.timings]
    failed = sum(1 for _kind, _t, status in timings if status == 0 or status >= 400)
    recorded, refused = sum(k.recorded for k in keepers), sum(k.refused for k in keepers)
    saved = sorted(t for k in keepers for t in k.saved_at)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for kind, took, _status in timings:
        by_kind["table poll" if kind == "poll" else kind].append(took * 1000)  # a keeper's page polls too
    span = (saved[-1] - started) if saved else elapsed
    print(
        f"tournament load: {args.players} players at {len(tables)} tables (tarzs, Slovenian Tarok), {args.hands} "
        f"hands a table, pace {args.pace} (a hand every {120 * args.pace:.1f}-{300 * args.pace:.1f} s); two "
        f"gunicorn servers ({workers} workers x 4 threads each) on one PostgreSQL; {len(keepers)} scorekeepers, "
        f"{len(watchers) - 1} phones, 1 projector"
    )
    print(
        f"  {elapsed:.0f} s, {len(timings):,} requests ({len(timings) / elapsed:,.1f}/s); hands recorded "
        f"{recorded} of {len(tables) * args.hands}, {recorded / span:.2f} hands/s; errors: {failed} failed "
        f"requests, {refused} refused saves"
    )
    for kind, values in sorted(by_kind.items()):
        print(f"  {kind:24} {len(values):6,}  p50 {statistics.median(values):6.0f} ms  p95 {p95(values):6.0f} ms")
    print(
        f"  final standings (standings CSV) vs manage.py tournament standings of the exported document: "
        f"{compared} players, {differences} differences" + (f" (first: {first})" if first else "")
    )
    sys.exit(1 if failed or refused or differences or recorded < len(tables) * args.hands else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""What one stranger's imports make gunicorn do (issue 48): it prints figures and never fails on speed.

    .venv/bin/python benchmarks/import_load.py                      # a temporary SQLite database
    .ci/with-postgres .venv/bin/python benchmarks/import_load.py    # a throwaway PostgreSQL server

gunicorn as the README's Deploy section runs it, with 2 (sync) workers, on 127.0.0.1:BENCH_PORT (8307). One client
(one address, no link needed) sends, each twice 1 s apart while /healthz is asked once a second: the stranger's
tournament document (500 players, 500 Talon tables of 40 Königrufen hands: 20,000 hands, 4.35 MB), a table
document of 20,000 Königrufen hands (2.7 MB), and the largest each import takes (a table of TALON_MAX_IMPORT_HANDS
Königrufen hands; a tournament of 500 players whose 125 Talon tables bring as many). Printed: each answer's status
and time, the slowest /healthz, each worker's resident memory before and after.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
_tmp = tempfile.TemporaryDirectory()
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_tmp.name}/imports.sqlite3")
PORT = int(os.environ.get("BENCH_PORT", "8307"))
BASE = f"http://127.0.0.1:{PORT}"
ENV = {
    **os.environ,
    "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    "DEBUG": "0",
    "ALLOWED_HOSTS": "127.0.0.1",
    "LOG_LEVEL": "ERROR",
    "PYTHONWARNINGS": "ignore:No directory at",
    "TALON_BEHIND_PROXY": "1",  # each scenario its own client (X-Forwarded-For), as one stranger
}

sys.path.insert(0, str(ROOT))
from games.koenigrufen.entry import SAMPLES  # noqa: E402  (pure: no Django needed)

HANDS = [*SAMPLES.table, *SAMPLES.hands]
MOST = int(os.environ.get("TALON_MAX_IMPORT_HANDS", "5000"))


def table(players: list[str], hands: int) -> dict:
    rename = dict(zip(SAMPLES.players, players))
    text = json.dumps([HANDS[i % len(HANDS)] for i in range(hands)], ensure_ascii=False)
    for old, new in rename.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return {"game": "koenigrufen", "players": players, "hands": json.loads(text)}


def tournament(tables: int, hands: int) -> dict:
    """500 players at tables of four, 125 tables a round, each table a Talon table of ``hands`` hands."""
    players = [f"Spieler {n:03d}" for n in range(1, 501)]
    rounds = []
    for number in range(1, tables // 125 + 1):
        order = list(range(1, 501))
        random.Random(number).shuffle(order)
        lines = [
            {
                "table": t + 1,
                "seats": order[4 * t : 4 * t + 4],
                "document": table([players[s - 1] for s in order[4 * t : 4 * t + 4]], hands),
            }
            for t in range(125)
        ]
        rounds.append({"round": number, "tables": lines})
    return {
        "tournament": "Stranger's cup",
        "game": "koenigrufen",
        "preset": "points",
        "table_size": 4,
        "rounds": max(1, len(rounds)),
        "draw": {"seed": 1},
        "players": [{"no": n, "name": name} for n, name in enumerate(players, start=1)],
        "played": rounds,
    }


class Client:
    def __init__(self, address: str) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener.addheaders = [("X-Forwarded-For", address)]

    def token(self, path: str) -> str:
        page = self.opener.open(BASE + path, timeout=120).read().decode()
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    def post_file(self, path: str, field: str, content: bytes) -> tuple[int, float]:
        token = self.token(path)
        boundary = uuid.uuid4().hex
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n{token}\r\n'
                f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="d.json"\r\n'
                f"Content-Type: application/json\r\n\r\n"
            ).encode()
            + content
            + f"\r\n--{boundary}--\r\n".encode()
        )
        request = urllib.request.Request(BASE + path, data=body, method="POST")
        request.add_header("Content-Type", f"multipart/form-data; boundary={boundary}")
        request.add_header("Referer", BASE + path)
        start = time.perf_counter()
        try:
            response = self.opener.open(request, timeout=120)
            status = response.status
            response.read()
        except urllib.error.HTTPError as error:
            status = error.code
        except OSError:
            status = 0
        return status, time.perf_counter() - start


def workers(master: subprocess.Popen) -> list[str]:
    return subprocess.run(["pgrep", "-P", str(master.pid)], capture_output=True, text=True).stdout.split()


def rss(master: subprocess.Popen) -> list[int]:
    found = []
    for pid in workers(master):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                found.append(int(line.split()[1]) // 1024)
    return sorted(found)


def cpu(master: subprocess.Popen) -> dict[str, float]:
    """Each worker's CPU seconds so far (user and system): what a loaded machine does not inflate."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for pid in workers(master):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        found[pid] = (int(fields[11]) + int(fields[12])) / ticks
    return found


def probe(until: list[bool], worst: list[float]) -> None:
    while not until:
        start = time.perf_counter()
        try:
            urllib.request.urlopen(BASE + "/healthz", timeout=120).read()
        except OSError:
            pass
        worst.append(time.perf_counter() - start)
        time.sleep(max(0.0, 1 - (time.perf_counter() - start)))


def twice(label: str, path: str, field: str, content: bytes, master: subprocess.Popen, address: str) -> None:
    client, answers, stop, health = Client(address), [], [], []
    before, spent = rss(master), cpu(master)
    prober = threading.Thread(target=probe, args=(stop, health))
    prober.start()
    senders = []
    for n in range(2):
        sender = threading.Thread(target=lambda: answers.append(client.post_file(path, field, content)))
        sender.start()
        senders.append(sender)
        if n == 0:
            time.sleep(1)
    for sender in senders:
        sender.join()
    stop.append(True)
    prober.join()
    said = ", ".join(f"{status} in {took:.2f} s" for status, took in answers)
    used = sorted(round(seconds - spent.get(pid, 0), 2) for pid, seconds in cpu(master).items())
    print(
        f"  {label} ({len(content) / 1e6:.2f} MB) twice 1 s apart: {said}; /healthz at worst "
        f"{max(health) * 1000:.0f} ms; workers' CPU {used} s; memory {before} MB before, {rss(master)} MB after",
        flush=True,
    )


def main() -> None:
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=ENV, check=True)
    master = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "scorekeeper.wsgi",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            "2",
            "--log-level",
            "error",
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=ENV,
    )
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(BASE + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        vendor = "postgresql" if ENV["DATABASE_URL"].startswith("postgres") else "sqlite"
        print(f"{vendor}: gunicorn, 2 workers, one client; the import's bounds {MOST:,} hands, 2 MB")
        stranger = json.dumps(tournament(500, 40)).encode()
        twice(
            "the stranger's tournament, 20,000 hands", "/tournaments/import/", "document", stranger, master, "10.0.0.1"
        )
        big = json.dumps(table(list(SAMPLES.players), 20_000)).encode()
        twice("a table of 20,000 Königrufen hands", "/import/", "upload", big, master, "10.0.0.2")
        largest = json.dumps(table(list(SAMPLES.players), MOST), indent=2).encode()
        twice(f"a table of {MOST:,} Königrufen hands (indented)", "/import/", "upload", largest, master, "10.0.0.3")
        bounded = json.dumps(tournament(125, MOST // 125)).encode()
        twice(
            f"a tournament, 125 Talon tables of {MOST // 125} hands",
            "/tournaments/import/",
            "document",
            bounded,
            master,
            "10.0.0.4",
        )
    finally:
        master.terminate()
        master.wait(20)


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Lighthouse (npm's, driving Debian's Chromium headless) on the home, table and record-hand pages at mobile
# settings; prints the performance and accessibility scores (targets: 95 or more) and any accessibility audit
# that fails. Serves Talon as in production (gunicorn, compressed static files) on a temporary SQLite database.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x benchmarks/node_modules/.bin/lighthouse ] || (cd benchmarks && npm install --no-audit --no-fund --loglevel=error)
command -v chromium >/dev/null || make chromium
tmp=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export DATABASE_URL="sqlite:///$tmp/lighthouse.sqlite3" TALON_PRODUCTION=1 SECURE_SSL_REDIRECT=0 \
  SECRET_KEY="$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')" ALLOWED_HOSTS=127.0.0.1 \
  STATIC_ROOT="$tmp/static"
.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py collectstatic --noinput -v0
token=$(.venv/bin/python manage.py shell -v0 -c "
from games.tables import services
t = services.create_table(game='czech-taroky', players=['Anna', 'Bára', 'Cyril', 'Dana'], name='Friday')
for i in range(40):
    t.refresh_from_db(); P = t.players
    services.record_hand(t, {'povinnost': P[i % 4], 'partner': P[(i + 2) % 4], 'points': (i * 53) % 107, 'contra': i % 2})
print(t.edit_token)")
.venv/bin/gunicorn scorekeeper.wsgi --bind "127.0.0.1:$port" --workers 2 --log-level warning --no-control-socket &
server=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done

for page in "/" "/t/$token/" "/t/$token/hands/new/"; do
  CHROME_PATH=/usr/bin/chromium benchmarks/node_modules/.bin/lighthouse "http://127.0.0.1:$port$page" \
    --only-categories=performance,accessibility --form-factor=mobile --output=json \
    --output-path="$tmp/report.json" --quiet \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
    >/dev/null 2>"$tmp/lighthouse.log" || { tail -5 "$tmp/lighthouse.log"; exit 1; }
  label=$(echo "$page" | sed "s/$token/<token>/")
  python3 - "$tmp/report.json" "$label" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
scores = {name: round(category["score"] * 100) for name, category in report["categories"].items()}
print(f"{sys.argv[2]:<24} performance {scores['performance']:>3}   accessibility {scores['accessibility']:>3}")
for ref in report["categories"]["accessibility"]["auditRefs"]:
    audit = report["audits"][ref["id"]]
    if audit.get("score") is not None and audit["score"] < 1 and ref["weight"]:
        print(f"    accessibility: {audit['id']}: {audit['title']}")
PY
done

# Talon: the two set-up commands are `make serve` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000

.PHONY: unicode lint format serve serve-dev test test-sqlite test-postgres install install-test runtime chromium gettext messages golden

# Talon at home: debug off, plain HTTP on the home network, its address printed as text and as a QR code.
serve: install
	TALON_HOME=1 $(BIN)/python manage.py migrate --noinput
	TALON_HOME=1 $(BIN)/python manage.py serve_lan --host $(HOST) --port $(PORT)

# For development: debug on, reloading on every change, this computer only.
serve-dev: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# The engines' tests without Django at all, then the rest twice: on SQLite, then on a throwaway PostgreSQL server
# (.ci/with-postgres); the browser tests once, on PostgreSQL, the database a deployment runs. Everything in two
# processes (pytest-xdist: the machines have two cores), each with its own database (there each test file in one
# process, --dist loadfile: what a file's tests share, such as the hostile-input sweep's crawl of every page, is made
# once, not again each time a process comes back to the file; the largest files first), and for the browser tests its
# own live server and its own ports for the servers they start (tests/browser/conftest.py: worker_port); the browser
# tests in three, as they wait about a fifth of their time on a phone's real timeouts (an answer given up on after
# six seconds, a slow server's delay), which a third process fills (426 s in two, 374 s in three, on the same
# machine in one session; four gained little more). The longest
# browser tests run first, so that the short ones fill every process to the end (tests/conftest.py), and the tests
# of a group (xdist_group: a server they share) run in one process. A browser test that fails is run again, up to
# twice (pytest-rerunfailures), and the summary lists every rerun: a rerun is a race to mend, not a pass. One
# PostgreSQL server for both of its runs; there, only the tests that reach the database (--database-tests-only,
# tests/conftest.py): the others ran on SQLite already, and a second database changes nothing they prove.
# A game's own tests sit in its folder (games/<game>/tests/): its engine's with the engine tests, its pages'
# (games/<game>/tests/pages/, found through pyproject.toml's testpaths) with the rest.
# Python writes each module's compiled form beside it (__pycache__, ignored by git) even where the machine says not to
# (PYTHONDONTWRITEBYTECODE, set on ours): every process of a run (each stage's test processes, each server and command
# a test starts) would otherwise compile the project and rewrite the tests' asserts again, some 3 s of a core each.
unexport PYTHONDONTWRITEBYTECODE
ENGINE_TESTS := $(BIN)/python -m pytest -p no:django -W "ignore::pytest.PytestConfigWarning" tests/engines games \
  --ignore-glob="*/tests/pages"
APP_TESTS := $(BIN)/python -m pytest --ignore=tests/engines

test: install-test chromium gettext lint
	$(ENGINE_TESTS) -n 2
	$(APP_TESTS) -n 2 --dist loadfile --ignore=tests/browser
	.ci/with-postgres sh -c '$(APP_TESTS) -n 2 --dist loadfile --ignore=tests/browser --database-tests-only \
	  && $(APP_TESTS) -n 3 --dist loadgroup tests/browser'

# The formatter and the linter (ruff, configured in pyproject.toml: a complexity limit of 15 among its rules), and
# the architecture's contracts (import-linter: [tool.importlinter] in pyproject.toml).
lint: install-test
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache

# Format the code as `make lint` wants it.
format: install-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

test-sqlite: install-test chromium gettext
	$(ENGINE_TESTS)
	$(APP_TESTS)

test-postgres: install-test chromium gettext
	.ci/with-postgres $(APP_TESTS)

install: $(VENV)/.installed runtime

install-test: $(VENV)/.installed-test runtime

# The Python runtime a phone downloads to keep a table working without signal: Pyodide from the npm registry, at the
# version package-lock.json pins, served from Talon's own static files (never a CDN). Needs Node.js and npm.
runtime: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs npm >/dev/null; }
	npm ci --no-audit --no-fund --loglevel=error
	$(PYTHON) -m games.offline.runtime node_modules/pyodide
	touch $@

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[postgres]"
	touch $@

# One pip run for everything the tests need (not the runtime's install and then the tests' on top of it).
$(VENV)/.installed-test: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,postgres,deploy]"
	touch $(VENV)/.installed $@

# The browser tests drive Debian's Chromium; install it when it is missing (needs root, as on our machines).
chromium:
	@command -v chromium >/dev/null || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# The translation test runs makemessages, which needs GNU gettext.
gettext:
	@command -v xgettext >/dev/null || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq gettext >/dev/null; }

# After changing user-facing text: update the catalogues, translate the new messages, then compile.
messages: install gettext
	$(BIN)/python manage.py makemessages -l cs -l sl -l de -l en --ignore=.venv --ignore=tests --ignore=benchmarks --no-obsolete
	$(BIN)/python manage.py compilemessages --ignore=.venv

# A new game's outcomes in tests/engines/common_hands.json (what its adjustments and closings score and leave behind,
# played by the contract): `make golden` records the games not in the file yet; `make golden GAME=<slug>` records one
# again after a change meant to change them (read the diff before committing it).
golden: install
	$(BIN)/python -m tests.engines.test_common_hands $(GAME)

# Unicode's own data for telling names apart (games/lib/unicode_names.py: the default-ignorable code points and
# UTS #39's confusables, from the test dependencies regex and confusable-homoglyphs); read the diff before committing.
unicode: install-test
	$(BIN)/python -m tests.lib.test_unicode_names

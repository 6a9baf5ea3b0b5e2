"""Talon's settings: one file, driven by environment variables.

Development needs none of them. Production sets TALON_PRODUCTION=1 (or DEBUG=0), SECRET_KEY, ALLOWED_HOSTS
and DATABASE_URL; see the README's "Deploy" section. "Talon at home" (``make serve``) sets TALON_HOME=1: debug
off and Talon's own error pages, plain HTTP on the home network (no HTTPS-only cookies or redirects: a LAN has
no certificate), any host name (phones reach it by the computer's address), static files served straight from
their folders, and a secret key of its own kept in a file beside the database.
"""

import json
import os
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


PRODUCTION = env_flag("TALON_PRODUCTION", False)
HOME = env_flag("TALON_HOME", False) and not PRODUCTION
DEBUG = env_flag("DEBUG", not PRODUCTION and not HOME)


def home_secret_key(path: Path) -> str:
    """Talon at home keeps its own random key in a file (made on first start, readable by its owner only): the
    development key is public, and sessions (this phone's tables) must outlive a restart."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        import secrets

        key = secrets.token_urlsafe(50)
        path.touch(mode=0o600)
        path.write_text(key)
        return key


if PRODUCTION:
    SECRET_KEY = os.environ.get("SECRET_KEY", "")
    if len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5 or SECRET_KEY.startswith("django-insecure-"):
        # no fallback: a deployment without its own key must not start (nor with one check --deploy calls weak)
        raise ImproperlyConfigured("TALON_PRODUCTION is set: SECRET_KEY must be set to 50 or more random characters")
elif HOME and not os.environ.get("SECRET_KEY"):
    SECRET_KEY = home_secret_key(Path(os.environ.get("TALON_SECRET_KEY_FILE", BASE_DIR / ".talon-secret-key")))
else:
    SECRET_KEY = os.environ.get("SECRET_KEY", "talon-development-key-not-for-production-use-0123456789abcdef")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "" if PRODUCTION else "*" if HOME else "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",  # for the operator of a deployment only: players need no account
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",  # "3 hours ago" beside a table on the home page, in the player's language
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "template_partials",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "games.middleware.content_security_policy",
    "games.middleware.refuse_what_came_too_late",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files, compressed ahead of time
    "django.middleware.gzip.GZipMiddleware",  # pages, compressed for slow signal (with Django's BREACH mitigation)
    "django.contrib.sessions.middleware.SessionMiddleware",
    "games.middleware.keep_what_was_opened",
    "django.middleware.locale.LocaleMiddleware",
    "games.middleware.refuse_text_that_is_no_utf8",  # in the player's language, before any form is read
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.offline.middleware.name_the_engine",  # a table's live answer names the engine's release
]

ROOT_URLCONF = "scorekeeper.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Shared templates, then each registered game's own (games/<game>/templates/: scorekeeper.game_files),
            # cached; partials (`page.html#partial`) through django-template-partials' loader, as it sets up itself.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                                "scorekeeper.game_files.GameTemplates",
                            ],
                        )
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

FORM_RENDERER = "games.web.renderer.FormRenderer"  # widgets may use templates/games/widgets/

WSGI_APPLICATION = "scorekeeper.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        # A health check costs a round trip on every request that touches the database; opt in with the variable.
        conn_health_checks=env_flag("CONN_HEALTH_CHECKS", False),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers queue for the lock instead of failing at once; WAL lets readers go on while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
    DATABASES["default"]["CONN_MAX_AGE"] = 0

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The most one imported table document may hold: refused at once, with a message, beyond either. A table holds
# no more hands than that however they come (recorded, sent from a phone, deleted ones included).
TALON_MAX_HANDS = int(os.environ.get("TALON_MAX_HANDS", "20000"))
# One import (a table document, or a tournament document's Talon tables together) brings at most this many hands,
# from a document of at most this many bytes: scoring and writing 5,000 hands holds a worker about 2 s on a small
# server, and reading 2 MB of JSON some 40 MB of its memory; the longest evening is a few hundred hands.
TALON_MAX_IMPORT_HANDS = int(os.environ.get("TALON_MAX_IMPORT_HANDS", "5000"))
TALON_MAX_DOCUMENT = int(os.environ.get("TALON_MAX_DOCUMENT", str(2 * 1024 * 1024)))  # bytes
# A pasted document up to that size must reach the import form (which explains the limit), not a bare 400.
DATA_UPLOAD_MAX_MEMORY_SIZE = TALON_MAX_DOCUMENT + 1024 * 1024
# An uploaded file no larger than that either: skipped as it arrives, never written whole to a temporary file.
FILE_UPLOAD_HANDLERS = [
    "games.lib.uploads.LimitedUpload",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

# Flash messages ride in a cookie, so a page can tell without a query whether one is waiting.
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"

# Talon has no page cache: every page is rendered from what each hand stores, at the same cost for any length of
# table, so no phone can be shown an older state, whichever app server answers, and no visitor can make a cache
# grow (a page cache keyed by anything a client sends would let anyone fill a server's memory). Two small caches
# in each server's memory, bounded in entries so that no visitor can make them grow: "limits" counts each client's
# expensive pages (games/lib/limits.py); "boards" a tournament's live standings per state; "what_if" keeps a what-if comparison per table version and rules (a later
# version is another key, so nothing older is ever shown).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    "limits": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "talon-limits",
        "OPTIONS": {"MAX_ENTRIES": 10_000},
    },
    "what_if": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "talon-what-if",
        "TIMEOUT": 600,
        "OPTIONS": {"MAX_ENTRIES": 200},
    },
    # A tournament's live board (standings, projector) rendered once per state and language, then sent to every
    # watching phone of that state (the state is in the key, so nothing older is ever shown).
    "boards": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "talon-boards",
        "TIMEOUT": 300,
        "OPTIONS": {"MAX_ENTRIES": 200},
    },
}
# What if, the score sheet, the exports and adopting other rules read or score every hand of a table: one client
# (an address; behind a proxy that sets X-Forwarded-For, TALON_BEHIND_PROXY=1) may ask for this many of them per
# window of seconds, then gets 429 and when to try again.
TALON_EXPENSIVE_PER_WINDOW = int(os.environ.get("TALON_EXPENSIVE_PER_WINDOW", "20"))
TALON_EXPENSIVE_WINDOW = int(os.environ.get("TALON_EXPENSIVE_WINDOW", "60"))
# A change of a hand with this many live hands after it (each scored again) counts as one of those pages too.
TALON_LONG_RESCORE = int(os.environ.get("TALON_LONG_RESCORE", "500"))
TALON_BEHIND_PROXY = env_flag("TALON_BEHIND_PROXY", False)

# Sessions live in the database, so any number of app servers can share them.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
# A phone's list of tables and circles (and its name) is kept a year after it last used Talon (the middleware
# renews a session in use once a week): a group that plays once a year still finds its tables, and a session a
# phone has stopped using goes (`manage.py clearsessions`). Browsers keep a cookie at most 400 days anyway. A mere
# visit makes no session at all (games.tables.common.remember_on).
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
SESSION_SAVE_EVERY_REQUEST = False

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("cs", _("Czech")), ("sl", _("Slovenian")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["scorekeeper.formats"]  # where a language's dates differ from Django's (Slovenian short dates)
# The language chosen on a page outlives the browser's session: kept as long as a phone's list of tables.
LANGUAGE_COOKIE_AGE = SESSION_COOKIE_AGE
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Prague")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "scorekeeper.game_files.GameStaticFiles",  # each registered game's own (games/<game>/static/)
]
# The Python runtime a phone downloads to keep a table working without signal: Pyodide from the npm registry
# (package.json; both set-up commands run npm), served under its version with its own file names.
PYODIDE_DIR = BASE_DIR / "node_modules" / "pyodide"
PYODIDE_VERSION = (
    json.loads((BASE_DIR / "package.json").read_text())["dependencies"]["pyodide"]
    if (BASE_DIR / "package.json").is_file()
    else "none"
)
if PYODIDE_DIR.is_dir():
    STATICFILES_DIRS.append((f"pyodide/{PYODIDE_VERSION}", PYODIDE_DIR))
if not PRODUCTION:  # development and tests serve static files from their folders; nothing is collected
    warnings.filterwarnings("ignore", message="No directory at")  # no collected folder: nothing is collected
    WHITENOISE_USE_FINDERS = True  # with debug off too (Talon at home): whitenoise finds them where they are
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "scorekeeper.storage.HashedModulesStorage"  # whitenoise's, with the modules' imports hashed
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

"""What the views share: reaching a table through its links, the game behind a slug, this phone's name.

Access: a table is reached only through its unguessable links. ``/t/<edit_token>/`` can change it;
``/v/<view_token>/`` only shows it. The browser that created or opened a table remembers it in its session,
and the home page lists just those tables: nothing else about other groups is ever shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games.engines.table import InvalidTable
from games.models import Circle, Hand, Table
from games.registry import GAMES, Game
from games.tables import services

REMEMBERED = "tables"


@dataclass(frozen=True)
class Refusal:
    """Why a change was not made. ``kind``: "already" (this very form counted before: not an error), "conflict"
    (another phone changed the table first, or nothing to undo), "invalid" (the table it would leave is not valid:
    ``message`` says why), "input" (a bad version or submission token)."""

    kind: str
    message: str
    error: Exception


def attempt(change: Callable[[], Any]) -> Refusal | None:
    """Make a change the services may refuse (record, edit, delete, restore, undo, settings, rename): None when it
    was made, else the refusal."""
    return outcome(change)[1]


def outcome(change: Callable[[], Any]) -> tuple[Any, Refusal | None]:
    """Make a change the services may refuse: what it made (the hand recorded) and None, or None and the refusal.
    The one place that knows the ways a change is refused (the pages' forms and the phone's sent hands alike)."""
    try:
        return change(), None
    except ValidationError as error:
        return None, Refusal("input", error.messages[0], error)
    except services.AlreadyDone as error:
        return None, Refusal("already", "", error)
    except (services.Conflict, services.NothingToUndo) as error:
        return None, Refusal("conflict", str(error), error)
    except InvalidTable as error:
        return None, Refusal("invalid", error.said(_), error)


def say(
    request: HttpRequest,
    refusal: Refusal | None,
    *,
    done: str,
    already: str,
    invalid: str = "%(error)s",
    tags: str = "",
) -> None:
    """A change's outcome as a message on the next page: ``done`` (with ``tags``: "undo" draws the Undo button
    beside it), ``already`` (it counted once), or the refusal (``invalid`` wraps the reason the engine gave)."""
    if refusal is None:
        messages.success(request, done, extra_tags=tags)
    elif refusal.kind == "already":
        messages.info(request, already)
    elif refusal.kind == "invalid":
        messages.error(request, invalid % {"error": refusal.message})
    else:
        messages.error(request, refusal.message)


def game_or_404(slug: str) -> Game:
    if slug not in GAMES:
        raise Http404(_("This game cannot be kept in the app yet."))
    return GAMES[slug]


def editable(request: HttpRequest, token: str) -> Table:
    table = get_object_or_404(Table, edit_token=token)
    remember(request, table)
    return table


def remember(request: HttpRequest, table: Table) -> None:
    remember_on(request, REMEMBERED, table.pk)


LISTS = {
    REMEMBERED: 200,
    "circles": 50,
    "circle_views": 50,  # this browser's lists, and how long each may grow
    "tournaments": 50,
    "leagues": 50,
}  # the tournaments and leagues it directs


def remember_on(request: HttpRequest, key: str, pk: int) -> None:
    """``pk`` first on this browser's list ``key`` (its tables, its circles). A mere visit (a GET) by a browser
    with no session yet makes no session row: what it opened waits in a signed cookie and joins its list on its
    next request (games.middleware.keep_what_was_opened), which a browser keeping cookies makes within seconds,
    and a link preview or a script never does."""
    if request.method in ("GET", "HEAD") and not request.session.modified and not has_session(request):
        request.opened = {**getattr(request, "opened", {})}
        request.opened[key] = [pk] + [known for known in request.opened.get(key, []) if known != pk]
        return
    add_to_list(request.session, key, [pk])


def has_session(request: HttpRequest) -> bool:
    """The browser sent a cookie naming a session that is stored. A made-up or expired one is no session: loading
    it forgets its key (else every visit with a made-up cookie would store a session row)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    request.session.keys()  # loads it
    return request.session.session_key is not None


def add_to_list(session, key: str, pks: list[int]) -> None:
    remembered = session.get(key, [])
    if any(pk not in remembered for pk in pks):
        session[key] = (pks + [pk for pk in remembered if pk not in pks])[: LISTS[key]]


def known_circles(request: HttpRequest) -> list[Circle]:
    """The circles this phone opened by their edit links."""
    ids = request.session.get("circles", [])
    return list(Circle.objects.filter(pk__in=ids).order_by("name")) if ids else []


def known_tables(request: HttpRequest) -> list[Table]:
    """The tables on this phone's list (opened by their edit links)."""
    ids = request.session.get(REMEMBERED, [])
    return list(Table.objects.filter(pk__in=ids).order_by("-created_at")) if ids else []


def hand_of(table: Table, seq: int) -> Hand:
    return get_object_or_404(Hand, table=table, seq=seq)


def by_any_link(request: HttpRequest, token: str) -> Table:
    field = "view_token" if request.resolver_match.url_name.startswith("view_") else "edit_token"
    return get_object_or_404(Table, **{field: token})


def device(request: HttpRequest) -> str:
    return request.session.get("device", "")


def partial(request: HttpRequest) -> bool:
    """htmx asked for a piece of the page (not a boosted navigation or a history restore)."""
    return bool(request.htmx) and not request.htmx.boosted and not request.htmx.history_restore_request


def hand_form(table: Table, data=None, initial=None):
    return GAMES[table.game].web.hand_form(data, initial=initial, players=table.players, rules=table.rules)

"""What every response passes through. The Content-Security-Policy: scripts, styles, images and connections from
Talon's own origin only, no inline script or style, no plugins, not framed by other sites, forms posted only to
Talon. And a browser's lists of tables and circles, kept without a session row for every mere visit."""

import json
import re
import time
from datetime import date, timedelta
from urllib.parse import unquote_to_bytes

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext as _

from games.tables.common import LISTS, add_to_list

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


# The worker that runs the engines on a phone (static/js/engine-worker.js) compiles Pyodide's WebAssembly: it alone
# may, and only WebAssembly (no eval of JavaScript). A worker's policy is the one its own script arrives with: under
# its plain name and under the hashed name the Deploy settings give it (engine-worker.0123456789ab.js).
WORKER_SCRIPT = "js/engine-worker.js"


def content_security_policy(get_response):
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", POLICY)
    stem = WORKER_SCRIPT.removesuffix(".js")
    worker = re.compile(rf"{re.escape(settings.STATIC_URL + stem)}(\.[0-9a-f]{{12}})?\.js")
    worker_policy = policy.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")

    def middleware(request):
        response = get_response(request)
        response.setdefault("Content-Security-Policy", worker_policy if worker.fullmatch(request.path) else policy)
        return response

    return middleware


OPENED = "talon_opened"  # what a browser without a session opened, signed, until its next request
RENEW_AFTER = timedelta(days=7)


def keep_what_was_opened(get_response):
    """A browser's list of tables and circles without a session row for every visit (games.tables.common.
    remember_on): what a browser with no session opened comes back in a signed cookie on its next request and
    joins its list then. And a session in use is renewed (at most once a week), so that it ends a whole
    SESSION_COOKIE_AGE after the phone last used Talon, not after it last added a table."""

    def middleware(request):
        opened = request.get_signed_cookie(OPENED, default=None, salt=OPENED)
        if opened is not None:
            try:
                lists = json.loads(opened)
                for key, pks in lists.items():
                    if key in LISTS and all(type(pk) is int for pk in pks):
                        add_to_list(request.session, key, pks[: LISTS[key]])
            except (ValueError, AttributeError, TypeError):
                pass
        response = get_response(request)
        if opened is not None:
            response.delete_cookie(OPENED, samesite="Lax")
        if getattr(request, "opened", None):
            response.set_signed_cookie(
                OPENED,
                json.dumps(request.opened),
                salt=OPENED,
                max_age=settings.SESSION_COOKIE_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        session = request.session
        if (
            session.accessed
            and not session.modified
            and settings.SESSION_COOKIE_NAME in request.COOKIES
            and session.session_key is not None
        ):
            today = date.today()
            if session.get("renewed", "") < (today - RENEW_AFTER).isoformat():
                session["renewed"] = today.isoformat()
        return response

    return middleware


DEADLINE = "HTTP_X_TALON_DEADLINE"


def refuse_what_came_too_late(get_response):
    """A change a phone gave up waiting for (the server was frozen, the signal weak) is not carried out when its
    request arrives later: the phone names the server's own time by which it must be done (X-Talon-Deadline, seconds
    since the epoch, from the server's answer a moment before), and past it nothing is done."""

    def middleware(request):
        deadline = request.META.get(DEADLINE)
        if deadline is not None and request.method == "POST":
            try:
                late = time.time() > float(deadline)
            except ValueError:
                late = True
            if late:
                return HttpResponse(
                    _("This change arrived after the phone had given up waiting: nothing was done."),
                    status=409,
                    content_type="text/plain; charset=utf-8",
                )
        return get_response(request)

    return middleware


FORM_BODIES = ("application/x-www-form-urlencoded", "multipart/form-data")
LOST = "\ufffd"  # what Django reads a multipart field's byte that is no UTF-8 as


def refuse_text_that_is_no_utf8(get_response):
    """A form whose text is no UTF-8 (a byte no character starts with, a lone surrogate's bytes, raw or escaped) is
    refused as a whole, saying so, before any view reads it: Django would read such a body as Latin-1 ("Anna\\xff"
    becomes "Annaÿ") or a field's bad bytes as "\ufffd", and either would be saved as letters no player typed. No
    browser sends it (a lone surrogate typed into a page is sent as "\ufffd", refused here as well)."""

    def middleware(request):
        if request.method == "POST" and request.content_type in FORM_BODIES and not _text(request):
            return HttpResponse(
                _(
                    "This form arrived with characters that are not text as Talon reads it (UTF-8): nothing was "
                    "saved. Go back, type it again and send it."
                ),
                status=400,
                content_type="text/plain; charset=utf-8",
            )
        return get_response(request)

    return middleware


def _text(request) -> bool:
    """Whether every name and value the form sent is UTF-8 (escaped or not), with no character lost. A body of the
    size Django keeps in memory is read whole first, so that a view reading it as JSON still can (the offline
    send answers a form's body sent to it as a hand it cannot read); a larger one is an upload, read as it comes."""
    if int(request.META.get("CONTENT_LENGTH") or 0) <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        request.body  # noqa: B018 (kept: request.POST reads the form from it)
    if request.content_type == FORM_BODIES[0]:
        try:
            for part in re.split(rb"[&=]", request.body):
                unquote_to_bytes(part.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            return False
    return not any(LOST in key or any(LOST in value for value in values) for key, values in request.POST.lists())

"""What every response passes through. The Content-Security-Policy: scripts, styles, images and connections from
Talon's own origin only, no inline script or style, no plugins, not framed by other sites, forms posted only to
Talon. And a browser's lists of tables and circles, kept without a session row for every mere visit."""

import json
import re
import time
from datetime import date, timedelta

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
    """A browser's list of tables and circles without a session row for every visit (games.views.common.
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

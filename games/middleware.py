"""The Content-Security-Policy every response carries: scripts, styles, images and connections from Talon's own
origin only, no inline script or style, no plugins, not framed by other sites, forms posted only to Talon."""

import re

from django.conf import settings

POLICY = "; ".join([
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
])


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
        response.setdefault("Content-Security-Policy",
                            worker_policy if worker.fullmatch(request.path) else policy)
        return response

    return middleware

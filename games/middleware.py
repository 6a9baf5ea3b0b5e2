"""The Content-Security-Policy every response carries: scripts, styles, images and connections from Talon's own
origin only, no inline script or style, no plugins, not framed by other sites, forms posted only to Talon."""

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


def content_security_policy(get_response):
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", POLICY)

    def middleware(request):
        response = get_response(request)
        response.setdefault("Content-Security-Policy", policy)
        return response

    return middleware

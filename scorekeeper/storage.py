"""Static files under the Deploy settings: whitenoise's compressed files under names that carry their content's hash,
and Talon's ES modules (js/talon.js with static/js/talon/, and the phone's offline part in static/js/offline/)
importing one another by those names: a module whose content changes gets a new name, so every module importing it
does too, and no phone runs a new module beside an old one from its cache.

Compressed with brotli too (the Brotli package: whitenoise sends ``.br`` to a browser that accepts it): the phone's
runtime, the largest part of keeping a table, in 3.0 MB instead of 3.8 with gzip. Brotli's copies come from a cache
by content (games.offline.runtime.compressed): the runtime's WebAssembly alone takes about 20 s of CPU to compress,
paid once per machine and release instead of on every collectstatic (and twice in each: its hashed copy too)."""

from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage

from games.offline.runtime import compressed

BASE = CompressedManifestStaticFilesStorage
# Our modules only: other packages' scripts (django-htmx's extensions import "htmx", which is no file) and Pyodide's
# are collected as they are.
MODULES = ("js/talon.js", "js/talon/*.js", "js/offline/*.js")


class CachedCompressor(Compressor):
    """Whitenoise's compressor, its brotli copies taken from the cache by content when they were made before."""

    def compress_brotli(self, data: bytes) -> bytes:  # whitenoise's is a staticmethod; called on the instance
        return compressed(data, "br")


class HashedModulesStorage(BASE):
    # Django's patterns for its imports and exports (import … from "./x.js" → "./x.<hash>.js"), for each of ours.
    patterns = (*BASE.patterns, *((glob, BASE._js_module_import_aggregation_patterns[1]) for glob in MODULES))

    def create_compressor(self, **kwargs) -> Compressor:
        return CachedCompressor(**kwargs)

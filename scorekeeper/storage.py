"""Static files under the Deploy settings: whitenoise's compressed files under names that carry their content's hash,
and Talon's ES modules (js/talon.js with static/js/talon/, and the phone's offline part in static/js/offline/)
importing one another by those names: a module whose content changes gets a new name, so every module importing it
does too, and no phone runs a new module beside an old one from its cache."""

from whitenoise.storage import CompressedManifestStaticFilesStorage

BASE = CompressedManifestStaticFilesStorage
# Our modules only: other packages' scripts (django-htmx's extensions import "htmx", which is no file) and Pyodide's
# are collected as they are.
MODULES = ("js/talon.js", "js/talon/*.js", "js/offline/*.js")


class HashedModulesStorage(BASE):
    # Django's patterns for its imports and exports (import … from "./x.js" → "./x.<hash>.js"), for each of ours.
    patterns = (*BASE.patterns, *((glob, BASE._js_module_import_aggregation_patterns[1]) for glob in MODULES))

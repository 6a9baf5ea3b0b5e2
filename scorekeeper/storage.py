"""Static files under the Deploy settings: whitenoise's compressed files under names that carry their content's hash,
and the phone's offline part (static/js/offline/, ES modules) importing its modules by those names: a module whose
content changes gets a new name, so every module importing it does too, and no phone runs a new module beside an old
one from its cache."""

from whitenoise.storage import CompressedManifestStaticFilesStorage

BASE = CompressedManifestStaticFilesStorage


class HashedModulesStorage(BASE):
    support_js_module_import_aggregation = True  # import … from "./x.js" → "./x.<hash>.js"
    # Django's patterns (its imports and exports), for our modules only: other packages' scripts (django-htmx's
    # extensions import "htmx", which is no file) and Pyodide's are collected as they are.
    _js_module_import_aggregation_patterns = ("js/offline/*.js", BASE._js_module_import_aggregation_patterns[1])

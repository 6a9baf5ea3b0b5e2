"""The phone's Python runtime (Pyodide, in node_modules/pyodide) made cheaper to keep.

- ``compress``: a gzip copy (``name.gz``) and, with the Brotli package, a brotli one (``name.br``) beside each runtime
  file that compresses, which whitenoise sends to a browser that accepts them when it serves static files from their
  folders (Talon at home, development); without them keeping a table downloaded the runtime uncompressed (13.7 MB
  instead of 6.4). In production collectstatic compresses its own copies (whitenoise's storage, through
  ``compressed`` too: scorekeeper/storage.py). The Makefile runs it right after npm installs the runtime
  (``python3 -m games.offline.runtime node_modules/pyodide``) and ``manage.py serve_lan`` before serving; it does
  nothing when the copies are current.
- ``compressed``: gzip or brotli of some bytes, brotli kept in a cache by their content's hash and reused: it takes
  about 20 s of CPU on the WebAssembly (9.6 MB), which every collectstatic would otherwise pay again (twice: its
  hashed copy too) for the same bytes. The cache is ``$TALON_COMPRESSED_CACHE``, else ``~/.cache/talon/compressed``
  (``$XDG_CACHE_HOME`` respected): a machine pays once per release of the runtime, whichever checkout or process
  asks first (the others wait for it); a fresh machine (a new CI machine) pays once.
- ``stdlib``: the standard library cut to what the phone's Python runs (games/offline/views.py serves it).

Standard library only, and the Brotli package when installed (the Makefile runs it before Django is installed)."""

from __future__ import annotations

import ast
import fcntl
import gzip
import hashlib
import io
import os
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

try:
    import brotli
except ImportError:  # the Makefile's first run, before the project's packages are installed: gzip only
    brotli = None

NAMES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
WORTH = 0.95  # a compressed copy is kept only when at least 5% smaller (as whitenoise decides)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)  # as whitenoise writes it: the same bytes for the same input


def _brotli(data: bytes) -> bytes:
    return brotli.compress(data)  # whitenoise's: the best quality (11), the default window


ENCODERS: dict[str, Callable[[bytes], bytes]] = {"gz": _gzip, **({"br": _brotli} if brotli else {})}
KEYS = {"gz": "gzip9", "br": "brotli11"}  # in the cache's names: another setting is another entry


def cache_folder() -> Path | None:
    """Where compressed copies are kept by their content's hash; None when ``TALON_COMPRESSED_CACHE`` is empty."""
    chosen = os.environ.get("TALON_COMPRESSED_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "talon" / "compressed"


def compressed(data: bytes, encoding: str) -> bytes:
    """``data`` compressed (``encoding``: "gz" or "br"). Brotli's from the cache when these bytes were compressed
    before on this machine; else compressed here (under a lock: a second process asking for the same bytes waits for
    the first instead of compressing them too) and kept. Gzip, quick, is never kept; nor is anything without a
    usable cache."""
    encode, folder = ENCODERS[encoding], cache_folder()
    if encoding != "br" or folder is None:
        return encode(data)
    path = folder / f"{hashlib.sha256(data).hexdigest()}.{KEYS[encoding]}"
    body = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(f"{path}.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if path.is_file():
                return path.read_bytes()
            body = encode(data)
            partial = Path(f"{path}.{os.getpid()}.partial")
            partial.write_bytes(body)
            os.replace(partial, path)
    except OSError:  # a cache that cannot be written (a read-only home): compressed here, not kept
        pass
    return encode(data) if body is None else body


def compress(folder: Path) -> list[Path]:
    """Write ``name.gz`` (and ``name.br`` with the Brotli package) beside each runtime file in ``folder`` that
    compresses by at least 5%; an existing copy newer than its file is kept. Returns the copies written."""
    written = []
    for name in NAMES:
        path = folder / name
        for encoding in ENCODERS:  # gzip first: what gzip does not shrink, brotli is not asked to
            packed = folder / f"{name}.{encoding}"
            if not path.is_file() or packed.is_file() and packed.stat().st_mtime >= path.stat().st_mtime:
                continue
            data = path.read_bytes()
            body = compressed(data, encoding)
            if len(body) > len(data) * WORTH:  # a zip of compressed files: no gain, sent as it is
                break
            partial = Path(f"{packed}.partial")
            partial.write_bytes(body)
            os.replace(partial, packed)
            written.append(packed)
    return written


# What Pyodide imports by itself before any of Talon's code runs (this version: sys.modules after loadPyodide).
BOOT = frozenset(
    (
        "__future__ __main__ _abc _ast _asyncio _bisect _bz2 _codecs _collections _collections_abc _colorize _contextvars "
        "_frozen_importlib _frozen_importlib_external _functools _heapq _imp _io _json _locale _lzma _opcode "
        "_opcode_metadata _operator _py_warnings _pyodide _pyodide._base _pyodide._core_docs _pyodide._future_helper "
        "_pyodide._importhook _pyodide.docs_argspec _pyodide.docstring _pyodide.jsbind _pyodide_core _random _signal "
        "_sitebuiltins _socket _sre _ssl _stat _string _struct _thread _tokenize _types _typing _warnings _weakref "
        "_weakrefset _zstd abc annotationlib ast asyncio asyncio.base_events asyncio.base_futures asyncio.base_subprocess "
        "asyncio.base_tasks asyncio.constants asyncio.coroutines asyncio.events asyncio.exceptions asyncio.format_helpers "
        "asyncio.futures asyncio.graph asyncio.locks asyncio.log asyncio.mixins asyncio.protocols asyncio.queues "
        "asyncio.runners asyncio.selector_events asyncio.sslproto asyncio.staggered asyncio.streams asyncio.subprocess "
        "asyncio.taskgroups asyncio.tasks asyncio.threads asyncio.timeouts asyncio.transports asyncio.trsock "
        "asyncio.unix_events atexit base64 binascii bisect builtins bz2 codecs codeop collections collections.abc "
        "compression compression._common compression._common._streams compression.zstd compression.zstd._zstdfile "
        "concurrent concurrent.futures concurrent.futures._base contextlib contextvars copy copyreg dataclasses dis "
        "encodings encodings.aliases encodings.utf_8 enum errno fcntl fnmatch functools gc genericpath glob heapq "
        "importlib importlib._abc importlib._bootstrap importlib._bootstrap_external importlib.abc importlib.machinery "
        "importlib.util inspect io itertools json json.decoder json.encoder json.scanner keyword linecache locale logging "
        "lzma marshal math ntpath opcode operator os os.path pathlib pathlib._os posix posixpath pyodide "
        "pyodide._package_loader pyodide._state pyodide.code pyodide.common pyodide.ffi pyodide.webloop pyodide_js "
        "pyodide_js._api random re re._casefix re._compiler re._constants re._parser reprlib select selectors shutil "
        "signal site socket ssl stat string struct subprocess sys tempfile textwrap threading time token tokenize "
        "traceback types typing warnings weakref zipfile zipfile._path zipfile._path.glob zipimport zlib "
    ).split()
)
ENCODINGS = (
    "encodings/__init__.py",
    "encodings/aliases.py",
    "encodings/utf_8.py",
    "encodings/utf_8_sig.py",
    "encodings/ascii.py",
    "encodings/latin_1.py",
)


def _imports(source: str, package: str) -> set[str]:
    """The modules a module's source imports (absolute names; relative ones resolved against its package)."""
    found: set[str] = set()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return found
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1] if package else []
                base = ".".join([*parts, base] if base else parts)
            if base:
                found.add(base)
                found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def stdlib(zip_path: Path, engine_files: dict[str, str]) -> tuple[bytes, str]:
    """Pyodide's standard library cut to what the phone's Python runs: what Pyodide imports at start-up, the
    modules Talon's engine files import and everything those import in turn (read from the zip itself), Pyodide's
    own packages and the basic codecs. 0.8 MB instead of 2.5: the largest part of the runtime that is not
    WebAssembly. Returns the zip (the same bytes for the same inputs) and its hash."""
    source = zipfile.ZipFile(zip_path)
    names = set(source.namelist())

    def path_of(module: str) -> str | None:
        base = module.replace(".", "/")
        return next((p for p in (f"{base}.py", f"{base}/__init__.py") if p in names), None)

    wanted, seen = set(ENCODINGS), set()
    todo = set(BOOT) | {"fractions", "numbers"}
    for text in engine_files.values():
        todo |= {name for name in _imports(text, "games") if not name.startswith("games")}
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        parts = module.split(".")
        for i in range(1, len(parts)):  # a package's __init__ comes with its module
            todo.add(".".join(parts[:i]))
        path = path_of(module)
        if path is None:
            continue
        wanted.add(path)
        if module not in BOOT:  # what start-up imports is known; a module only the engine needs brings its own
            package = module if path.endswith("__init__.py") else ".".join(parts[:-1])
            todo |= _imports(source.read(path).decode("utf-8", "replace"), package) - seen
    wanted |= {
        name
        for name in names
        if name.startswith(("pyodide/", "_pyodide/", "_sysconfigdata")) and not name.endswith("/")
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as cut:
        for info in sorted(source.infolist(), key=lambda info: info.filename):
            if info.filename in wanted:
                entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                entry.compress_type, entry.external_attr = zipfile.ZIP_STORED, info.external_attr
                cut.writestr(entry, source.read(info.filename))
    body = out.getvalue()
    return body, hashlib.sha256(body).hexdigest()[:16]


if __name__ == "__main__":
    for copy in compress(Path(sys.argv[1] if len(sys.argv) > 1 else "node_modules/pyodide")):
        print(f"compressed: {copy}")

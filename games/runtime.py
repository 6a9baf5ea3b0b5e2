"""Precompressed copies of the phone's Python runtime (Pyodide, in node_modules/pyodide): ``name.gz`` beside each
file that compresses, which whitenoise sends to a browser that accepts gzip when it serves static files from their
folders (Talon at home, development). Without them keeping a table downloads the runtime uncompressed (13.7 MB
instead of 6.4). In production collectstatic compresses its own copies (whitenoise's storage) and these are not
needed. Standard library only: the Makefile runs it right after npm installs the runtime (``python3 -m
games.runtime node_modules/pyodide``); ``manage.py serve_lan`` runs it too, and it does nothing when the copies are
current."""

from __future__ import annotations

import gzip
import os
import sys
from pathlib import Path

NAMES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def compress(folder: Path) -> list[Path]:
    """Write ``name.gz`` beside each runtime file in ``folder`` that gzip makes at least 5% smaller (as whitenoise
    decides); an existing copy newer than its file is kept. Returns the copies written."""
    written = []
    for name in NAMES:
        path, packed = folder / name, folder / f"{name}.gz"
        if not path.is_file() or packed.is_file() and packed.stat().st_mtime >= path.stat().st_mtime:
            continue
        data = path.read_bytes()
        body = gzip.compress(data, compresslevel=9, mtime=0)
        if len(body) > len(data) * 0.95:  # a zip of compressed files: no gain, sent as it is
            continue
        partial = packed.with_suffix(".gz.partial")
        partial.write_bytes(body)
        os.replace(partial, packed)
        written.append(packed)
    return written


if __name__ == "__main__":
    for copy in compress(Path(sys.argv[1] if len(sys.argv) > 1 else "node_modules/pyodide")):
        print(f"compressed: {copy}")

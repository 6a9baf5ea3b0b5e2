"""The runtime's compressed copies (games/offline/runtime.py): gzip and brotli written beside each file that
compresses, which whitenoise then sends to a browser that accepts them when it serves the runtime from its folder
(Talon at home); and brotli's copies kept in a cache by content, so that the WebAssembly's 20 s of brotli are paid
once per machine, not on every collectstatic."""

import gzip
import os
import zipfile

import brotli
import pytest

from games.offline import runtime
from games.offline.runtime import compress, compressed


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("TALON_COMPRESSED_CACHE", str(folder))
    return folder


def test_a_gzip_and_a_brotli_copy_are_written_beside_each_runtime_file_that_compresses(tmp_path):
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm" + b"abc" * 100_000)
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip", "w", zipfile.ZIP_DEFLATED) as library:
        library.writestr("os.py", os.urandom(50_000))  # compressed already: nothing gained
    written = compress(tmp_path)
    assert written == [tmp_path / "pyodide.asm.wasm.gz", tmp_path / "pyodide.asm.wasm.br"]
    data = (tmp_path / "pyodide.asm.wasm").read_bytes()
    assert gzip.decompress((tmp_path / "pyodide.asm.wasm.gz").read_bytes()) == data
    assert brotli.decompress((tmp_path / "pyodide.asm.wasm.br").read_bytes()) == data
    assert not (tmp_path / "python_stdlib.zip.gz").exists() and not (tmp_path / "python_stdlib.zip.br").exists()
    assert compress(tmp_path) == []  # current: left as it is


@pytest.mark.parametrize("encoding, sent", [("gzip, br", "br"), ("gzip", "gzip")])
def test_whitenoise_sends_the_compressed_copy_from_the_folder(tmp_path, encoding, sent):
    from whitenoise import WhiteNoise

    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm" + b"abc" * 100_000)
    compress(tmp_path)
    app = WhiteNoise(lambda environ, start: [], root=str(tmp_path), prefix="/static/pyodide/")
    answer = {}
    body = b"".join(
        app(
            {
                "PATH_INFO": "/static/pyodide/pyodide.asm.wasm",
                "REQUEST_METHOD": "GET",
                "HTTP_ACCEPT_ENCODING": encoding,
            },
            lambda status, headers: answer.update(headers),
        )
    )
    assert answer["Content-Encoding"] == sent
    assert len(body) == (tmp_path / f"pyodide.asm.wasm.{sent[:2]}").stat().st_size


def test_brotli_is_paid_once_for_the_same_bytes(cache, monkeypatch):
    """A second compression of the same bytes (another collectstatic, the hashed copy of the same file, another
    process) reads the cache; other bytes are compressed."""
    calls = []
    monkeypatch.setitem(runtime.ENCODERS, "br", lambda data: calls.append(data) or brotli.compress(data))
    data = b"talon " * 10_000
    first = compressed(data, "br")
    assert compressed(data, "br") == first and brotli.decompress(first) == data
    assert calls == [data]
    compressed(data + b"!", "br")
    assert len(calls) == 2
    assert len(list(cache.glob("*.brotli11"))) == 2
    compressed(data, "gz")  # quick: never kept
    assert len(list(cache.iterdir())) == 4  # the two copies and their locks


def test_without_a_usable_cache_brotli_is_compressed_each_time(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("TALON_COMPRESSED_CACHE", str(tmp_path / "file"))
    data = b"talon " * 10_000
    assert brotli.decompress(compressed(data, "br")) == data
    monkeypatch.setenv("TALON_COMPRESSED_CACHE", "")
    assert runtime.cache_folder() is None
    assert brotli.decompress(compressed(data, "br")) == data


def test_collectstatic_takes_brotli_from_the_cache(cache, monkeypatch):
    """Under the Deploy settings whitenoise's compressor asks the cache: what it compressed before, it reads."""
    from scorekeeper.storage import CachedCompressor

    calls = []
    monkeypatch.setitem(runtime.ENCODERS, "br", lambda data: calls.append(data) or brotli.compress(data))
    compressor = CachedCompressor(quiet=True)
    data = b"talon " * 10_000
    assert brotli.decompress(compressor.compress_brotli(data)) == data
    compressor.compress_brotli(data)
    assert calls == [data]

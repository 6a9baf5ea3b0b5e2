"""The runtime's gzip copies (games/offline/runtime.py): written beside each file that compresses, which whitenoise then
sends to a browser that accepts gzip when it serves the runtime from its folder (Talon at home)."""

import gzip
import os
import zipfile

from games.offline.runtime import compress


def test_a_gzip_copy_is_written_beside_each_runtime_file_that_compresses(tmp_path):
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm" + b"abc" * 100_000)
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip", "w", zipfile.ZIP_DEFLATED) as library:
        library.writestr("os.py", os.urandom(50_000))  # compressed already: nothing gained
    written = compress(tmp_path)
    assert written == [tmp_path / "pyodide.asm.wasm.gz"]
    packed = (tmp_path / "pyodide.asm.wasm.gz").read_bytes()
    assert gzip.decompress(packed) == (tmp_path / "pyodide.asm.wasm").read_bytes()
    assert not (tmp_path / "python_stdlib.zip.gz").exists()
    assert compress(tmp_path) == []  # current: left as it is


def test_whitenoise_sends_the_gzip_copy_from_the_folder(tmp_path):
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
                "HTTP_ACCEPT_ENCODING": "gzip, br",
            },
            lambda status, headers: answer.update(headers),
        )
    )
    assert answer["Content-Encoding"] == "gzip"
    assert len(body) == (tmp_path / "pyodide.asm.wasm.gz").stat().st_size

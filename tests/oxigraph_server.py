"""A real Oxigraph server for tests: `oxigraph serve` (PyPI package `oxigraph`) on a free loopback port.

A test module takes the fixture with `import oxigraph_server` and `oxigraph_url = oxigraph_server.oxigraph_url`
(an assignment, so linters do not see an unused import that test arguments redefine).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

_START_TIMEOUT = 20


def _binary() -> str | None:
    """The `oxigraph` executable: next to this Python first (the venv), then on PATH."""
    beside = Path(sys.executable).with_name("oxigraph")
    return str(beside) if beside.is_file() else shutil.which("oxigraph")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def oxigraph_url(tmp_path):
    """Base URL of a fresh Oxigraph server with an empty on-disk store; stopped after the test."""
    binary = _binary()
    if binary is None:
        pytest.skip("no `oxigraph` executable: pip install oxigraph")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen([binary, "serve", "--location", str(tmp_path / "store"), "--bind", f"127.0.0.1:{port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + _START_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.fail(f"oxigraph serve exited with {process.returncode}: {process.stderr.read().decode()[:500]}")
            try:
                urllib.request.urlopen(f"{url}/query?query=ASK%7B%7D", timeout=1).close()
                break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    pytest.fail(f"oxigraph serve did not answer on {url} within {_START_TIMEOUT} s")
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stderr.close()

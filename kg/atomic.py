"""Atomic file writes: a temporary file in the target folder, fsync, then rename over the target.

An interrupted build therefore leaves either the previous file or the new one, never half of one. A build's
outputs are written together: every temporary file first, then the renames, so an interruption leaves the
previous set. A SIGKILL can still strand a temporary file (`.kg.ttl.XXXX.tmp`); the next write removes it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import BinaryIO

#: A file's bytes, or a function writing them into the open temporary file (so a large graph's serialisation
#: streams to disk instead of being held whole in memory, and only one output is being rendered at a time).
Content = bytes | Callable[[BinaryIO], None]


def _temporary(target: Path, content: Content) -> Path:
    """`content` in a fsynced temporary file beside `target`, after removing ones a killed run left behind."""
    target.parent.mkdir(parents=True, exist_ok=True)
    for stale in target.parent.glob(f".{target.name}.*.tmp"):
        stale.unlink(missing_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            if callable(content):
                content(handle)
            else:
                handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def atomic_write_many(files: Mapping[str | os.PathLike[str], Content]) -> None:
    """Write several files so that readers see the old set or the new one (all temporaries, then all renames)."""
    written: list[tuple[Path, Path]] = []
    try:
        for path, content in files.items():
            written.append((_temporary(Path(path), content), Path(path)))
        for tmp, target in written:
            os.replace(tmp, target)
    finally:
        for tmp, _ in written:
            tmp.unlink(missing_ok=True)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` so that readers only ever see the old or the complete new content."""
    atomic_write_many({path: data})


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write UTF-8 text atomically (LF line ends, exactly as given)."""
    atomic_write_bytes(path, text.encode("utf-8"))

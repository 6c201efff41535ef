"""IRIs the project mints: readable slugs of a canonical name within its type (`.../dataset/arc-agi-2`),
percent-encoded where a name has no Latin letters, with collisions resolved deterministically."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from urllib.parse import quote

from rdflib import URIRef

from .vocab import ID

_NON_SLUG = re.compile(r"[^a-z0-9]+")
_MAX_SLUG = 80


def slug(name: str) -> str:
    """`G²-Reader` -> `g2-reader`, `ARC-AGI-2` -> `arc-agi-2`; a name with no Latin letters or digits is percent-encoded."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name)).casefold()
    ascii_only = folded.encode("ascii", "ignore").decode("ascii")
    result = _NON_SLUG.sub("-", ascii_only).strip("-")[:_MAX_SLUG].strip("-")
    if result:
        return result
    spaced = re.sub(r"\s+", "-", unicodedata.normalize("NFKC", name).casefold().strip())
    return quote(spaced, safe="-")[:_MAX_SLUG] or "unnamed"


def short_hash(*parts: object) -> str:
    """16 hex characters of a sha256 over the parts: stable names for evidence nodes."""
    digest = hashlib.sha256("\x1f".join(str(part) for part in parts).encode("utf-8"))
    return digest.hexdigest()[:16]


def unique_slugs(names: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Map each (identity, name) to a slug unique among them; clashes get `-2`, `-3` in identity order."""
    taken: dict[str, int] = {}
    result: dict[str, str] = {}
    for identity, name in sorted(names, key=lambda item: (slug(item[1]), item[0])):
        base = slug(name)
        count = taken.get(base, 0) + 1
        taken[base] = count
        result[identity] = base if count == 1 else f"{base}-{count}"
    return result


def resource(kind: str, slug_text: str) -> URIRef:
    """`ID/<kind>/<slug>`, e.g. resource("dataset", "arc-agi-2")."""
    return ID[f"{kind}/{slug_text}"]

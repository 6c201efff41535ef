"""A cache of extracted facts, so re-building a corpus with a few new abstracts runs spaCy on those alone.

Keyed by the SHA-256 of the paper's title and abstract, the extractor's version, a fingerprint of the extractor's
code and pattern files (so a rule changed without a version bump is a miss too, not stale facts) and the spaCy
pipeline's name and version: any change to one of them is a miss. Stored in one SQLite file (stdlib, transactional: an interrupted build
leaves only complete entries). The graph itself is always rebuilt from the current corpus, so a paper removed
from the input loses its facts, and an incremental build equals a full one.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from functools import lru_cache
from pathlib import Path

import extract
from extract.facts import Entity, Evidence, Link, Mention, Paper, Relation, Result

#: The extractor package whose source and pattern files the cache key covers.
EXTRACTOR_ROOT = Path(extract.__file__).parent

#: What is cached for one paper: everything extraction found except the Paper record itself.
CachedFacts = tuple[tuple[Entity, ...], tuple[Relation, ...], tuple[Link, ...], tuple[Result, ...]]


@lru_cache(maxsize=4)
def code_fingerprint(root: Path = EXTRACTOR_ROOT) -> str:
    """SHA-256 over the extractor's Python sources and pattern files under `root`, by relative path, in sorted order."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".json") and "__pycache__" not in p.parts):
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _evidence(data: dict) -> Evidence:
    return Evidence(**data)


def _encode(facts: CachedFacts) -> str:
    entities, relations, links, results = facts
    payload = {
        "entities": [
            [e.key, e.type, e.name, list(e.aliases), [[m.text, m.start, m.end] for m in e.mentions]] for e in entities
        ],
        "relations": [[r.predicate, r.entity, r.evidence.__dict__] for r in relations],
        "links": [[link.kind, link.url, link.evidence.__dict__] for link in links],
        "results": [[r.value_text, r.value, r.unit, r.metric, r.entity, r.dataset, r.evidence.__dict__, r.upper]
                    for r in results],
    }
    return json.dumps(payload, ensure_ascii=False, sort_keys=True)


def _decode(text: str) -> CachedFacts:
    payload = json.loads(text)
    entities = tuple(
        Entity(key, etype, name, tuple(aliases), tuple(Mention(*m) for m in mentions))
        for key, etype, name, aliases, mentions in payload["entities"]
    )
    relations = tuple(Relation(p, key, _evidence(ev)) for p, key, ev in payload["relations"])
    links = tuple(Link(kind, url, _evidence(ev)) for kind, url, ev in payload["links"])
    results = tuple(Result(*fields, _evidence(ev), upper) for *fields, ev, upper in payload["results"])
    return entities, relations, links, results


class FactCache:
    """SQLite-backed map from (abstract, extractor, model) to the facts extracted from it."""

    def __init__(self, path: str | Path, *, extractor_version: str, model: str, model_version: str,
                 code: str | None = None):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        code = code_fingerprint() if code is None else code
        self._salt = f"{extractor_version}\x1f{code}\x1f{model}\x1f{model_version}"
        self._db = sqlite3.connect(self.path)
        self._db.execute("CREATE TABLE IF NOT EXISTS facts (key TEXT PRIMARY KEY, payload TEXT NOT NULL)")
        self.hits = 0
        self.misses = 0

    def key(self, paper: Paper) -> str:
        """The title is part of the key: extraction reads it (a name before its colon is what the paper proposes)."""
        return hashlib.sha256(f"{self._salt}\x1f{paper.title or ''}\x1f{paper.abstract}".encode("utf-8")).hexdigest()

    def get(self, paper: Paper) -> CachedFacts | None:
        row = self._db.execute("SELECT payload FROM facts WHERE key = ?", (self.key(paper),)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return _decode(row[0])

    def put_many(self, items: list[tuple[Paper, CachedFacts]]) -> None:
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO facts (key, payload) VALUES (?, ?)",
                [(self.key(paper), _encode(facts)) for paper, facts in items],
            )

    def close(self) -> None:
        self._db.close()

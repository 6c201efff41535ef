"""Incremental builds: only new abstracts go through spaCy, removed papers lose their facts, and the result is
the same as a full rebuild."""

from __future__ import annotations

import json

import pytest
from rdflib import Graph, URIRef

from kg.build import build
from kg.readers import bundled_corpus_path, read_corpus
from kg.vocab import MLKG

pytestmark = pytest.mark.slow


def _invented(i: int) -> dict:
    return {"id": f"new-{i}", "abstract": f"We propose Gizmo{i}Net, a sparse router for tabular forecasting. "
                                         f"Gizmo{i}Net reaches {60 + i}.5% accuracy on the Tabby{i} benchmark."}


def _write(path, records) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def test_ten_new_abstracts_are_the_only_ones_extracted(tmp_path):
    bundled = [{"id": p.id, "abstract": p.abstract} for p in read_corpus([bundled_corpus_path()]).papers]
    out = tmp_path / "out"
    first = build([_write(tmp_path / "v1.jsonl", bundled)], out)
    assert (first.extracted, first.cached) == (19, 0)

    removed, kept = bundled[:2], bundled[2:]
    second_input = _write(tmp_path / "v2.jsonl", kept + [_invented(i) for i in range(10)])
    second = build([second_input], out)
    assert (second.extracted, second.cached) == (10, 17)

    graph = Graph().parse(out / "kg.ttl")
    ids = {str(o) for o in graph.objects(None, URIRef("http://purl.org/dc/terms/identifier"))}
    assert {r["id"] for r in removed}.isdisjoint(ids)
    assert {f"new-{i}" for i in range(10)} <= ids
    removed_text = {r["abstract"] for r in removed}
    assert not removed_text & {str(o) for o in graph.objects()}
    assert len(set(graph.subjects(MLKG.proposes, None))) >= 10

    full = tmp_path / "full"
    build([second_input], full, use_cache=False)
    for name in ("kg.ttl", "kg.jsonld", "kg.graphml", "kg.html"):
        assert (out / name).read_bytes() == (full / name).read_bytes(), name


def test_a_changed_title_is_extracted_again(tmp_path):
    """Extraction reads the title (a name before its colon is what the paper proposes), so it is part of the key."""
    record = {"id": "p1", "abstract": "Sequence models are slow. TensoRank stacks low-rank projections for speed."}
    out = tmp_path / "out"
    first = build([_write(tmp_path / "v1.jsonl", [{**record, "title": "Fast Sequence Features"}])], out)
    second = build([_write(tmp_path / "v2.jsonl", [{**record, "title": "TensoRank: Fast Sequence Features"}])], out)
    third = build([_write(tmp_path / "v3.jsonl", [{**record, "title": "TensoRank: Fast Sequence Features"}])], out)
    assert [(r.extracted, r.cached) for r in (first, second, third)] == [(1, 0), (1, 0), (0, 1)]
    graph = Graph().parse(out / "kg.ttl")
    assert {str(o) for _, o in graph.subject_objects(MLKG.proposes)}  # the title's name is now proposed


def test_a_changed_rule_file_is_a_cache_miss_without_a_version_bump(tmp_path):
    """The key covers the extractor's code and pattern files: facts cached before a rule changed are not reused."""
    import shutil

    from extract.facts import Paper
    from kg.cache import EXTRACTOR_ROOT, FactCache, code_fingerprint

    copy = tmp_path / "extract"
    shutil.copytree(EXTRACTOR_ROOT, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = code_fingerprint(copy)
    assert before == code_fingerprint(EXTRACTOR_ROOT)
    heads = copy / "patterns" / "heads.json"
    heads.write_text(heads.read_text(encoding="utf-8").replace('"dataset"', '"data set"', 1), encoding="utf-8")
    code_fingerprint.cache_clear()
    assert code_fingerprint(copy) != before

    paper = Paper(id="p1", abstract="We propose FooNet.")
    versions = {"extractor_version": "1", "model": "m", "model_version": "1"}
    old = FactCache(tmp_path / "facts.sqlite", code=before, **versions)
    old.put_many([(paper, ((), (), (), ()))])
    same = FactCache(tmp_path / "facts.sqlite", code=before, **versions)
    changed = FactCache(tmp_path / "facts.sqlite", code=code_fingerprint(copy), **versions)
    assert same.get(paper) == ((), (), (), ()) and changed.get(paper) is None
    for cache in (old, same, changed):
        cache.close()


def test_cached_facts_come_back_as_extracted_ranges_included(tmp_path, extract_one):
    from kg.cache import FactCache

    facts = extract_one("We propose ZetaNet. ZetaNet reaches 90%-94% accuracy and a 2.5x speedup on FooBench.")
    assert any(r.upper == "94" for r in facts.results)
    cached = (facts.entities, facts.relations, facts.links, facts.results)
    cache = FactCache(tmp_path / "facts.sqlite", extractor_version="1", model="m", model_version="1")
    cache.put_many([(facts.paper, cached)])
    assert cache.get(facts.paper) == cached
    cache.close()

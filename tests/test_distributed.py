"""Extraction on a Dask cluster (2 worker processes) gives exactly the local engine's facts and outputs."""

from __future__ import annotations

import dataclasses
import json

import pytest

distributed = pytest.importorskip("distributed")

from click.testing import CliRunner  # noqa: E402
from oxigraph_server import free_port  # noqa: E402

import kg.distributed as dist  # noqa: E402
from extract.facts import Paper  # noqa: E402
from extract.pipeline import DEFAULT_MODEL, pipeline_info  # noqa: E402
from kg.build import OUTPUT_NAMES, build, extract_all  # noqa: E402
from kg.cache import FactCache  # noqa: E402
from kg.cli import cli  # noqa: E402

#: Invented abstracts: shared benchmarks and acronyms across papers, so resolution has corpus-wide work to do.
ABSTRACTS = [
    "We propose Sparse Lattice Attention (SLA), a memory-efficient attention mechanism for long documents. "
    "SLA outperforms Longformer on the QuALITY benchmark and improves accuracy by 4 points.",
    "Large language models (LLMs) struggle with multi-step arithmetic. We introduce StepCheck, a verifier trained "
    "on GSM8K that raises exact match on MATH-500 to 71.2% while using Llama-3 8B as the base model.",
    "We study retrieval-augmented generation for open-domain question answering. Experiments on Natural Questions "
    "and TriviaQA show that our reranker, DualRank, beats BM25 in recall.",
    "This paper presents OrbitNet, a graph neural network for molecular property prediction. OrbitNet is "
    "evaluated on QM9 and reaches a lower mean absolute error than SchNet.",
    "We introduce the Tidal benchmark for long-horizon planning with LLMs. On Tidal, GPT-4o and Llama-3 8B "
    "solve fewer than half of the tasks; code is at https://github.com/example/tidal.",
    "Sparse Lattice Attention is revisited for speech recognition: on LibriSpeech, SLA lowers word error rate "
    "compared with Conformer baselines.",
]


@pytest.fixture(scope="module")
def papers():
    return [Paper(id=f"d{number}", abstract=text, source="invented.jsonl") for number, text in enumerate(ABSTRACTS)]


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    with distributed.Client(cluster, set_as_default=False) as connected:
        yield connected
    cluster.close()


def _loaded(client) -> dict:
    """Per worker: model name -> id of the loaded pipeline object."""
    return client.run(lambda: {name: id(nlp) for name, nlp in dist._PIPELINES.items()})


def test_dask_facts_equal_local_and_each_worker_loads_the_model_once(papers, nlp, client):
    local = extract_all(papers, nlp)
    seen = []
    with dist.DaskExtractor(DEFAULT_MODEL, client.scheduler.address, expected=pipeline_info(nlp),
                            partitions=4) as extractor:
        assert extract_all(papers, nlp, extractor=extractor, progress=lambda *p: seen.append(p)) == local
        first = _loaded(client)
        assert extract_all(papers, nlp, extractor=extractor) == local  # 4 more tasks, no more model loads
    assert seen == [(done, len(papers)) for done in range(1, len(papers) + 1)]
    assert _loaded(client) == first
    assert all(list(models) in ([DEFAULT_MODEL], []) for models in first.values()) and any(first.values())


def test_build_outputs_byte_identical(papers, client, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    corpus = tmp_path / "papers.jsonl"
    corpus.write_text("".join(json.dumps({"id": p.id, "abstract": p.abstract}) + "\n" for p in papers))
    build([corpus], tmp_path / "local", use_cache=False)
    report = build([corpus], tmp_path / "dask", engine="dask", scheduler=client.scheduler.address)
    assert (report.extracted, report.cached) == (len(papers), 0)
    for name in OUTPUT_NAMES:
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    # A rebuild is all cache hits and never contacts the (now wrong) scheduler.
    again = build([corpus], tmp_path / "dask", engine="dask", scheduler=f"tcp://127.0.0.1:{free_port()}")
    assert (again.extracted, again.cached) == (0, len(papers))
    assert (tmp_path / "dask" / "kg.ttl").read_bytes() == (tmp_path / "local" / "kg.ttl").read_bytes()


def test_cli_without_scheduler_starts_a_local_cluster(papers, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    corpus = tmp_path / "papers.jsonl"
    corpus.write_text("".join(json.dumps({"id": p.id, "abstract": p.abstract}) + "\n" for p in papers[:3]))
    build([corpus], tmp_path / "local", use_cache=False)
    result = CliRunner().invoke(cli, ["build", str(corpus), "--out", str(tmp_path / "dask"), "--engine", "dask",
                                      "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert "3 papers (3 extracted, 0 from cache)" in result.output
    assert (tmp_path / "dask" / "kg.ttl").read_bytes() == (tmp_path / "local" / "kg.ttl").read_bytes()


def test_cache_filled_on_the_cluster_serves_the_local_engine(papers, nlp, client, tmp_path):
    info = pipeline_info(nlp)

    def cache():
        return FactCache(tmp_path / "facts.sqlite", extractor_version=info.extractor_version, model=info.model,
                         model_version=info.model_version)

    first = cache()
    with dist.DaskExtractor(DEFAULT_MODEL, client.scheduler.address, expected=info) as extractor:
        filled = extract_all(papers, nlp, cache=first, extractor=extractor)
    first.close()
    second = cache()
    assert extract_all(papers, nlp, cache=second) == filled
    assert (second.hits, second.misses) == (len(papers), 0)
    second.close()


def test_workers_with_another_pipeline_are_refused(papers, nlp, client):
    other = dataclasses.replace(pipeline_info(nlp), model_version="0.0.1")
    with dist.DaskExtractor(DEFAULT_MODEL, client.scheduler.address, expected=other) as extractor:
        with pytest.raises(dist.DistributedError, match="install the same versions"):
            list(extractor(papers[:1]))


def test_unreachable_scheduler_exits_2_with_one_line(papers, tmp_path, monkeypatch):
    corpus = tmp_path / "papers.jsonl"
    corpus.write_text(json.dumps({"id": "x", "abstract": ABSTRACTS[0]}) + "\n")
    address = f"tcp://127.0.0.1:{free_port()}"
    with pytest.raises(dist.DistributedError, match="cannot reach the Dask scheduler at tcp://127.0.0.1") as caught:
        list(dist.DaskExtractor(DEFAULT_MODEL, address, connect_timeout=1)(papers))
    assert "\n" not in str(caught.value)
    monkeypatch.setattr(dist, "CONNECT_TIMEOUT", 1)
    result = CliRunner().invoke(cli, ["build", str(corpus), "--out", str(tmp_path / "out"), "-q", "--no-cache",
                                      "--engine", "dask", "--scheduler", address])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "cannot reach the Dask scheduler" in result.output


def test_scheduler_needs_the_dask_engine(tmp_path):
    result = CliRunner().invoke(cli, ["build", "--scheduler", "tcp://127.0.0.1:1", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--engine dask" in result.output

"""Bad input, interrupted runs and hostile text: one-line errors or documented warnings, never a traceback or
lost data. One test per row of the README's bad-input table."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import spacy
from click.testing import CliRunner
from rdflib import Graph
from rdflib.compare import isomorphic
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS

from kg.atomic import atomic_write_many
from kg.cli import cli
from kg.vocab import MLKG

ABSTRACT = "We propose FooNet, a graph model. FooNet reaches 91.2% accuracy on the BarBench benchmark."
OTHER = "We introduce QuxFormer for image captioning. QuxFormer outperforms FooNet on BarBench."
OUTPUTS = ("kg.ttl", "kg.jsonld", "kg.graphml", "kg.html")


def run_build(*args: str, stdin: bytes | None = None):
    result = CliRunner().invoke(cli, ["build", "--quiet", *args], input=stdin)
    assert "Traceback" not in result.output
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def fails_with(result, phrase: str) -> None:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and phrase in lines[0], result.stderr


def builds(result, tmp_path: Path, papers: int | None = None) -> Graph:
    assert result.exit_code == 0, result.output
    graph = Graph().parse(tmp_path / "out" / "kg.ttl")
    if papers is not None:
        assert len(set(graph.subjects(RDF.type, MLKG.Paper))) == papers
    return graph


def out(tmp_path: Path) -> str:
    return str(tmp_path / "out")


# --- the bad-input table ----------------------------------------------------------------------------------

def test_empty_file(tmp_path):
    (tmp_path / "empty.txt").write_text("")
    fails_with(run_build(str(tmp_path / "empty.txt"), "--out", out(tmp_path)), "no abstracts")
    assert not (tmp_path / "out" / "kg.ttl").exists()


def test_header_only(tmp_path):
    (tmp_path / "h.txt").write_text("ICML 2026 accepted papers\n")
    fails_with(run_build(str(tmp_path / "h.txt"), "--out", out(tmp_path)), "no abstracts")


def test_binary_file(tmp_path):
    (tmp_path / "b.txt").write_bytes(bytes(range(256)) * 20)
    fails_with(run_build(str(tmp_path / "b.txt"), "--out", out(tmp_path)), "binary")


def test_latin1_is_read_with_a_warning(tmp_path):
    (tmp_path / "l.txt").write_bytes((ABSTRACT + " Café naïve résumé.").encode("latin-1"))
    result = run_build(str(tmp_path / "l.txt"), "--out", out(tmp_path))
    graph = builds(result, tmp_path, papers=1)
    assert "not UTF-8" in result.stderr
    assert any("Café naïve" in str(o) for o in graph.objects())


def test_utf16_and_bom(tmp_path):
    (tmp_path / "u16.txt").write_bytes(ABSTRACT.encode("utf-16"))
    (tmp_path / "bom.txt").write_bytes("\ufeff".encode() + OTHER.encode())
    result = run_build(str(tmp_path / "u16.txt"), str(tmp_path / "bom.txt"), "--out", out(tmp_path))
    graph = builds(result, tmp_path, papers=2)
    abstracts = {str(o) for o in graph.objects(None, DCTERMS.abstract)}
    assert abstracts == {ABSTRACT, OTHER}


def test_crlf_line_ends(tmp_path):
    (tmp_path / "c.txt").write_bytes(f"Header line\r\n\r\n{ABSTRACT}\r\n\r\n{OTHER}\r\n".encode())
    builds(run_build(str(tmp_path / "c.txt"), "--out", out(tmp_path)), tmp_path, papers=2)


def test_one_megabyte_abstract(tmp_path):
    huge = " ".join([ABSTRACT] * 12000)[:1_100_000]
    (tmp_path / "big.jsonl").write_text(json.dumps({"id": "big", "abstract": huge}) + "\n")
    result = run_build(str(tmp_path / "big.jsonl"), "--out", out(tmp_path))
    graph = builds(result, tmp_path, papers=1)
    assert "longer than" in result.stderr
    assert any(len(str(o)) == len(huge) for o in graph.objects())  # kept verbatim


@pytest.mark.slow
def test_ten_thousand_tiny_abstracts(tmp_path):
    lines = [json.dumps({"id": f"t{i}", "abstract": f"Tiny note {i} on TinyBench-{i % 7}."}) for i in range(10_000)]
    (tmp_path / "tiny.jsonl").write_text("\n".join(lines) + "\n")
    builds(run_build(str(tmp_path / "tiny.jsonl"), "--out", out(tmp_path)), tmp_path, papers=10_000)


def test_malformed_jsonl_line(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps({"abstract": ABSTRACT}) + "\n{not json\n" + json.dumps({"abstract": OTHER}) + "\n")
    fails_with(run_build(str(path), "--out", out(tmp_path)), "m.jsonl:2")
    result = run_build(str(path), "--skip-invalid", "--out", out(tmp_path))
    builds(result, tmp_path, papers=2)
    assert "skipped 1" in result.stderr


def test_csv_without_abstract_column(tmp_path):
    (tmp_path / "p.csv").write_text("id,title,summary\n1,A,Some text.\n")
    fails_with(run_build(str(tmp_path / "p.csv"), "--out", out(tmp_path)), "abstract")
    (tmp_path / "q.csv").write_text('id,"sum\nmary"\n1,Some text.\n')  # a line break inside a column name
    fails_with(run_build(str(tmp_path / "q.csv"), "--out", out(tmp_path)), "'sum\\nmary'")


def test_duplicate_abstracts_are_merged_and_reported(tmp_path):
    (tmp_path / "d.txt").write_text(f"{ABSTRACT}\n\n{OTHER}\n\n{ABSTRACT}\n")
    result = run_build(str(tmp_path / "d.txt"), "--out", out(tmp_path))
    builds(result, tmp_path, papers=2)
    assert "duplicate" in result.stderr


def test_non_english_text(tmp_path):
    text = "我们提出了一种新的图神经网络方法。Nous proposons une méthode nouvelle. Мы предлагаем новый метод."
    (tmp_path / "n.txt").write_text(f"{text}\n\n{ABSTRACT}\n")
    result = run_build(str(tmp_path / "n.txt"), "--out", out(tmp_path))
    builds(result, tmp_path, papers=2)
    assert "1 abstract(s) do not look like 'en' text" in result.stderr


def test_abstract_that_is_only_latex(tmp_path):
    (tmp_path / "x.txt").write_text("$$ \\int_0^1 f(x)\\,dx \\leq \\sum_{i} \\alpha_i $$\n\n$$ $$\n")
    graph = builds(run_build(str(tmp_path / "x.txt"), "--out", out(tmp_path)), tmp_path, papers=2)
    assert all(str(label).strip() for label in graph.objects(None, RDFS.label))


def test_folder_with_an_unreadable_file(tmp_path):
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "a.txt").write_text(ABSTRACT)
    (folder / "b.txt").symlink_to(tmp_path / "missing-target.txt")  # unreadable even for root
    fails_with(run_build(str(folder), "--out", out(tmp_path)), "b.txt")
    result = run_build(str(folder), "--skip-invalid", "--out", out(tmp_path))
    builds(result, tmp_path, papers=1)
    assert "b.txt" in result.stderr


def test_path_that_does_not_exist(tmp_path):
    fails_with(run_build(str(tmp_path / "nope.jsonl"), "--out", out(tmp_path)), "nope.jsonl")


def test_a_pipeline_that_cannot_read_english(tmp_path):
    (tmp_path / "a.txt").write_text(ABSTRACT)
    german, blank_english = tmp_path / "de_pipeline", tmp_path / "en_blank"
    spacy.blank("de").to_disk(german)
    spacy.blank("en").to_disk(blank_english)
    fails_with(run_build(str(tmp_path / "a.txt"), "--model", str(german), "--out", out(tmp_path)), "English pipeline")
    fails_with(run_build(str(tmp_path / "a.txt"), "--model", str(blank_english), "--out", out(tmp_path)), "lacks")
    fails_with(run_build(str(tmp_path / "a.txt"), "--model", "no_such_pipeline", "--out", out(tmp_path)), "not installed")
    assert not (tmp_path / "out" / "kg.ttl").exists()


def test_stdin(tmp_path):
    builds(run_build("-", "--out", out(tmp_path), stdin=f"{ABSTRACT}\n\n{OTHER}\n".encode()), tmp_path, papers=2)


# --- interrupted runs -------------------------------------------------------------------------------------

def _corpus(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "corpus.jsonl"
    path.write_text("".join(json.dumps({"id": f"p{i}", "abstract": f"{ABSTRACT} Variant {i} uses Baz-{i}."}) + "\n"
                            for i in range(n)))
    return path


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_interrupted_build_keeps_previous_outputs(tmp_path, sig):
    small = tmp_path / "small.txt"
    small.write_text(ABSTRACT)
    target = tmp_path / "out"
    assert run_build(str(small), "--out", str(target)).exit_code == 0
    before = {name: (target / name).read_bytes() for name in OUTPUTS}
    corpus = _corpus(tmp_path, 3000)
    kg = [sys.executable, "-c", "from kg.cli import main; main()"]
    for delay in (1.5, 4.0):
        proc = subprocess.Popen([*kg, "build", str(corpus), "--out", str(target), "--no-cache"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(delay)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=120)
        assert b"Traceback" not in err
        if proc.returncode == 0:  # finished before the signal: nothing to check for this delay
            continue
        assert proc.returncode in (130, -sig), (proc.returncode, err)
        after = {name: (target / name).read_bytes() for name in OUTPUTS}
        assert after == before
        if sig == signal.SIGINT:
            assert not list(target.glob(".*.tmp"))
    assert run_build(str(small), "--out", str(target)).exit_code == 0
    assert not list(target.glob(".*.tmp"))


def test_an_output_failing_while_it_streams_leaves_the_previous_set(tmp_path):
    """Outputs are rendered straight into temporary files; one failing half-way must not publish any of them."""
    first, second = tmp_path / "a.ttl", tmp_path / "b.jsonld"
    atomic_write_many({first: b"old a", second: b"old b"})

    def half_then_fail(stream):
        stream.write(b"half of the new b")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic_write_many({first: lambda stream: stream.write(b"new a"), second: half_then_fail})
    assert (first.read_bytes(), second.read_bytes()) == (b"old a", b"old b")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.ttl", "b.jsonld"]
    atomic_write_many({first: lambda stream: stream.write(b"new a"), second: b"new b"})
    assert (first.read_bytes(), second.read_bytes()) == (b"new a", b"new b")


# --- determinism ------------------------------------------------------------------------------------------

def _without_provenance(graph: Graph) -> Graph:
    """The graph minus the build's own record and input file names (they differ when the files differ)."""
    kept = Graph()
    for s, p, o in graph:
        if p in (PROV.wasGeneratedBy, MLKG.inputFile) or "/id/build/" in str(s) or "/id/input/" in str(s) or "/id/software/" in str(s):
            continue
        kept.add((s, p, o))
    return kept


def test_same_input_twice_is_byte_identical(tmp_path):
    (tmp_path / "c.txt").write_text(f"{ABSTRACT}\n\n{OTHER}\n")
    for name in ("one", "two"):
        assert run_build(str(tmp_path / "c.txt"), "--out", str(tmp_path / name), "--no-cache").exit_code == 0
    for output in OUTPUTS:
        assert (tmp_path / "one" / output).read_bytes() == (tmp_path / "two" / output).read_bytes(), output


def test_order_does_not_change_the_graph(tmp_path):
    (tmp_path / "ab.txt").write_text(f"{ABSTRACT}\n\n{OTHER}\n")
    (tmp_path / "ba.txt").write_text(f"{OTHER}\n\n{ABSTRACT}\n")
    for name in ("ab", "ba"):
        assert run_build(str(tmp_path / f"{name}.txt"), "--out", str(tmp_path / name)).exit_code == 0
    graphs = [_without_provenance(Graph().parse(tmp_path / name / "kg.ttl")) for name in ("ab", "ba")]
    assert isomorphic(*graphs)


# --- hostile text -----------------------------------------------------------------------------------------

def test_hostile_names_round_trip_through_turtle_and_jsonld(tmp_path):
    hostile = ('We propose "Quo>te\\Net", a model. We introduce Ctrl\x07Bench <script>alert(1)</script> and '
               "Zeta'Net} {x} .\n@prefix evil: <http://e/> . FooNet reaches 91.2% accuracy on \u202eEvilBench\u202c.")
    (tmp_path / "h.jsonl").write_text(json.dumps({"id": 'id with "quotes" > and\nnewline', "abstract": hostile}) + "\n")
    builds(run_build(str(tmp_path / "h.jsonl"), "--out", out(tmp_path)), tmp_path, papers=1)
    turtle = Graph().parse(tmp_path / "out" / "kg.ttl")
    jsonld = Graph().parse(tmp_path / "out" / "kg.jsonld", format="json-ld")
    assert isomorphic(turtle, jsonld)
    assert hostile in {str(o) for o in turtle.objects()}

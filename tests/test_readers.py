"""kg.readers: every input format, encodings, header detection, ids, duplicates and one-line errors."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.readers import Corpus, CorpusError, bundled_corpus_path, paper_id_for, read_corpus

A = "We propose ZetaNet, a sparse graph model. ZetaNet reaches 88.1% accuracy on the QuuxBench benchmark."
B = "We introduce PlumFormer for video captioning.\nPlumFormer beats ZetaNet on QuuxBench."
C = "A short study of dropout in tiny multilayer perceptrons trained on synthetic blobs."


def write(tmp_path, name: str, content: str | bytes):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def abstracts(corpus: Corpus) -> list[str]:
    return [paper.abstract for paper in corpus.papers]


def error(inputs, **kwargs) -> str:
    with pytest.raises(CorpusError) as info:
        read_corpus(inputs, **kwargs)
    message = str(info.value)
    assert "\n" not in message
    return message


# --- formats ----------------------------------------------------------------------------------------------

def test_txt_blocks_are_kept_verbatim(tmp_path):
    path = write(tmp_path, "p.txt", f"\n  {A}  \n \t \n\n{B}\n")
    corpus = read_corpus([path])
    assert abstracts(corpus) == [A, B]
    first = corpus.papers[0]
    assert first.id == paper_id_for(A) and first.title is None and first.source == "p.txt"
    assert corpus.warnings == ()


def test_txt_header_is_dropped(tmp_path):
    path = write(tmp_path, "h.txt", f"Tiny Workshop 2031 accepted abstracts\n\n{A}\n\n{B}\n")
    assert abstracts(read_corpus([path])) == [A, B]


def test_txt_first_block_ending_in_a_full_stop_is_an_abstract(tmp_path):
    one_line = "We show that tiny models memorise small data sets."
    path = write(tmp_path, "h.txt", f"{one_line}\n\n{A}\n")
    assert abstracts(read_corpus([path])) == [one_line, A]


def test_txt_multi_line_first_block_is_an_abstract(tmp_path):
    path = write(tmp_path, "m.txt", f"{B}\n\n{A}\n")
    assert abstracts(read_corpus([path])) == [B, A]


def test_txt_first_block_that_is_a_formula_is_an_abstract(tmp_path):
    formula = "$$ \\sum_i \\alpha_i x_i $$"
    path = write(tmp_path, "f.txt", f"{formula}\n\n{A}\n")
    assert abstracts(read_corpus([path])) == [formula, A]


def test_jsonl_fields_and_metadata(tmp_path):
    records = [
        {"id": " p1 ", "title": "ZetaNet", "abstract": A, "url": "https://example.org/z", "venue": "TW",
         "year": "2031", "doi": "10.1/x", "authors": ["Ann", "Bo"], "pages": 7},
        {"abstract": B, "year": 2030},
    ]
    path = write(tmp_path, "r.jsonl", "\n".join(json.dumps(r) for r in records) + "\n\n")
    corpus = read_corpus([path])
    first, second = corpus.papers
    assert (first.id, first.title, first.url, first.venue, first.year) == (
        "p1", "ZetaNet", "https://example.org/z", "TW", 2031)
    assert first.metadata == (("authors", '["Ann", "Bo"]'), ("doi", "10.1/x"), ("pages", "7"))
    assert first.source == "r.jsonl"
    assert second.id == paper_id_for(B) and second.year == 2030 and second.metadata == ()
    assert corpus.warnings == ()


def test_ndjson_extension_is_case_insensitive(tmp_path):
    path = write(tmp_path, "R.NDJSON", json.dumps({"abstract": A}) + "\n")
    assert abstracts(read_corpus([path])) == [A]


def test_year_that_is_not_a_number_goes_to_metadata_with_a_warning(tmp_path):
    path = write(tmp_path, "y.jsonl", json.dumps({"abstract": A, "year": "spring 2031"}) + "\n")
    corpus = read_corpus([path])
    assert corpus.papers[0].year is None
    assert corpus.papers[0].metadata == (("year", "spring 2031"),)
    assert len(corpus.warnings) == 1 and "y.jsonl" in corpus.warnings[0] and "year" in corpus.warnings[0]


def test_csv_and_tsv(tmp_path):
    csv_path = write(tmp_path, "p.csv", f' ID ,Title, Abstract ,Year,notes\nc1,Zeta,"{A}",2031,"a, b"\n')
    tsv_path = write(tmp_path, "p.tsv", f"abstract\tvenue\n{C}\tTW\n")
    corpus = read_corpus([csv_path, tsv_path])
    first, second = corpus.papers
    assert (first.id, first.title, first.abstract, first.year, first.metadata) == (
        "c1", "Zeta", A, 2031, (("notes", "a, b"),))
    assert (second.abstract, second.venue, second.source) == (C, "TW", "p.tsv")


def test_csv_multi_line_field_keeps_its_newline(tmp_path):
    path = write(tmp_path, "m.csv", f'abstract\n"{B}"\n')
    assert abstracts(read_corpus([path])) == [B]


def test_csv_without_abstract_column(tmp_path):
    path = write(tmp_path, "p.csv", f"id,title,summary\n1,Z,{C}\n")
    message = error([path])
    assert str(path) in message and "no 'abstract' column" in message and "id, title, summary" in message


def test_csv_with_a_one_megabyte_abstract(tmp_path):
    huge = (A + " ") * (1_100_000 // len(A))
    path = write(tmp_path, "big.csv", f'id,abstract\nbig,"{huge}"\n')
    corpus = read_corpus([path])
    assert len(corpus.papers[0].abstract) == len(huge) > 1_000_000


def test_csv_empty_abstract_rows_are_invalid(tmp_path):
    path = write(tmp_path, "e.csv", f'id,abstract\na,"{A}"\nb,\nc,"  "\n')
    assert "e.csv:3" in error([path])
    corpus = read_corpus([path], skip_invalid=True)
    assert abstracts(corpus) == [A]
    assert corpus.warnings == (f"{path}: skipped 2 invalid record(s) (lines 3, 4)",)


def test_unknown_extension(tmp_path):
    path = write(tmp_path, "p.pdf", A)
    message = error([path])
    assert str(path) in message and ".jsonl" in message and ".csv" in message


def test_folder_of_txt_files(tmp_path):
    folder = tmp_path / "papers"
    folder.mkdir()
    write(folder, "b.txt", f"\n{B}\n\n")
    write(folder, "a.TXT", A)
    write(folder, "notes.md", C)
    (folder / "sub").mkdir()
    write(folder / "sub", "c.txt", C)
    corpus = read_corpus([folder])
    assert abstracts(corpus) == [A, B]
    assert [p.source for p in corpus.papers] == ["a.TXT", "b.txt"]
    assert all(p.title is None and p.id == paper_id_for(p.abstract) for p in corpus.papers)


# --- ids --------------------------------------------------------------------------------------------------

def test_paper_id_ignores_case_width_and_spacing():
    assert paper_id_for("  Deep\tLEARNING \n works ") == paper_id_for("deep learning works")
    assert paper_id_for("ＡＢＣ") == paper_id_for("abc")
    assert len(paper_id_for(A)) == 16 and paper_id_for(A) != paper_id_for(B)


def test_ids_do_not_depend_on_order(tmp_path):
    forward = read_corpus([write(tmp_path, "f.txt", f"{A}\n\n{B}\n\n{C}\n")])
    backward = read_corpus([write(tmp_path, "b.txt", f"{C}\n\n{B}\n\n{A}\n")])
    assert {p.abstract: p.id for p in forward.papers} == {p.abstract: p.id for p in backward.papers}


def test_empty_id_is_derived(tmp_path):
    path = write(tmp_path, "r.jsonl", json.dumps({"id": "  ", "abstract": A}) + "\n")
    assert read_corpus([path]).papers[0].id == paper_id_for(A)


# --- encodings --------------------------------------------------------------------------------------------

def test_crlf(tmp_path):
    path = write(tmp_path, "c.txt", f"Header line\n\n{B}\n\n{A}\n".replace("\n", "\r\n"))
    assert abstracts(read_corpus([path])) == [B, A]


def test_utf8_bom(tmp_path):
    path = write(tmp_path, "bom.txt", b"\xef\xbb\xbf" + f"{A}\n".encode())
    corpus = read_corpus([path])
    assert abstracts(corpus) == [A] and corpus.warnings == ()


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be"])
def test_utf16(tmp_path, codec):
    text = "Über ZetaNet: we study 注意 heads.\n\n" + A
    data = text.encode(codec) if codec == "utf-16" else b"\xfe\xff" + text.encode(codec)
    corpus = read_corpus([write(tmp_path, "u.txt", data)])
    assert abstracts(corpus) == ["Über ZetaNet: we study 注意 heads.", A]


def test_latin1_is_read_with_a_warning(tmp_path):
    text = A + " Café naïve résumé — done."
    path = write(tmp_path, "l.txt", text.encode("cp1252"))
    corpus = read_corpus([path])
    assert abstracts(corpus) == [text]
    assert corpus.warnings == (f"{path}: not UTF-8, read as Windows-1252",)


def test_binary_file_is_an_error(tmp_path):
    path = write(tmp_path, "b.txt", bytes(range(256)) * 8)
    assert error([path]) == f"{path}: looks like a binary file, not text"


def test_control_bytes_without_nul_are_binary(tmp_path):
    path = write(tmp_path, "b.jsonl", b"\x01\x02\x03\x04\xff abc")
    assert "binary" in error([path])


# --- JSONL errors -----------------------------------------------------------------------------------------

def test_malformed_jsonl_names_file_and_line(tmp_path):
    lines = [json.dumps({"abstract": A}), "", "{not json", json.dumps({"abstract": B})]
    path = write(tmp_path, "m.jsonl", "\n".join(lines) + "\n")
    message = error([path])
    assert message.startswith(f"{path}:3: not valid JSON (")


def test_skip_invalid_gives_one_warning_per_file(tmp_path):
    lines = [json.dumps({"abstract": A}), "{oops", json.dumps({"abstract": ""}), json.dumps({"title": "no text"}),
             json.dumps({"abstract": 42}), "[1, 2]", json.dumps({"abstract": B})]
    path = write(tmp_path, "s.jsonl", "\n".join(lines) + "\n")
    corpus = read_corpus([path], skip_invalid=True)
    assert abstracts(corpus) == [A, B]
    assert corpus.warnings == (f"{path}: skipped 5 invalid record(s) (lines 2, 3, 4, 5, 6)",)


def test_skip_invalid_lists_at_most_ten_lines(tmp_path):
    path = write(tmp_path, "s.jsonl", "{bad\n" * 12 + json.dumps({"abstract": A}) + "\n")
    (warning,) = read_corpus([path], skip_invalid=True).warnings
    assert "skipped 12 invalid record(s) (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …)" in warning


def test_missing_abstract_is_an_error_without_skip_invalid(tmp_path):
    path = write(tmp_path, "n.jsonl", json.dumps({"abstract": A}) + "\n" + json.dumps({"title": "T"}) + "\n")
    assert error([path]).startswith(f"{path}:2: ")


def test_deeply_nested_json_is_a_corpus_error(tmp_path):
    path = write(tmp_path, "d.jsonl", "[" * 100_000 + "\n")
    assert "d.jsonl:1: not valid JSON" in error([path])


# --- duplicates -------------------------------------------------------------------------------------------

def test_duplicates_are_merged_with_one_warning(tmp_path):
    txt = write(tmp_path, "d.txt", f"{A}\n\n{B}\n\n{A}\n")
    jsonl = write(tmp_path, "d.jsonl", json.dumps({"abstract": B, "title": "Plum", "year": 2030, "k": "v"}) + "\n")
    corpus = read_corpus([txt, jsonl])
    assert abstracts(corpus) == [A, B]
    plum = corpus.papers[1]
    assert (plum.title, plum.year, plum.metadata, plum.source) == ("Plum", 2030, (("k", "v"),), "d.txt")
    assert corpus.warnings == (f"merged 2 duplicate abstract(s): {paper_id_for(A)}, {paper_id_for(B)}",)


def test_same_given_id_for_two_abstracts_is_an_error(tmp_path):
    first = write(tmp_path, "a.jsonl", json.dumps({"id": "p1", "abstract": A}) + "\n")
    second = write(tmp_path, "b.jsonl", "\n" + json.dumps({"id": "p1", "abstract": B}) + "\n")
    assert error([first, second]) == (
        f"{second}:2: id 'p1' already used for a different abstract (first in {first}:1)")


def test_same_given_id_and_same_abstract_is_merged(tmp_path):
    path = write(tmp_path, "a.jsonl", "".join(json.dumps({"id": "p1", "abstract": A, "url": u}) + "\n"
                                              for u in ("", "https://example.org/p1")))
    corpus = read_corpus([path])
    assert len(corpus.papers) == 1 and corpus.papers[0].url == "https://example.org/p1"
    assert corpus.warnings == ("merged 1 duplicate abstract(s): p1",)


# --- stdin, paths and empty input -------------------------------------------------------------------------

def test_stdin_plain_text_and_jsonl():
    text = read_corpus(["-"], stdin=io.BytesIO(f"{A}\r\n\r\n{B}\r\n".encode()))
    assert abstracts(text) == [A, B] and text.papers[0].source == "-"
    jsonl = read_corpus(["-"], stdin=io.BytesIO(b"  \n" + json.dumps({"id": "s1", "abstract": C}).encode()))
    assert [(p.id, p.abstract) for p in jsonl.papers] == [("s1", C)]
    assert abstracts(read_corpus(["-"], stdin=io.StringIO(A))) == [A]


def test_stdin_and_files_keep_input_order(tmp_path):
    path = write(tmp_path, "p.txt", C)
    corpus = read_corpus([path, "-"], stdin=io.BytesIO(A.encode()))
    assert [(p.abstract, p.source) for p in corpus.papers] == [(C, "p.txt"), (A, "-")]


def test_missing_path(tmp_path):
    path = tmp_path / "nope.jsonl"
    assert error([path]) == f"no such file or folder: {path}"


def test_empty_file(tmp_path):
    path = write(tmp_path, "empty.txt", "")
    assert error([path]) == f"no abstracts found in {path}"


def test_header_only(tmp_path):
    path = write(tmp_path, "h.txt", "Tiny Workshop 2031 accepted abstracts\n\n  \n")
    assert error([path]) == f"no abstracts found in {path}"


def test_folder_with_a_dangling_link(tmp_path):
    folder = tmp_path / "papers"
    folder.mkdir()
    write(folder, "a.txt", A)
    (folder / "b.txt").symlink_to(tmp_path / "missing-target.txt")
    message = error([folder])
    assert str(folder / "b.txt") in message and "cannot read" in message
    corpus = read_corpus([folder], skip_invalid=True)
    assert abstracts(corpus) == [A]
    assert len(corpus.warnings) == 1 and "b.txt" in corpus.warnings[0]


def test_permission_error_is_a_corpus_error(tmp_path, monkeypatch):
    """The chmod test below is skipped as root; this one fakes the PermissionError."""
    folder = tmp_path / "papers"
    folder.mkdir()
    write(folder, "a.txt", A)
    locked = write(folder, "b.txt", B)
    real = Path.read_bytes

    def read_bytes(path):
        if path.name == "b.txt":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    assert error([folder]) == f"{locked}: cannot read (Permission denied)"
    assert error([locked]) == f"{locked}: cannot read (Permission denied)"
    corpus = read_corpus([folder], skip_invalid=True)
    assert abstracts(corpus) == [A]
    assert corpus.warnings == (f"{folder}: skipped 1 unreadable file(s): b.txt (Permission denied)",)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read a chmod 000 file")
def test_folder_with_an_unreadable_file(tmp_path):
    folder = tmp_path / "papers"
    folder.mkdir()
    write(folder, "a.txt", A)
    locked = write(folder, "b.txt", B)
    locked.chmod(0)
    try:
        message = error([folder])
        assert str(locked) in message and "cannot read (Permission denied)" in message
        corpus = read_corpus([folder], skip_invalid=True)
        assert abstracts(corpus) == [A] and "b.txt" in corpus.warnings[0]
        assert error([locked]) == f"{locked}: cannot read (Permission denied)"
    finally:
        locked.chmod(0o644)


# --- the bundled corpus -----------------------------------------------------------------------------------

def test_bundled_corpus_has_nineteen_papers_and_no_header():
    path = bundled_corpus_path()
    assert path.is_file() and path.parts[-3:] == ("kg", "corpus", "icml2026_abstracts.txt")
    corpus = read_corpus([path])
    assert len(corpus.papers) == 19 and corpus.warnings == ()
    header = path.read_text(encoding="utf-8").splitlines()[0].strip()
    assert all(header not in p.abstract for p in corpus.papers)
    assert len({p.id for p in corpus.papers}) == 19


# --- properties -------------------------------------------------------------------------------------------

blocky_text = st.lists(st.one_of(st.text(max_size=60), st.sampled_from(["\n", "\r\n", "\n\n", " \n", "\ufeff", "."])),
                       max_size=12).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.text(), blocky_text))
def test_any_text_gives_papers_or_a_corpus_error(tmp_path, text):
    path = write(tmp_path, "t.txt", text)
    normalised = text.replace("\r\n", "\n")
    try:
        corpus = read_corpus([path])
    except CorpusError as err:
        assert "\n" not in str(err)
        return
    assert corpus.papers
    for paper in corpus.papers:
        assert paper.abstract and paper.abstract in normalised
        assert paper.id == paper_id_for(paper.abstract)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".txt", ".jsonl", ".csv", ".tsv"]))
def test_any_bytes_give_papers_or_a_corpus_error(tmp_path, data, suffix):
    path = write(tmp_path, "b" + suffix, data)
    try:
        read_corpus([path], skip_invalid=True)
        read_corpus([path])
    except CorpusError as err:
        assert "\n" not in str(err)

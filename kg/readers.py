"""Read abstracts into `Paper` records: .txt, .jsonl/.ndjson, .csv/.tsv, a folder of .txt files, or stdin.

Everything here reads user input, so every problem with it (a missing or unreadable file, an unknown
encoding, malformed JSON, a CSV without an `abstract` column, an id used for two abstracts) surfaces as a
`CorpusError` whose one-line message names the file and line; the CLI prints it instead of a traceback.
Recoverable oddities (Windows-1252 text, skipped records, merged duplicates) become warnings. Abstracts
are kept verbatim except that CRLF becomes LF, because evidence offsets point into them.
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import json
import stat
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO, TextIO, Union

from extract.facts import Paper

#: Record fields that map onto `Paper` attributes; any other field goes to `Paper.metadata`.
FIELDS = ("id", "title", "abstract", "url", "venue", "year")
SUPPORTED = ".txt, .jsonl, .ndjson, .csv, .tsv, a folder of .txt files, or - for stdin"
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)
_CONTROL = frozenset(range(32)) - {9, 10, 13} | {127}
_SENTENCE_END = (".", "!", "?", "。", "！", "？")

#: One record of a file: its line number and either its fields or why it is invalid.
_Record = tuple[int, Union[dict[str, object], str]]


class CorpusError(Exception):
    """Bad input; the message is one line naming the file (and line) to fix."""


@dataclass(frozen=True)
class Corpus:
    """The papers read, in input order, and the warnings to show the user."""

    papers: tuple[Paper, ...]
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class _Entry:
    paper: Paper
    file: str
    line: int
    given_id: bool


def bundled_corpus_path() -> Path:
    """The ICML 2026 abstracts shipped inside the package."""
    return Path(__file__).resolve().parent / "corpus" / "icml2026_abstracts.txt"


def paper_id_for(abstract: str) -> str:
    """16 hex digits of the SHA-256 of the NFKC, casefolded, whitespace-collapsed text."""
    normalised = " ".join(unicodedata.normalize("NFKC", abstract).casefold().split())
    return hashlib.sha256(normalised.encode()).hexdigest()[:16]


def read_corpus(inputs: Sequence[str | Path], *, stdin: TextIO | BinaryIO | None = None,
                skip_invalid: bool = False) -> Corpus:
    """Read every input (`-` is stdin) in order; raise `CorpusError` on bad input or when nothing is found."""
    entries: list[_Entry] = []
    warnings: list[str] = []
    for item in inputs:
        if str(item) == "-":
            entries += _read_stdin(stdin, skip_invalid, warnings)
        else:
            entries += _read_path(Path(item), str(item), skip_invalid, warnings)
    if not entries:
        names = ", ".join(str(item) for item in inputs) or "(no input given)"
        raise CorpusError(f"no abstracts found in {names}")
    papers, merged = _merge_duplicates(entries)
    return Corpus(papers=papers, warnings=(*warnings, *merged))


# --- inputs -----------------------------------------------------------------------------------------------

def _read_stdin(stdin: TextIO | BinaryIO | None, skip_invalid: bool, warnings: list[str]) -> list[_Entry]:
    stream = stdin if stdin is not None else sys.stdin.buffer
    try:
        data = stream.read()
    except OSError as err:
        raise CorpusError(f"-: cannot read ({err.strerror or err})") from err
    text = _clean(data) if isinstance(data, str) else _decode(data, "-", warnings)
    parse = _jsonl_records if text.lstrip().startswith("{") else _txt_records
    return _entries(parse(text, "-"), "-", "-", skip_invalid, warnings)


def _read_path(path: Path, file: str, skip_invalid: bool, warnings: list[str]) -> list[_Entry]:
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError) as err:
        raise CorpusError(f"no such file or folder: {file}") from err
    except OSError as err:
        raise CorpusError(f"{file}: cannot read ({err.strerror or err})") from err
    if stat.S_ISDIR(mode):
        return _read_folder(path, file, skip_invalid, warnings)
    suffix = path.suffix.lower()
    parse = _PARSERS.get(suffix)
    if parse is None:
        kind = f"'{suffix}' files are" if suffix else "files without an extension are"
        raise CorpusError(f"{file}: {kind} not supported (use {SUPPORTED})")
    text = _decode(_read_bytes(path, file), file, warnings)
    return _entries(parse(text, file), file, path.name, skip_invalid, warnings)


def _read_folder(folder: Path, file: str, skip_invalid: bool, warnings: list[str]) -> list[_Entry]:
    """Each `*.txt` directly in `folder`, by name, is one abstract."""
    try:
        paths = sorted((p for p in folder.iterdir() if p.suffix.lower() == ".txt" and not p.is_dir()),
                       key=lambda p: p.name)
    except OSError as err:
        raise CorpusError(f"{file}: cannot read ({err.strerror or err})") from err
    if not paths:
        warnings.append(f"{file}: no .txt files in this folder")
    entries: list[_Entry] = []
    unreadable: list[str] = []
    for path in paths:
        name = str(Path(file) / path.name)
        try:
            data = path.read_bytes()
        except OSError as err:
            if not skip_invalid:
                raise CorpusError(f"{name}: cannot read ({err.strerror or err})") from err
            unreadable.append(f"{path.name} ({err.strerror or err})")
            continue
        text = _decode(data, name, warnings)
        abstract = text.strip()
        if not abstract:
            warnings.append(f"{name}: empty, skipped")
            continue
        line = text[: len(text) - len(text.lstrip())].count("\n") + 1
        entries += _entries(iter([(line, {"abstract": abstract})]), name, path.name, skip_invalid, warnings)
    if unreadable:
        warnings.append(f"{file}: skipped {len(unreadable)} unreadable file(s): {', '.join(unreadable)}")
    return entries


def _read_bytes(path: Path, file: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as err:
        raise CorpusError(f"{file}: cannot read ({err.strerror or err})") from err


# --- decoding ---------------------------------------------------------------------------------------------

def _decode(data: bytes, file: str, warnings: list[str]) -> str:
    """Bytes to text: a BOM decides, else UTF-8, else Windows-1252 (Latin-1) with a warning; binary is an error."""
    for bom, codec, label in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom):].decode(codec)
            except UnicodeDecodeError as err:
                raise CorpusError(f"{file}: starts with a {label} byte-order mark but is not valid {label} "
                                  f"({err.reason} at byte {err.start + len(bom)})") from err
            break
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            if _looks_binary(data):
                raise CorpusError(f"{file}: looks like a binary file, not text") from None
            try:
                text = data.decode("cp1252")
                warnings.append(f"{file}: not UTF-8, read as Windows-1252")
            except UnicodeDecodeError:
                text = data.decode("latin-1")
                warnings.append(f"{file}: not UTF-8, read as Latin-1")
    if "\x00" in text:
        raise CorpusError(f"{file}: looks like a binary file, not text")
    return _clean(text)


def _looks_binary(data: bytes) -> bool:
    return b"\x00" in data or sum(byte in _CONTROL for byte in data) > len(data) / 10


def _clean(text: str) -> str:
    """Drop a leading byte-order mark and turn CRLF into LF: the only changes made to the text."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n")


# --- formats ----------------------------------------------------------------------------------------------

def _txt_records(text: str, file: str) -> Iterator[_Record]:
    """Blocks separated by blank lines; a first block that reads like a title line is a header and dropped."""
    blocks: list[tuple[int, str]] = []
    lines: list[str] = []
    start = 0
    for number, line in enumerate([*text.split("\n"), ""], 1):
        if line.strip():
            start = start if lines else number
            lines.append(line)
        elif lines:
            blocks.append((start, "\n".join(lines).strip()))
            lines = []
    if blocks and _is_header(blocks[0][1]):
        blocks = blocks[1:]
    return ((line, {"abstract": block}) for line, block in blocks)


def _is_header(block: str) -> bool:
    """One short line that is not a sentence (nor a TeX formula, which an abstract can be)."""
    return ("\n" not in block and len(block) < 200 and not block.endswith(_SENTENCE_END)
            and "$" not in block and "\\" not in block)


def _jsonl_records(text: str, file: str) -> Iterator[_Record]:
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError as err:
            yield number, f"not valid JSON ({getattr(err, 'msg', err)})"
            continue
        except RecursionError:
            yield number, "not valid JSON (nested too deeply)"
            continue
        if isinstance(value, dict):
            yield number, value
        else:
            yield number, f"expected a JSON object, found {type(value).__name__}"


def _csv_records(text: str, file: str, delimiter: str = ",") -> Iterator[_Record]:
    """Rows under a header row that has an `abstract` column (any case); line numbers are the file's."""
    csv.field_size_limit(min(sys.maxsize, 2**31 - 1))
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header: list[str] | None = None
    end = 0
    try:
        for row in reader:
            start, end = end + 1, reader.line_num
            if not row:
                continue
            if header is None:
                header = [_column(name) for name in row]
                if "abstract" not in header:
                    raise CorpusError(f"{file}: no 'abstract' column (columns: {', '.join(map(_shown, row))})")
                continue
            if len(row) > len(header):
                yield start, f"{len(row)} fields but the header has {len(header)}"
                continue
            fields: dict[str, object] = {}
            for name, value in zip(header, row + [""] * (len(header) - len(row))):
                fields.setdefault(name, value)
            yield start, fields
    except csv.Error as err:
        raise CorpusError(f"{file}:{reader.line_num}: not valid CSV ({err})") from err


def _shown(name: str) -> str:
    """A column name as an error shows it: as written, or quoted with escapes when it holds a line break or another
    unprintable character, so the error stays one line."""
    return name if name.isprintable() else repr(name)


def _column(name: str) -> str:
    name = name.strip()
    return name.lower() if name.lower() in FIELDS else name


_PARSERS = {
    ".txt": _txt_records,
    ".jsonl": _jsonl_records,
    ".ndjson": _jsonl_records,
    ".csv": _csv_records,
    ".tsv": lambda text, file: _csv_records(text, file, delimiter="\t"),
}


# --- records to papers ------------------------------------------------------------------------------------

def _entries(records: Iterator[_Record], file: str, source: str, skip_invalid: bool,
             warnings: list[str]) -> list[_Entry]:
    """Papers from one file's records; invalid ones raise, or are skipped with one warning per file."""
    entries: list[_Entry] = []
    skipped: list[int] = []
    odd_years: list[int] = []
    for line, record in records:
        if isinstance(record, dict) and not _has_abstract(record):
            record = "no abstract (a non-empty text 'abstract' field is required)"
        if isinstance(record, str):
            if not skip_invalid:
                raise CorpusError(f"{file}:{line}: {record}")
            skipped.append(line)
            continue
        paper, given_id, year_ok = _paper(record, source)
        if not year_ok:
            odd_years.append(line)
        entries.append(_Entry(paper, file, line, given_id))
    if skipped:
        warnings.append(f"{file}: skipped {len(skipped)} invalid record(s) ({_lines(skipped)})")
    if odd_years:
        warnings.append(f"{file}: year is not a whole number in {len(odd_years)} record(s) ({_lines(odd_years)}), "
                        "kept in metadata")
    return entries


def _has_abstract(record: dict[str, object]) -> bool:
    abstract = record.get("abstract")
    return isinstance(abstract, str) and bool(abstract.strip())


def _paper(record: dict[str, object], source: str) -> tuple[Paper, bool, bool]:
    """The paper, whether its id was given, and whether its year (if any) was a whole number."""
    abstract = str(record["abstract"])
    given = _text(record.get("id"))
    year, year_ok = _year(record.get("year"))
    metadata = {str(key): _metadata_value(value) for key, value in record.items()
                if key not in FIELDS and value is not None}
    if not year_ok:
        metadata["year"] = _metadata_value(record["year"])
    paper = Paper(id=given or paper_id_for(abstract), abstract=abstract, title=_text(record.get("title")),
                  url=_text(record.get("url")), venue=_text(record.get("venue")), year=year, source=source,
                  metadata=tuple(sorted(metadata.items())))
    return paper, given is not None, year_ok


def _text(value: object) -> str | None:
    text = "" if value is None else str(value).strip()
    return text or None


def _year(value: object) -> tuple[int | None, bool]:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None, True
    if isinstance(value, int) and not isinstance(value, bool):
        return value, True
    if isinstance(value, str):
        try:
            return int(value.strip()), True
        except ValueError:
            pass
    return None, False


def _metadata_value(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _lines(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:10]))
    return f"line {shown}" if len(numbers) == 1 else f"lines {shown}{', …' if len(numbers) > 10 else ''}"


# --- duplicates -------------------------------------------------------------------------------------------

def _merge_duplicates(entries: list[_Entry]) -> tuple[tuple[Paper, ...], tuple[str, ...]]:
    """One paper per id, first occurrence first; a later copy only fills the fields the first lacks."""
    first: dict[str, int] = {}
    kept: list[_Entry] = []
    merged_ids: list[str] = []
    count = 0
    for entry in entries:
        index = first.get(entry.paper.id)
        if index is None:
            first[entry.paper.id] = len(kept)
            kept.append(entry)
            continue
        original = kept[index]
        if entry.paper.abstract != original.paper.abstract and (entry.given_id or original.given_id):
            raise CorpusError(f"{entry.file}:{entry.line}: id {entry.paper.id!r} already used for a different "
                              f"abstract (first in {original.file}:{original.line})")
        kept[index] = replace(original, paper=_fill(original.paper, entry.paper))
        count += 1
        if entry.paper.id not in merged_ids:
            merged_ids.append(entry.paper.id)
    papers = tuple(entry.paper for entry in kept)
    if not count:
        return papers, ()
    ids = ", ".join(merged_ids[:5]) + (", …" if len(merged_ids) > 5 else "")
    return papers, (f"merged {count} duplicate abstract(s): {ids}",)


def _fill(paper: Paper, later: Paper) -> Paper:
    metadata = dict(later.metadata) | dict(paper.metadata)
    return replace(paper, title=paper.title or later.title, url=paper.url or later.url,
                   venue=paper.venue or later.venue, year=paper.year if paper.year is not None else later.year,
                   metadata=tuple(sorted(metadata.items())))

"""The build's own record in the graph (PROV-O): which tool and spaCy model made it, from which input files.

Anyone holding a kg.ttl can tell how it was made and whether their copy of the inputs is the one used.
The build time comes from SOURCE_DATE_EPOCH when set (the reproducible-builds convention), so two builds of
the same inputs can be byte-identical; otherwise it is the current time.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import PROV, RDF, RDFS, XSD

from .iris import resource, short_hash
from .vocab import MLKG, SCHEMA

TOOL_NAME = "mlkg"


@dataclass(frozen=True)
class InputFile:
    """An input as the build read it: the name the user gave (no absolute path) and the sha256 of its bytes."""

    name: str
    sha256: str


def digest_inputs(inputs: Sequence[str | Path], stdin_bytes: bytes | None = None) -> tuple[InputFile, ...]:
    """sha256 of every input: a file's bytes; a folder's sorted (name, sha256) list of .txt files; stdin's bytes."""
    found = []
    for item in inputs:
        if str(item) == "-":
            found.append(InputFile("-", hashlib.sha256(stdin_bytes or b"").hexdigest()))
            continue
        path = Path(item)
        if path.is_dir():
            listing = "".join(f"{f.name}\t{_file_sha256(f)}\n" for f in sorted(path.glob("*.txt")) if f.is_file())
            found.append(InputFile(path.name + "/", hashlib.sha256(listing.encode("utf-8")).hexdigest()))
        else:
            found.append(InputFile(path.name, _file_sha256(path)))
    return tuple(found)


def _file_sha256(path: Path) -> str:
    """The file's sha256, or "unreadable" for a file the build skipped (--skip-invalid)."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return "unreadable"
    return digest.hexdigest()


def build_time() -> datetime:
    """SOURCE_DATE_EPOCH if set (reproducible builds), else now; UTC, whole seconds."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    moment = datetime.fromtimestamp(int(epoch), timezone.utc) if epoch.isdigit() else datetime.now(timezone.utc)
    return moment.replace(microsecond=0)


def add_provenance(graph: Graph, *, tool_version: str, info, inputs: Sequence[InputFile], papers: Sequence[URIRef],
                   when: datetime) -> URIRef:
    """Add the Build activity (tool, model, inputs, time) and link every paper to it; returns the Build's IRI."""
    build = resource("build", short_hash(tool_version, info.model, info.model_version, *(i.sha256 for i in inputs)))
    agent = resource("software", f"{TOOL_NAME}-{tool_version}")
    graph.add((build, RDF.type, MLKG.Build))
    graph.add((build, RDFS.label, Literal(f"{TOOL_NAME} {tool_version} build with {info.model} {info.model_version}")))
    graph.add((build, PROV.endedAtTime, Literal(when.isoformat().replace("+00:00", "Z"), datatype=XSD.dateTime)))
    graph.add((build, PROV.wasAssociatedWith, agent))
    graph.add((build, MLKG.extractorVersion, Literal(info.extractor_version)))
    graph.add((build, MLKG.modelName, Literal(info.model)))
    graph.add((build, MLKG.modelVersion, Literal(info.model_version)))
    graph.add((build, MLKG.spacyVersion, Literal(info.spacy_version)))
    graph.add((agent, RDF.type, PROV.SoftwareAgent))
    graph.add((agent, RDFS.label, Literal(TOOL_NAME)))
    graph.add((agent, SCHEMA.softwareVersion, Literal(tool_version)))
    for item in inputs:
        node = resource("input", item.sha256[:16])
        graph.add((build, PROV.used, node))
        graph.add((node, RDF.type, PROV.Entity))
        graph.add((node, RDFS.label, Literal(item.name)))
        graph.add((node, MLKG.sha256, Literal(item.sha256)))
    for paper in papers:
        graph.add((paper, PROV.wasGeneratedBy, build))
    return build

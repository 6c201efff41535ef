"""The project's namespaces in one place, so renaming a term is one edit (the ontology file and this list)."""

from rdflib import Namespace
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS, XSD, ClosedNamespace

#: Base of every IRI the project mints.
BASE = "https://w3id.org/mlkg/"

#: The ontology's terms (defined in ontology/mlkg.ttl; a test keeps the two in step).
MLKG = ClosedNamespace(
    uri=BASE + "ontology#",
    terms=[
        # classes
        "Paper", "Entity", "Method", "Dataset", "Model", "Metric", "Task", "Result", "Evidence", "Build",
        # paper -> entity
        "proposes", "addresses", "evaluatedOn", "usesModel", "usesMetric", "usesMethod",
        "comparesWith", "outperforms",
        # entity -> entity
        "memberOf",
        # paper data
        "venue", "year", "codeRepository", "projectPage", "inputFile",
        # results
        "reportsResult", "resultFor", "resultMetric", "resultDataset", "valueText", "value", "valueMax", "unit",
        # evidence
        "sentence", "sentenceStart", "sentenceEnd", "mentionStart", "mentionEnd", "mentionText",
        "rule", "confidence", "inTitle",
        # build provenance
        "extractorVersion", "modelName", "modelVersion", "spacyVersion", "sha256",
    ],
)

#: Where minted resources live: BASE + "id/<kind>/<slug>".
ID = Namespace(BASE + "id/")

SCHEMA = Namespace("https://schema.org/")
MLS = Namespace("http://www.w3.org/ns/mls#")
LPWC = Namespace("https://linkedpaperswithcode.com/ontology#")

#: Prefixes bound on every graph the project writes.
PREFIXES = {
    "mlkg": MLKG,
    "paper": Namespace(BASE + "id/paper/"),
    "method": Namespace(BASE + "id/method/"),
    "dataset": Namespace(BASE + "id/dataset/"),
    "model": Namespace(BASE + "id/model/"),
    "metric": Namespace(BASE + "id/metric/"),
    "task": Namespace(BASE + "id/task/"),
    "evidence": Namespace(BASE + "id/evidence/"),
    "result": Namespace(BASE + "id/result/"),
    "build": Namespace(BASE + "id/build/"),
    "input": Namespace(BASE + "id/input/"),
    "software": Namespace(BASE + "id/software/"),
    "dcterms": DCTERMS,
    "skos": SKOS,
    "prov": PROV,
    "rdfs": RDFS,
    "rdf": RDF,
    "owl": OWL,
    "xsd": XSD,
    "schema": SCHEMA,
}

"""The graph stage: readers, the RDF graph and everything derived from it (exports, queries, explorer, CLI)."""

__version__ = "0.1.0"

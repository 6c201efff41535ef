"""The project's vocabulary as data: the OWL ontology and the SHACL shapes, shipped inside the package."""

from importlib import resources
from pathlib import Path


def ontology_path() -> Path:
    """Path of the OWL ontology (Turtle); works for editable and wheel installs alike."""
    return Path(str(resources.files(__name__).joinpath("mlkg.ttl")))


def shapes_path() -> Path:
    """Path of the SHACL shapes (Turtle)."""
    return Path(str(resources.files(__name__).joinpath("shapes.ttl")))

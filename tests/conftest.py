"""Shared fixtures: one spaCy pipeline per test session (loading it takes about a second)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session", autouse=True)
def fixed_build_time():
    """Builds record their time; a fixed SOURCE_DATE_EPOCH (as `make demo` sets) lets tests compare outputs bytewise.
    Session-scoped, so module-scoped build fixtures see it too."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", "1790812800")
        yield


@pytest.fixture(scope="session")
def nlp():
    from extract.pipeline import load_pipeline

    return load_pipeline()


@pytest.fixture(scope="session")
def extract_one(nlp):
    """Facts for one abstract given as a string."""
    from extract.facts import Paper
    from extract.pipeline import extract_papers

    def run(text: str, paper_id: str = "t1", title: str | None = None):
        return next(extract_papers([Paper(id=paper_id, abstract=text, title=title)], nlp))

    return run

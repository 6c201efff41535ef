"""Shared fixtures: one spaCy pipeline per test session (loading it takes about a second)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hypothesis import settings

# The property tests draw the same examples on every run, so that a CI run fails only for a change, not for a draw
# (a random draw found a multi-line CSV error once; that example is now a plain test). HYPOTHESIS_PROFILE=explore
# draws afresh, to look for new failures.
settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

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
    """Facts for one abstract given as a string, found by the rules alone: the learned central-phrase component
    (whose choices move with each retraining) is off; tests/test_central_chunks.py tests it."""
    from extract.facts import Paper
    from extract.pipeline import extract_papers

    def run(text: str, paper_id: str = "t1", title: str | None = None):
        with nlp.select_pipes(disable=["mlkg_central_chunks"]):
            return next(extract_papers([Paper(id=paper_id, abstract=text, title=title)], nlp))

    return run

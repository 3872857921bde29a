# Two commands: `make run` and `make test`. Both set up .venv from the pinned lock file.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench clean docs golden

$(STAMP): requirements.lock requirements-dev.lock pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.lock
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

test: lint typecheck unit

lint: $(STAMP)
	$(PY) -m ruff check .

typecheck: $(STAMP)
	$(PY) -m mypy

unit: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m bench

docs: $(STAMP)
	$(PY) -m bot commands-doc > docs/commands.md

golden: $(STAMP)
	$(PY) -m tests.golden --update

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache

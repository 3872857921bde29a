# Two commands: `make run` and `make test` (and `make check`, the quick inner loop).
# All set up .venv from the pinned lock file.
# Python 3.12 where the machine has one that can make a venv (on the PATH, or among
# pyenv's versions, whose shims run only the selected one), else python3 (3.11 or
# later); looked for only when the venv is made. On 3.12 an interaction's handler
# starts as its gateway message is read (`bot.app.EAGER_START`). `make clean` first
# to move an existing .venv over.
PYTHON_312 = $(firstword $(foreach p,$(shell command -v python3.12 2>/dev/null) \
	$(wildcard $(or $(PYENV_ROOT),$(HOME)/.pyenv)/versions/3.12*/bin/python3.12),\
	$(if $(shell $(p) -c 'import venv, ensurepip' >/dev/null 2>&1 && echo ok),$(p))))
PYTHON ?= $(or $(PYTHON_312),python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Two test workers a core: end-to-end tests spend much of their time waiting on sockets
# and timers, so one a core left the CPUs idle (2 cores: 9 min 24 s with 2, 5 min 40 s with 4).
WORKERS ?= $(shell echo $$(( $$(nproc) * 2 )))

.PHONY: run test check lint typecheck suite quick bench clean docs golden

$(STAMP): requirements.lock requirements-dev.lock pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.lock
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

test: lint typecheck suite

check: lint typecheck quick

lint: $(STAMP)
	$(PY) -m ruff check .

typecheck: $(STAMP)
	$(PY) -m mypy

# The whole suite, two xdist workers a core (pyproject.toml sets --dist loadgroup).
suite: $(STAMP)
	$(PY) -m pytest -n $(WORKERS)

# Unit, golden and property tests, without the end-to-end and the slow ones.
quick: $(STAMP)
	$(PY) -m pytest -n $(WORKERS) -m "not slow" tests/unit tests/golden tests/property

bench: $(STAMP)
	$(PY) -m bench

docs: $(STAMP)
	$(PY) -m bot commands-doc > docs/commands.md

golden: $(STAMP)
	$(PY) -m tests.golden --update

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache

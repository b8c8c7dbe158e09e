# Two commands do all the set-up on a fresh machine (python3, make, root):
#   make run   - start floorman
#   make test  - lint, type-check the package (mypy --strict), every test and doctest
VENV    ?= .venv
PYTHON  ?= python3
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
# Which marked tests passed for which clause in the last full run (issue 18).
CLAUSE_REPORT ?= var/clause-report.json
# pytest-xdist workers for `make test` (0: one process).  Two, for CI's two
# cores: most of the suite waits on servers, browsers and bots, which a
# second worker overlaps; each worker has its own ports and Redis databases
# (conftest.py, tests/helpers/server.py).  A whole test file runs on one
# worker (--dist loadfile), in its order, with its module's fixtures.
PYTEST_WORKERS ?= 2

.PHONY: run test lint typecheck pytest coverage registry browser-deps clean

# The rm: a checkout from before issue 28 may still hold the mypyc-compiled
# engine's .so files, which Python would import before the .py beside them.
$(STAMP): pyproject.toml
	rm -f src/floorman/engine/*.so
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/floorman serve

test: $(STAMP) browser-deps lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts conftest.py
	$(BIN)/ruff format --check src tests scripts conftest.py

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/floorman

# The PostgreSQL tests get a server that scripts/ensure-postgres installs
# and starts (as root), the multi-process tests also a Redis from
# scripts/ensure-redis; the browser tests Debian's Chromium.  The run writes
# which tests marked @pytest.mark.clause(ID) passed ($(CLAUSE_REPORT)); the
# check then fails when src/floorman/rules/registry.toml disagrees with it (a
# clause listed implemented that no passing test proves, or one proved but
# not listed): `make registry` rebuilds the registry from that report.
# Coverage is `make coverage`'s: measured in every run it gated nothing and
# cost 30 % of the suite's time (docs/testing.md).
PYTEST_RUN = FLOORMAN_TEST_POSTGRES_URL="$$(scripts/ensure-postgres)" \
	FLOORMAN_TEST_REDIS_URL="$$(scripts/ensure-redis)" $(BIN)/python -m pytest -q \
	--numprocesses=$(PYTEST_WORKERS) --dist=loadfile --clause-report=$(CLAUSE_REPORT)

pytest: $(STAMP)
	$(PYTEST_RUN)
	$(BIN)/python scripts/build_clause_registry.py --check $(CLAUSE_REPORT)

registry: $(STAMP)
	$(BIN)/python scripts/build_clause_registry.py $(CLAUSE_REPORT)

# The whole suite with line and branch coverage of the package ([tool.coverage]
# in pyproject.toml; the servers the smoke and restart tests start too): the
# total, then the engine and the tournament on their own.
coverage: $(STAMP) browser-deps
	$(PYTEST_RUN) --cov=floorman --cov-branch --cov-report=term:skip-covered
	$(BIN)/coverage report --include='src/floorman/engine/*'
	$(BIN)/coverage report --include='src/floorman/tournament/*'

browser-deps:
	@scripts/ensure-chromium

clean:
	rm -rf build dist $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage .coverage.* $(CLAUSE_REPORT)

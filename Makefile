# Two commands do all the set-up on a fresh machine (python3, make, root):
#   make run   - start floorman
#   make test  - lint, type-check the package (mypy --strict), every test and doctest
VENV    ?= .venv
PYTHON  ?= python3
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
# Which marked tests passed for which clause in the last full run (issue 18).
CLAUSE_REPORT ?= var/clause-report.json

.PHONY: run test lint typecheck pytest coverage registry browser-deps clean compiled pure

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The hold'em engine compiled with mypyc (issue 21), .so beside .py; without
# gcc and the Python headers the script says so and the pure engine runs.  A
# module edited since the build sends the whole engine back to Python until
# the next build (floorman/__init__.py), so a stale build never runs.
ENGINE_BUILT := $(VENV)/.engine-built
$(ENGINE_BUILT): $(STAMP) $(wildcard src/floorman/engine/*.py) scripts/build_engine.py
	@scripts/ensure-compiler $(BIN)/python
	$(BIN)/python scripts/build_engine.py
	touch $(ENGINE_BUILT)

compiled: $(ENGINE_BUILT)

pure:
	$(BIN)/python scripts/build_engine.py --clean
	rm -f $(ENGINE_BUILT)

run: $(STAMP) $(ENGINE_BUILT)
	$(BIN)/floorman serve

test: $(STAMP) browser-deps lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts conftest.py
	$(BIN)/ruff format --check src tests scripts conftest.py

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/floorman

# The PostgreSQL tests get a server that scripts/ensure-postgres installs
# and starts (as root), the multi-process tests also a Redis from
# scripts/ensure-redis; the browser tests Debian's Chromium.  Line and branch
# coverage of the floorman package ([tool.coverage] in pyproject.toml) is
# printed at the end; `make coverage` then reports the engine and the
# tournament on their own.  The run writes which tests marked
# @pytest.mark.clause(ID) passed ($(CLAUSE_REPORT)); the check then fails
# when src/floorman/rules/registry.toml disagrees with it (a clause listed
# implemented that no passing test proves, or one proved but not listed):
# `make registry` rebuilds the registry from that report.
# Coverage and doctests see Python code only, so the full run is on the pure
# engine (FLOORMAN_PURE_PYTHON); the engine's and the tournament's tests then
# run again on the compiled build, where there is one (the whole non-browser
# suite passes on it too, `-m "not browser"`, but twice as long).
pytest: $(STAMP) $(ENGINE_BUILT)
	FLOORMAN_PURE_PYTHON=1 \
	FLOORMAN_TEST_POSTGRES_URL="$$(scripts/ensure-postgres)" \
	FLOORMAN_TEST_REDIS_URL="$$(scripts/ensure-redis)" $(BIN)/python -m pytest -q \
		--cov=floorman --cov-branch --cov-report=term:skip-covered \
		--clause-report=$(CLAUSE_REPORT)
	$(BIN)/python scripts/build_clause_registry.py --check $(CLAUSE_REPORT)
	if $(BIN)/python -c 'import floorman, sys; sys.exit(not floorman.engine_is_compiled())'; then \
		$(BIN)/python -m pytest -q -p no:cacheprovider --no-cov tests/test_holdem_*.py \
			tests/test_draw_*.py tests/test_evaluator.py tests/test_seat_*.py \
			tests/test_table_cards.py tests/test_tournament_*.py tests/test_event_makers.py; \
	fi

registry: $(STAMP)
	$(BIN)/python scripts/build_clause_registry.py $(CLAUSE_REPORT)

coverage: $(STAMP)
	$(BIN)/coverage report --include='src/floorman/engine/*'
	$(BIN)/coverage report --include='src/floorman/tournament/*'

browser-deps:
	@scripts/ensure-chromium

clean:
	-$(BIN)/python scripts/build_engine.py --clean
	rm -rf build $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage .coverage.* $(CLAUSE_REPORT)

# Two entry points (see README): `make play` and `make test`.
# Each bootstraps its own virtual environment with Python 3.11.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup play test lint bench clean

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "需要 Python 3.11（$(PYTHON) 未找到）"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/bansha play m47-yeliang --bots random --seed 1 --reveal

test: $(STAMP)
	$(BIN)/ruff check src tests $(wildcard benchmarks)
	$(BIN)/mypy
	@# pytest exits 5 when it collects no tests: that is a failure here, not a pass
	@$(BIN)/pytest; rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "pytest 没有收集到任何测试"; fi; exit $$rc

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_games.py

clean:
	rm -rf $(VENV)

# Two entry points (see README): `make play` and `make test`.
# Each bootstraps its own virtual environment with Python 3.11.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The optional compiled build (mypyc) for the simulator: `make fast`, in its own venv.
FAST_VENV := .venv-fast
FAST_BIN := $(FAST_VENV)/bin
FAST_STAMP := $(FAST_VENV)/.tools
FAST_BUILT := $(FAST_VENV)/.installed
FAST_SOURCES := setup.py pyproject.toml $(shell find src -type f -not -path '*/__pycache__/*' \
	-not -path '*.egg-info/*' 2>/dev/null)

.PHONY: setup serve play test lint bench bench-fast clean fast test-fast

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "需要 Python 3.11（$(PYTHON) 未找到）"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $(STAMP)

setup: $(STAMP)

# The platform with a demo M47 game dealt (SQLite in var/); prints the director's
# login and the demo's seat links. BANSHA_DIRECTOR_PASSWORD sets the password on first start.
serve: $(STAMP)
	@mkdir -p var
	BANSHA_DIRECTOR_PASSWORD=$${BANSHA_DIRECTOR_PASSWORD:-bansha} $(BIN)/bansha serve --demo \
	  --database $${BANSHA_DATABASE_URL:-var/bansha.db} $(SERVE_ARGS)

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

# the same benchmark on the compiled build
bench-fast: $(FAST_BUILT)
	$(FAST_BIN)/python benchmarks/bench_games.py

# The build tools first: setup.py compiles with this venv's mypy (--no-build-isolation).
$(FAST_STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "需要 Python 3.11（$(PYTHON) 未找到）"; exit 1; }
	@command -v $${CC:-cc} >/dev/null 2>&1 || { echo "编译版需要 C 编译器（$${CC:-cc} 未找到）"; exit 1; }
	@echo "编译版：在 $(FAST_VENV) 中安装构建工具（setuptools、mypy）……"
	$(PYTHON) -m venv $(FAST_VENV)
	$(FAST_BIN)/pip install --quiet --upgrade pip 'setuptools>=68' wheel 'mypy>=1.10'
	@touch $(FAST_STAMP)

# Installed NON-editable on purpose: the compiled .so files go to .venv-fast's
# site-packages, never next to the sources in src/, where an extension module would
# shadow its .py and an edit to that .py would silently not run (in .venv as well,
# whose editable install imports src/). Rebuilt whenever anything under src/ changes.
# setuptools builds in build/ and reuses it (an unchanged engine is not compiled
# again), but it also keeps files whose source is gone: start over if src/ lost one.
$(FAST_BUILT): $(FAST_STAMP) $(FAST_SOURCES)
	@for f in $$(cd build/lib.*/ 2>/dev/null && find bansha -type f); do \
	  case $$f in *.so) s=src/$${f%%.cpython-*}.py;; *) s=src/$$f;; esac; \
	  [ -e "$$s" ] || { echo "build/ 中有已删除的源文件 $$f，重新构建"; rm -rf build; break; }; \
	done
	@echo "编译版：用 mypyc 把引擎与规则编译为 C 扩展（约 2–3 分钟，期间没有其他输出）……"
	BANSHA_MYPYC=1 $(FAST_BIN)/pip install --quiet --no-build-isolation '.[dev]'
	@echo "编译完成，安装在 $(FAST_VENV)"
	@$(FAST_BIN)/python -c "import bansha, sys; sys.exit(not bansha.compiled())" \
	  || { echo "编译版安装后仍在使用纯 Python 的 bansha"; exit 1; }
	@touch $(FAST_BUILT)

fast: $(FAST_BUILT)

# The test suite against the compiled build, without the slow 100,000-game runs
# (`make test` runs those on the pure build when CI=true).
test-fast: $(FAST_BUILT)
	@BANSHA_EXPECT_COMPILED=1 $(FAST_BIN)/python -m pytest -p no:cacheprovider -m "not slow"; \
	  rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest 没有收集到任何测试"; fi; exit $$rc

clean:
	rm -rf $(VENV) $(FAST_VENV) build

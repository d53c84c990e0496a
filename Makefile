# purepaddle developer tasks: make venv | test | faults | demo | bench | conformance | parity | op-index | clean
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

SHARED ?= ../shared
PYTHON3 ?= python3
VENV ?= .venv
REF_VENV ?= .venv-ref
PY := $(VENV)/bin/python
REF_PY := $(REF_VENV)/bin/python
PADDLE_PIN ?= paddlepaddle==3.3.1 'numpy<2.4'
TORCH_PIN ?= torch==2.13.0
CONF_DIR := build/conformance
CONF_EXAMPLES := $(CONF_DIR)/examples.json
# issue 16's namespaces (beyond the FAQ files the default harvest takes): their own example set
SURFACE_MODULES ?= paddle/fft.py paddle/signal.py paddle/distribution/ paddle/sparse/ paddle/geometric/ \
  paddle/text/ paddle/audio/ paddle/vision/ paddle/incubate/ paddle/hub.py paddle/utils/ paddle/reader/ \
  paddle/batch.py paddle/dataset/ paddle/hapi/ paddle/callbacks.py paddle/quantization/ paddle/compat/ \
  paddle/nn/quant/
CONF_SURFACE := $(CONF_DIR)/examples-surface.json
CONF_ARGS ?= -j 2 --random-policy lenient --show-failures 100000 --exit-zero
# site-packages of the reference venv, looked up when a recipe runs (after the venv exists)
REF_SITE = $(firstword $(wildcard $(REF_VENV)/lib/python3*/site-packages))

# stamps live inside their venv, so deleting the venv forgets them
VENV_STAMP := $(VENV)/.purepaddle-installed
REF_STAMP := $(REF_VENV)/.paddle-installed
BENCH_STAMP := $(REF_VENV)/.torch-installed

.PHONY: venv test demo pir-zoo ref-venv bench-venv bench conformance conformance-paddle clean distclean

venv: $(VENV_STAMP)
# a $(VENV) that is a link (a git worktree borrowing its main checkout's venv) is used as it is: an editable
# install from here would re-point that checkout's venv at this tree
$(VENV_STAMP): pyproject.toml
	@if [ -L $(VENV) ]; then echo "$(VENV) is a link to another checkout's venv: used as it is, not reinstalled"; \
	else $(PYTHON3) -m venv $(VENV) && $(PY) -m pip install -q -e '.[test,model,distributed,bf16,random,onnx,jit]' \
	  && touch $@; fi

test: venv
	$(PY) -m pytest -q -x tests

# every paddle.vision.models model exported by real Paddle as a PIR program (build/pir_zoo/), run by purepaddle's
# predictor against Paddle's outputs (make test runs a quick subset where .venv-ref exists)
pir-zoo: venv ref-venv
	$(REF_PY) tests/fixtures/pir/make_pir_fixtures.py --zoo
	PUREPADDLE_PIR_ZOO=all $(PY) -m pytest -q -p no:cacheprovider tests/static/test_pir_zoo.py

# the fault suites of tests/faults/ in their long form (make test runs them short); figures in
# build/faults/report.jsonl (docs/reliability.md)
.PHONY: faults
faults: venv
	rm -f build/faults/report.jsonl
	PUREPADDLE_FAULTS=long $(PY) -m pytest -q -s -p no:cacheprovider tests/faults
	@echo "figures: build/faults/report.jsonl"

demo: venv
	$(PY) examples/demo.py

ref-venv: $(REF_STAMP)
$(REF_STAMP):
	@if [ -x $(REF_PY) ] && $(REF_PY) -c 'import paddle' >/dev/null 2>&1; then \
	  echo "$(REF_VENV): paddle already importable"; \
	else \
	  $(PYTHON3) -m venv $(REF_VENV) && $(REF_PY) -m pip install -q $(PADDLE_PIN); \
	fi
	touch $@

bench-venv: $(BENCH_STAMP)
$(BENCH_STAMP): $(REF_STAMP)
	@if $(REF_PY) -c 'import torch' >/dev/null 2>&1; then \
	  echo "$(REF_VENV): torch already importable"; \
	else \
	  $(REF_PY) -m pip install -q $(TORCH_PIN) $(PADDLE_PIN); \
	fi
	touch $@

# issue 15's table: every workload on purepaddle, Paddle, torch and NumPy at 1 thread and all cores, idle and with
# one busy core, interleaved passes (bench/suite.py); BENCH_ARGS='--passes 1 --only mlp_sgd,lstm' for a short run
BENCH_ARGS ?=
bench: venv bench-venv
	$(PY) bench/suite.py --json build/bench/suite.json --markdown build/bench/suite.md $(BENCH_ARGS)

# the README's benchmark table from the last `make bench`
.PHONY: bench-readme
bench-readme: venv
	$(PY) bench/suite.py --from-json build/bench/suite.json --readme README.md

.PHONY: troubleshooting
troubleshooting: venv
	$(PY) docs/make_troubleshooting.py

# docs/op_index.md from the live op registry (tests/docs/test_op_index.py fails when it is stale)
.PHONY: op-index
op-index: venv
	$(PY) docs/make_op_index.py

.PHONY: bench-train
bench-train: venv bench-venv
	$(PY) bench/train.py --threads 2

# all_reduce vs raw mpi4py (4 KiB, 4 MiB, 100 MiB) and data-parallel speed-up (LeNet, ResNet-18 at 1, 2 and all
# cores, 1 thread per rank); figures with the load average in build/bench/scaling.json and README's Scaling block
.PHONY: bench-scaling bench-scaling-readme
bench-scaling: venv
	$(PY) bench/scaling.py --json build/bench/scaling.json --readme README.md $(SCALING_ARGS)

# the README's Scaling block from the last `make bench-scaling`
bench-scaling-readme: venv
	$(PY) bench/scaling.py --from-json build/bench/scaling.json --readme README.md

.PHONY: bench-inference
bench-inference: venv ref-venv
	$(PY) bench/inference.py
	$(PY) bench/inference.py --zoo

$(CONF_EXAMPLES): | $(REF_STAMP)
	mkdir -p $(CONF_DIR)
	$(PYTHON3) $(SHARED)/conformance/harvest.py $(REF_SITE) -o $@

$(CONF_SURFACE): Makefile | $(REF_STAMP)  # harvested again when SURFACE_MODULES changes
	mkdir -p $(CONF_DIR)
	$(PYTHON3) $(SHARED)/conformance/harvest.py $(REF_SITE) $(SURFACE_MODULES) -o $@

# full output (with every failure) goes to report.txt; the console shows the pass rates
define run_conformance
	$(PYTHON3) $(SHARED)/conformance/run.py $(3) $(1) $(CONF_ARGS) \
	  --report $(CONF_DIR)/$(2).json | tee $(CONF_DIR)/$(2).txt \
	  | awk '/^--- FAILED/ {skip=1} /^[0-9]+ passed, [0-9]+ failed/ {skip=0} !skip'
	@echo "failures: $(CONF_DIR)/$(2).txt (all results: $(CONF_DIR)/$(2).json)"
endef

conformance: venv $(CONF_EXAMPLES) $(CONF_SURFACE)
	$(call run_conformance,--module purepaddle --pythonpath . --python $(PY),report,$(CONF_EXAMPLES))
	$(call run_conformance,--module purepaddle --pythonpath . --python $(PY),report-surface,$(CONF_SURFACE))

# one namespace's examples only: make conformance-surface SURFACE_MODULES='paddle/fft.py'
.PHONY: conformance-surface
conformance-surface: venv | $(REF_STAMP)
	mkdir -p $(CONF_DIR)
	$(PYTHON3) $(SHARED)/conformance/harvest.py $(REF_SITE) $(SURFACE_MODULES) -o $(CONF_DIR)/examples-some.json
	$(call run_conformance,--module purepaddle --pythonpath . --python $(PY),report-some,$(CONF_DIR)/examples-some.json)

conformance-paddle: $(REF_STAMP) $(CONF_EXAMPLES)
	$(call run_conformance,--module paddle --python $(REF_PY) --env FLAGS_enable_pir_api=0,report-paddle,$(CONF_EXAMPLES))

# differential parity against real Paddle (parity/): build/parity/report.md and report.json
PARITY_ARGS ?= -j 2
.PHONY: parity
parity: venv $(REF_STAMP)
	PYTHONPATH=. $(PY) -m parity $(PARITY_ARGS) --ref-python $(REF_PY) --report build/parity

clean:
	rm -rf build .pytest_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o -path ./$(REF_VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) $(REF_VENV)

# Everything here is a thin wrapper around SwiftPM; `make` alone lists the targets.

STEPS := 01 02 03 04 05 06
# Accept STEP=3 as well as STEP=03.
STEP_NN := $(if $(filter $(STEP),1 2 3 4 5 6),0$(STEP),$(STEP))
GOLDEN := Tests/Golden
DEMO_OUT := .build/demo-output

.PHONY: help run test demo-output check-demos golden lint format check-step

help:
	@echo "RxDemo: rebuild RxSwift's core in six steps."
	@echo
	@echo "  make run STEP=04      run a step's demo (swift run RxDemo04)"
	@echo "  make test             run every step's trace suite (swift test)"
	@echo "  make test STEP=03     run one step's suite without compiling the other steps"
	@echo "  make check-demos      compare every demo's output with $(GOLDEN)/"
	@echo "  make golden           rewrite $(GOLDEN)/ from what the demos print now"
	@echo "  make lint             swift format lint, as CI runs it"
	@echo "  make format           swift format, in place"
	@echo
	@echo "Steps: $(STEPS)"

check-step:
	@if [ -z "$(STEP)" ]; then \
	  echo "error: say which step, e.g. 'make $(MAKECMDGOALS) STEP=03'; valid steps: $(STEPS)" >&2; exit 2; \
	elif [ -z "$(filter $(STEP_NN),$(STEPS))" ]; then \
	  echo "error: STEP=$(STEP) is not a step; valid steps: $(STEPS)" >&2; exit 2; \
	fi

run: check-step
	swift run RxDemo$(STEP_NN)

# With STEP, the manifest declares only that step's targets (RXDEMO_STEP, read in
# Package.swift) and builds them in a folder of their own, so the other steps are never
# compiled and the full build in .build stays as it was.
ifeq ($(STEP),)
test:
	swift test
else
test: check-step
	RXDEMO_STEP=$(STEP_NN) swift test --scratch-path .build-step$(STEP_NN)
endif

# Builds every demo and keeps what each prints in $(DEMO_OUT).
demo-output:
	swift build
	@mkdir -p $(DEMO_OUT) && bin=$$(swift build --show-bin-path) && \
	for step in $(STEPS); do "$$bin/RxDemo$$step" > $(DEMO_OUT)/RxDemo$$step.txt || exit 1; done

check-demos: demo-output
	@status=0; for step in $(STEPS); do \
	  if git diff --no-index --exit-code $(GOLDEN)/RxDemo$$step.txt $(DEMO_OUT)/RxDemo$$step.txt; then \
	    echo "RxDemo$$step: output matches $(GOLDEN)/RxDemo$$step.txt"; \
	  else \
	    echo "RxDemo$$step: output differs from $(GOLDEN)/RxDemo$$step.txt (diff above; 'make golden' accepts it)" >&2; \
	    status=1; \
	  fi; \
	done; exit $$status

golden: demo-output
	@mkdir -p $(GOLDEN) && cp $(DEMO_OUT)/RxDemo*.txt $(GOLDEN)/ && echo "wrote $(GOLDEN)/RxDemo01.txt ... RxDemo06.txt"

lint:
	swift format lint --strict --recursive Package.swift Steps Tests

format:
	swift format format --in-place --recursive Package.swift Steps Tests

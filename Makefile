# Everything here is a thin wrapper around SwiftPM; `make` alone lists the targets.

STEPS := 01 02 03 04 05 06
PAIRS := 01-02 02-03 03-04 04-05 05-06
# Accept STEP=3 as well as STEP=03.
normalize = $(if $(filter $(1),1 2 3 4 5 6),0$(1),$(1))
STEP_NN := $(call normalize,$(STEP))
FROM_NN := $(call normalize,$(FROM))
TO_NN := $(call normalize,$(TO))
GOLDEN := Tests/Golden
DEMO_OUT := .build/demo-output
DOCS_BEFORE := .build/docs-before
# The same bytes whatever the user's git configuration says about diffs.
STABLE_DIFF := git diff --no-index --no-color --no-ext-diff --full-index --diff-algorithm=myers --src-prefix=a/ --dst-prefix=b/

# $(call require-step,NAME,value,normalized value): stop with the valid steps unless value is one.
require-step = if [ -z "$(2)" ]; then \
	  echo "error: say which step, e.g. 'make $@ $(1)=03'; valid steps: $(STEPS)" >&2; exit 2; \
	elif [ -z "$(filter $(3),$(STEPS))" ]; then \
	  echo "error: $(1)=$(2) is not a step; valid steps: $(STEPS)" >&2; exit 2; \
	fi

.PHONY: help run test demo-output check-demos golden lint format diff diffs matrix pages docs check-docs

help:
	@echo "RxDemo: rebuild RxSwift's core in six steps."
	@echo
	@echo "  make run STEP=04      run a step's demo (swift run RxDemo04)"
	@echo "  make test             run every step's trace suite (swift test)"
	@echo "  make test STEP=03     run one step's suite without compiling the other steps"
	@echo "  make check-demos      compare every demo's output with $(GOLDEN)/"
	@echo "  make golden           rewrite $(GOLDEN)/ from what the demos print now"
	@echo "  make diff FROM=04 TO=05   show what a step changes (any two steps)"
	@echo "  make docs             rewrite Docs/diffs/, Docs/matrix.md and the generated parts of Docs/*.md"
	@echo "  make check-docs       fail if Docs/ is stale or quotes code that is not in the steps"
	@echo "  make lint             swift format lint, as CI runs it"
	@echo "  make format           swift format, in place"
	@echo
	@echo "Steps: $(STEPS)"

run:
	@$(call require-step,STEP,$(STEP),$(STEP_NN))
	swift run RxDemo$(STEP_NN)

# With STEP, the manifest declares only that step's targets (RXDEMO_STEP, read in
# Package.swift) and builds them in a folder of their own, so the other steps are never
# compiled and the full build in .build stays as it was.
ifeq ($(STEP),)
test:
	swift test
else
test:
	@$(call require-step,STEP,$(STEP),$(STEP_NN))
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

# git diff exits 1 when the steps differ, which is the point here.
diff:
	@$(call require-step,FROM,$(FROM),$(FROM_NN))
	@$(call require-step,TO,$(TO),$(TO_NN))
	@if [ "$(FROM_NN)" = "$(TO_NN)" ]; then \
	  echo "error: FROM and TO are both $(FROM_NN); name two different steps, e.g. 'make diff FROM=04 TO=05'" >&2; exit 2; \
	fi
	@git diff --no-index Steps/RxDemo$(FROM_NN) Steps/RxDemo$(TO_NN); [ $$? -le 1 ]

diffs:
	@mkdir -p Docs/diffs && for pair in $(PAIRS); do \
	  $(STABLE_DIFF) Steps/RxDemo$${pair%-*} Steps/RxDemo$${pair#*-} > Docs/diffs/$$pair.diff; \
	  [ $$? -le 1 ] || exit 1; echo "wrote Docs/diffs/$$pair.diff"; \
	done

matrix:
	swift run DocsGenerator matrix

pages: diffs
	swift run DocsGenerator pages

docs: diffs matrix pages

# Regenerates Docs/ and fails if that changed anything: the committed docs were stale.
check-docs:
	@rm -rf $(DOCS_BEFORE) && mkdir -p $(dir $(DOCS_BEFORE)) && cp -R Docs $(DOCS_BEFORE)
	@$(MAKE) --no-print-directory docs
	swift run DocsGenerator check
	@if ! git diff --no-index --stat $(DOCS_BEFORE) Docs; then \
	  echo "error: Docs/ was stale (files above): run 'make docs' and commit the result" >&2; exit 1; \
	fi
	@echo "Docs/ is up to date with the code"

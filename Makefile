# Everything here is a thin wrapper around SwiftPM; `make` alone lists the targets.

STEPS := 01 02 03 04 05 06 07 08 09
PAIRS := 01-02 02-03 03-04 04-05 05-06 06-07 07-08 08-09
# Accept STEP=3 as well as STEP=03.
normalize = $(if $(filter $(1),1 2 3 4 5 6 7 8 9),0$(1),$(1))
STEP_NN := $(call normalize,$(STEP))
FROM_NN := $(call normalize,$(FROM))
TO_NN := $(call normalize,$(TO))
GOLDEN := Tests/Golden
DEMO_OUT := .build/demo-output
# `make docs` writes here; `make check-docs` points it at a copy, so Docs/ is never touched.
DOCS ?= Docs
DOCS_CHECK := .build/docs-check
# Swift Testing only: XCTest would add an empty "Executed 0 tests" block.
SWIFT_TEST := swift test --disable-xctest
# swift format's version that .swift-format is written for (CI's); older ones ignore the
# options they do not know, so their verdict can differ.
SWIFT_FORMAT_VERSION := 6.3
# On macOS, Swift Testing comes with Xcode; with only the Command Line Tools selected it may
# be missing. Said after a failed build or test, never instead of the compiler's own words.
testing-hint = if [ "$$(uname -s)" = Darwin ] && xcode-select -p 2>/dev/null | grep -q CommandLineTools; then \
	  echo "note: only the Command Line Tools are selected ($$(xcode-select -p)). If the error above is" >&2; \
	  echo "      \"no such module 'Testing'\", install Xcode 16.2 or later and select it:" >&2; \
	  echo "      sudo xcode-select -s /Applications/Xcode.app/Contents/Developer" >&2; \
	fi
# The workshop tool needs no step, so it is built once, in .build.
WORKSHOP = swift build -q --product Workshop && VERBOSE="$(VERBOSE)" .build/debug/Workshop
# The same bytes whatever the user's git configuration says about diffs.
STABLE_DIFF := git diff --no-index --no-color --no-ext-diff --full-index --diff-algorithm=myers --src-prefix=a/ --dst-prefix=b/

# $(call require-step,NAME,value,normalized value): stop with the valid steps unless value is one.
# An optional fourth argument is the complete example to suggest (diff needs two steps).
require-step = if [ -z "$(2)" ]; then \
	  echo "error: say which step, e.g. 'make $@ $(or $(4),$(1)=03)'; valid steps: $(STEPS)" >&2; exit 2; \
	elif [ -z "$(filter $(3),$(STEPS))" ]; then \
	  echo "error: $(1)=$(2) is not a step; valid steps: $(STEPS)" >&2; exit 2; \
	fi

.PHONY: help run test scenarios demo-output check-demos golden lint format diff diffs matrix traces marbles pages docs \
	check-docs test-threads \
	start exercise check hint reset progress compare watch selftest bench bench-instructions

help:
	@echo "RxDemo: rebuild RxSwift's core in six steps (01-06), then its API, subjects and more (07 on)."
	@echo
	@echo "  make run STEP=04      run a step's demo (swift run RxDemo04); MINE=1 runs your Workshop/RxDemo04"
	@echo "  make test             run every step's trace suite (swift test), one line per step and known defect"
	@echo "  make test STEP=03     run one step's suite without compiling the other steps"
	@echo "  make test STEP=06 SCENARIO=\"dispose twice\"   run the scenarios whose name contains that"
	@echo "  make scenarios        list the scenarios, with the steps that run each"
	@echo "  make test-threads STEP=08   the thread scenarios under ThreadSanitizer, races named (steps 06 on)"
	@echo "  make check-demos      compare every demo's output with $(GOLDEN)/"
	@echo "  make golden           rewrite $(GOLDEN)/ from what the demos print now"
	@echo "  make diff FROM=04 TO=05   show what a step changes (any two steps)"
	@echo "  make docs             rewrite Docs/diffs/, Docs/matrix.md, Docs/marbles/ and the generated parts of Docs/*.md"
	@echo "  make check-docs       fail if Docs/ is stale or quotes code that is not in the steps (Docs/ is never rewritten)"
	@echo "  make selftest         workshop: every starter is not done, every reference is, known mistakes are caught"
	@echo "  make lint             swift format lint, as CI runs it"
	@echo "  make bench            what each step costs per event and per subscription (release build; STEP=05 for one)"
	@echo "  make bench-instructions STEP=06   instructions per event, with valgrind (MAPS=16, DIR=a copy)"
	@echo "  make format           swift format, in place"
	@echo
	@echo "Workshop mode: write each step yourself in Workshop/RxDemoNN (git ignores it)."
	@echo "  make start STEP=04    create Workshop/RxDemo04 from your step 03 once it is done, else the reference"
	@echo "                        (FROM=mine or FROM=reference chooses), with step 04's demo"
	@echo "  make check STEP=04    compile your step 04, run its scenarios, report (VERBOSE=1: every failure)"
	@echo "  make watch STEP=04    check again whenever you save, until Ctrl-C"
	@echo "  make hint STEP=04     the next of three hints"
	@echo "  make compare STEP=04  your code beside the reference step"
	@echo "  make reset STEP=04    move your workspace aside and start over (nothing is deleted)"
	@echo "  make progress         where you are in every step"
	@echo "  make exercise STEP=05 copy the reference step 05 into Workshop/, for its page's exercises"
	@echo
	@echo "Steps: $(STEPS)"

# MINE=1 runs your workspace's demo (Workshop/RxDemoNN), built as step NN in the workshop's
# build folder.
run:
	@$(call require-step,STEP,$(STEP),$(STEP_NN))
ifeq ($(MINE),)
	swift run RxDemo$(STEP_NN)
else
	@[ -d Workshop/RxDemo$(STEP_NN) ] || { echo "error: there is no Workshop/RxDemo$(STEP_NN) to run; 'make start STEP=$(STEP_NN)' creates it, 'make run STEP=$(STEP_NN)' runs the reference" >&2; exit 2; }
	RXDEMO_STEP=$(STEP_NN) RXDEMO_WORKSPACE=Workshop/RxDemo$(STEP_NN) swift run -q --scratch-path .build-workshop RxDemo$(STEP_NN)
endif

# `make test` runs swift test quietly into $(TEST_LOG) and prints one line per step and per
# known defect (from the records the run writes to $(TEST_REPORT)), then Swift Testing's own
# closing line; on a failure, everything but the expected known issues, from the log.
# With STEP, the manifest declares only that step's targets (RXDEMO_STEP, read in
# Package.swift) and builds them in a folder of their own, so the other steps are never
# compiled and the full build in .build stays as it was.
# SCENARIO="dispose twice" runs only the scenarios whose name contains it (RXDEMO_SCENARIO,
# read by the tests); a SCENARIO that matches none stops here with the list.
TEST_LOG := .build/test.log
TEST_REPORT := .build/test-report
test:
	@$(if $(STEP),$(call require-step,STEP,$(STEP),$(STEP_NN)))
	@$(if $(SCENARIO),$(WORKSHOP) scenarios "$(SCENARIO)")
	@mkdir -p .build && rm -rf $(TEST_REPORT)
	@echo "$(SWIFT_TEST) -q$(if $(STEP), for step $(STEP_NN)), full output in $(TEST_LOG):"
	@RXDEMO_SCENARIO="$(SCENARIO)" RXDEMO_REPORT_DIR="$(CURDIR)/$(TEST_REPORT)" $(if $(STEP),RXDEMO_STEP=$(STEP_NN)) 	  $(SWIFT_TEST) -q $(if $(STEP),--scratch-path .build-step$(STEP_NN)) > $(TEST_LOG) 2>&1; status=$$?; 	  $(WORKSHOP) summary $(TEST_REPORT); 	  if [ $$status -ne 0 ]; then 	    grep -v -e 'recorded a known issue' -e 'shows its known defect, as expected' $(TEST_LOG) >&2; $(testing-hint); 	  else tail -n 1 $(TEST_LOG); fi; exit $$status

scenarios:
	@$(WORKSHOP) scenarios "$(SCENARIO)"

# The workshop loop (Tests/Workshop). Each builds Workshop/RxDemoNN as step NN in a folder
# of its own, .build-workshopNN.
# `exec`, so that Ctrl-C or a SIGTERM reaches the tool itself, not a shell waiting for it.
start exercise check hint reset compare watch:
	@$(call require-step,STEP,$(STEP),$(STEP_NN))
	@swift build -q --product Workshop && FROM="$(FROM)" VERBOSE="$(VERBOSE)" exec .build/debug/Workshop $@ $(STEP_NN)

progress:
	@$(WORKSHOP) progress

# The thread scenarios under ThreadSanitizer (swift test --sanitize=thread, in .build-tsan):
# races named for steps 06-08, where they are the known defect; clean from step 09 on.
test-threads:
	@$(call require-step,STEP,$(STEP),$(STEP_NN))
	@$(WORKSHOP) threads $(STEP_NN)

# $(call bench-build,NN): copies step NN (or DIR) into Tests/Bench/Step and builds RxDemoBench.
bench-build = rm -rf Tests/Bench/Step && mkdir -p Tests/Bench/Step && \
	cp $(or $(DIR),Steps/RxDemo$(1))/*.swift Tests/Bench/Step/ && rm -f Tests/Bench/Step/main.swift && \
	RXDEMO_BENCH=$(1) swift build -c release -q --scratch-path .build-bench

# Instructions per event through MAPS maps (default 16), counted by valgrind's callgrind:
# the same on every run, where nanoseconds are not. Needs valgrind (apt-get install valgrind).
bench-instructions:
	@$(call require-step,STEP,$(STEP),$(STEP_NN))
	@command -v valgrind >/dev/null || { echo "error: needs valgrind (Debian: apt-get install valgrind)" >&2; exit 2; }
	@$(call bench-build,$(STEP_NN))
	@count() { valgrind --tool=callgrind --callgrind-out-file=.build-bench/callgrind.$$1.out \
	    .build-bench/release/RxDemoBench --events $(or $(MAPS),16) $$1 2>&1 | sed -n 's/.*Collected : //p'; }; \
	  small=$$(count 10000); large=$$(count 20000); \
	  echo "RxDemo$(STEP_NN)$(if $(DIR), ($(DIR))) through $(or $(MAPS),16) maps: $$(( (large - small) / 10000 )) instructions per event"; \
	  echo "by function: callgrind_annotate .build-bench/callgrind.20000.out | head -40"
	@rm -rf Tests/Bench/Step

# What each step costs: release builds (whole-module optimisation), one step at a time, each
# compiled together with Tests/Bench from a copy of its files in Tests/Bench/Step (git-ignored),
# so no step changes. STEP=05 measures one step; DIR=Workshop/RxDemo06 (with STEP) a copy.
bench:
	@$(if $(STEP),$(call require-step,STEP,$(STEP),$(STEP_NN)))
	@if [ -n "$(DIR)" ] && [ -z "$(STEP)" ]; then echo "error: DIR needs STEP, e.g. 'make bench STEP=06 DIR=Workshop/RxDemo06'" >&2; exit 2; fi
	@if [ -n "$(DIR)" ] && [ ! -d "$(DIR)" ]; then echo "error: DIR=$(DIR) is not a folder; 'make exercise STEP=$(STEP_NN)' makes Workshop/RxDemo$(STEP_NN)" >&2; exit 2; fi
	@echo "make bench: $$(uname -sm), $$(swift --version 2>/dev/null | head -n 1)"
	@echo "median of 7 runs after a warm-up, ± half the spread between the fastest and the slowest run"
	@first=1; for s in $(if $(STEP),$(STEP_NN),$(STEPS)); do \
	  $(call bench-build,$$s) || exit 1; \
	  if [ $$first = 1 ]; then .build-bench/release/RxDemoBench --header; first=0; fi; \
	  .build-bench/release/RxDemoBench $(DIR) || exit 1; \
	done; .build-bench/release/RxDemoBench --baseline; rm -rf Tests/Bench/Step

# CI: for each step, the untouched starter is not done and the reference step is.
selftest:
	@$(WORKSHOP) selftest $(STEP_NN)

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
	@mkdir -p $(GOLDEN) && cp $(DEMO_OUT)/RxDemo*.txt $(GOLDEN)/ && echo "wrote $(GOLDEN)/RxDemo$(firstword $(STEPS)).txt ... RxDemo$(lastword $(STEPS)).txt"

lint:
	@installed=$$(swift format --version 2>/dev/null); \
	if [ "$$(printf '%s\n%s\n' "$(SWIFT_FORMAT_VERSION)" "$$installed" | sort -V | head -n 1)" != "$(SWIFT_FORMAT_VERSION)" ]; then \
	  echo "note: swift format $$installed is older than $(SWIFT_FORMAT_VERSION), which .swift-format is written for;" >&2; \
	  echo "      it ignores the options it does not know, so CI's verdict may differ from this one." >&2; \
	fi
	swift format lint --strict --recursive Package.swift Steps Tests

format:
	swift format format --in-place --recursive Package.swift Steps Tests

# git diff exits 1 when the steps differ, which is the point here.
diff:
	@$(call require-step,FROM,$(FROM),$(FROM_NN),FROM=04 TO=05)
	@$(call require-step,TO,$(TO),$(TO_NN),FROM=04 TO=05)
	@if [ "$(FROM_NN)" = "$(TO_NN)" ]; then \
	  echo "error: FROM and TO are both $(FROM_NN); name two different steps, e.g. 'make diff FROM=04 TO=05'" >&2; exit 2; \
	fi
	@git diff --no-index Steps/RxDemo$(FROM_NN) Steps/RxDemo$(TO_NN); [ $$? -le 1 ]

diffs:
	@mkdir -p $(DOCS)/diffs && for pair in $(PAIRS); do \
	  $(STABLE_DIFF) Steps/RxDemo$${pair%-*} Steps/RxDemo$${pair#*-} > $(DOCS)/diffs/$$pair.diff; \
	  [ $$? -le 1 ] || exit 1; echo "wrote $(DOCS)/diffs/$$pair.diff"; \
	done

matrix:
	RXDEMO_DOCS=$(DOCS) swift run DocsGenerator matrix

# The traces every step really prints, recorded by a test run: the known issues' timelines
# show them beside the expected ones, never typed by hand.
TRACES := .build/traces
traces:
	@rm -rf $(TRACES) && mkdir -p $(TRACES)
	@RXDEMO_SCENARIO= RXDEMO_REPORT_DIR="$(CURDIR)/$(TRACES)" $(SWIFT_TEST) > $(TRACES).log 2>&1 || { \
	  tail -n 30 $(TRACES).log; echo "error: the test run that records the traces failed (log: $(TRACES).log)" >&2; exit 1; }
	@echo "recorded every step's traces in $(TRACES)"

marbles: traces
	RXDEMO_DOCS=$(DOCS) swift run DocsGenerator marbles $(TRACES)

pages: diffs
	RXDEMO_DOCS=$(DOCS) swift run DocsGenerator pages

docs: diffs matrix marbles pages

# Regenerates a copy of Docs/ and fails if it differs: the committed docs are stale.
# Docs/ itself is never rewritten here, pass or fail.
check-docs:
	@rm -rf $(DOCS_CHECK) && mkdir -p $(DOCS_CHECK) && cp -R Docs/. $(DOCS_CHECK)/
	@$(MAKE) --no-print-directory docs DOCS=$(DOCS_CHECK)
	swift run DocsGenerator check
	@if ! git diff --no-index --stat Docs $(DOCS_CHECK); then \
	  echo "error: Docs/ is stale (files above): run 'make docs' and commit the result" >&2; exit 1; \
	fi
	@echo "Docs/ is up to date with the code"

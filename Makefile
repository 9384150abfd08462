# RxDemo's commands: an index. Each target is one call of SwiftPM, of the workshop tool
# (Tools/Workshop, one command per file) or of a generator; `make` alone lists them
# (Tools/help.txt). MAINTAINING.md says how the parts fit together.

# The steps, in order: Steps/course.txt's list (the first word of each line not a comment).
STEPS := $(shell sed -e '/^\#/d' -e 's/ .*//' Steps/course.txt)
# Where `make docs` writes; `make check-docs` points both at copies, so they are never touched.
DOCS ?= Docs
TUTORIAL ?= Tests/Tutorial/RxDemo.docc
TUTORIAL_ZH ?= Tests/TutorialZhHans/RxDemo.docc
# The traces a test run records, for the marble timelines and the tutorial's questions: the
# scenarios' test alone (the generated programs, threads and shape write nothing they read).
TRACES := .build/traces
# The workshop tool, built once in .build, and again only when its sources or the manifest
# changed: even a `swift build` with nothing to do costs most of a second per command. It takes
# each setting by name (empty when not given), checks the step and says what is valid; `exec`
# lets Ctrl-C reach the tool itself.
.DEFAULT_GOAL := help
WORKSHOP_TOOL := .build/debug/Workshop
$(WORKSHOP_TOOL): $(wildcard Tools/Workshop/*.swift Tests/TraceSuite/*.swift) Package.swift Steps/course.txt
	@swift build -q --product Workshop && touch $@
WORKSHOP = @$(MAKE) -s --no-print-directory $(WORKSHOP_TOOL) && FROM="$(FROM)" MINE="$(MINE)" VERBOSE="$(VERBOSE)" DIR="$(DIR)" \
	MAPS="$(MAPS)" RECORD="$(RECORD)" RXDEMO_SCENARIO="$(SCENARIO)" RXDEMO_THREAD_ROUNDS="$(ROUNDS)" RXDEMO_DOCS="$(DOCS)" \
	COURSE_LANG="$(COURSE_LANG)" JOBS="$(JOBS)" RXSWIFT="$(RXSWIFT)" OPENCOMBINE="$(OPENCOMBINE)" TIMING="$(TIMING)" FRESH="$(FRESH)" RUNS="$(RUNS)" WARM="$(WARM)" exec $(WORKSHOP_TOOL)

.PHONY: bench-loop help ready steps run test scenarios test-threads start exercise check hint reset restore compare watch progress \
	doctor selftest check-translation check-demos golden generated samples lint format diff diffs matrix traces marbles pages \
	tutorial-sources docs check-docs diagrams tutorial tutorial-preview tutorial-screenshots bench bench-instructions

# In the course's language: COURSE_LANG, else the locale (as the workshop tool decides).
help:
	@case "$(or $(COURSE_LANG),$(or $(LC_ALL),$(or $(LC_MESSAGES),$(LANG))))" in zh*|ZH*) cat Tools/help.zh-Hans.txt; echo; echo "步骤：$(STEPS)";; \
	  *) cat Tools/help.txt; echo; echo "Steps: $(STEPS)";; esac

steps:
	@echo $(STEPS)

# A step's demo; MINE=1 runs your Workshop/RxDemoNN's, built as step NN.
run:
	$(WORKSHOP) run "$(STEP)"

# The README's test command: swift test quietly into .build/test.log, one line per step and
# per known defect. STEP=NN builds that step's targets only; SCENARIO="dispose twice" picks
# scenarios by name. A run that hangs is stopped, with what was running named.
test:
	$(WORKSHOP) test "$(STEP)" "$(SCENARIO)"

scenarios:
	$(WORKSHOP) scenarios "$(SCENARIO)"

# The thread scenarios under ThreadSanitizer, then (from step 09) every interleaving of the
# explored ones. MINE=1 races your workspace; ROUNDS=n rounds per scenario (200).
test-threads:
	$(WORKSHOP) threads "$(STEP)"

# The workshop loop: your Workshop/RxDemoNN, built as step NN in .build-workshop (one folder for every step).
start exercise check hint reset restore compare watch:
	$(WORKSHOP) $@ "$(STEP)"

progress:
	$(WORKSHOP) progress

# Before the class: the tools, Swift 6 with Swift Testing, and the checks' build warmed.
ready:
	$(WORKSHOP) ready

# What CI runs besides the tests: the course checks itself.
doctor:
	$(WORKSHOP) doctor

# For each step (STEP=NN: one): the starter is not done, the reference is, known mistakes are not.
selftest:
	$(WORKSHOP) selftest "$(STEP)"

check-translation:
	$(WORKSHOP) check-translation

check-demos:
	$(WORKSHOP) check-demos

golden:
	$(WORKSHOP) golden

# What each reference step prints for its generated programs, beside RxSwift's recorded traces
# (Tests/Generated; RXSWIFT=folder takes new ones from a recording, MAINTAINING.md says how).
generated:
	$(WORKSHOP) generated $(STEP)

# The tool's output the pages quote, printed by the tool in English and in Chinese (Docs/samples).
samples:
	$(WORKSHOP) samples

lint:
	$(WORKSHOP) lint

format:
	$(WORKSHOP) format

diff:
	$(WORKSHOP) diff "$(FROM)" "$(TO)"

# Docs/: what `make docs` writes from the code (check-docs proves it current).
diffs:
	$(WORKSHOP) diffs

matrix:
	RXDEMO_DOCS=$(DOCS) swift run DocsGenerator matrix

traces:
	@rm -rf $(TRACES) && mkdir -p $(TRACES)
	@RXDEMO_SCENARIO= RXDEMO_REPORT_DIR="$(CURDIR)/$(TRACES)" swift test --disable-xctest --filter '\.traces\(' > $(TRACES).log 2>&1 || { \
	  tail -n 30 $(TRACES).log; echo "error: the test run that records the traces failed (log: $(TRACES).log)" >&2; exit 1; }
	@echo "recorded every step's traces in $(TRACES)"

marbles: traces
	RXDEMO_DOCS=$(DOCS) swift run DocsGenerator marbles $(TRACES)

pages: diffs
	RXDEMO_DOCS=$(DOCS) swift run DocsGenerator pages

# The tutorial in both editions: code panes and traces shared, text from each edition's pages.
tutorial-sources: marbles pages
	RXDEMO_DOCS=$(DOCS) RXDEMO_TUTORIAL=$(TUTORIAL) COURSE_LANG=en swift run DocsGenerator tutorial $(TRACES)
	RXDEMO_DOCS=$(DOCS) RXDEMO_TUTORIAL=$(TUTORIAL_ZH) COURSE_LANG=zh-Hans swift run DocsGenerator tutorial $(TRACES)

docs: diffs matrix marbles pages tutorial-sources

check-docs:
	$(WORKSHOP) check-docs

# The Mermaid diagrams of Docs/ as PNGs for the tutorials (Tools/Diagrams; needs Chromium and
# Mermaid: mmdc, or MERMAID_JS=path/to/mermaid.min.js).
diagrams:
	python3 Tools/Diagrams/render-diagrams.py

# The DocC tutorial, both editions: static sites in .build/tutorial and .build/tutorial-zh-Hans.
tutorial:
	$(WORKSHOP) tutorial

# Builds the course language's site only and serves it on 127.0.0.1 (its pages are blank when
# opened as files): PORT=8000, the next free one when taken; COURSE_LANG=zh-Hans for the Chinese.
tutorial-preview:
	$(WORKSHOP) tutorial current
	@exec python3 Tools/Tutorial/serve.py "$(PORT)"

# Every tutorial page in headless Chromium: fails on a blank page, saves three screenshots.
tutorial-screenshots: tutorial
	python3 Tools/Diagrams/screenshots.py

# What each step costs (release builds; STEP=05 one step, DIR=a copy of it), and instructions
# counted by valgrind (MAPS=16).
bench:
	$(WORKSHOP) bench $(STEP)

# How long the workshop loop takes, every step (STEP="03 09" for some; RUNS=5 runs each), from a
# fresh clone in .build/bench-loop; rewrites the READMEs' table. Never part of make test.
bench-loop:
	$(WORKSHOP) bench-loop $(STEP)

bench-instructions:
	$(WORKSHOP) bench-instructions "$(STEP)"

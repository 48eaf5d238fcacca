# nearby-voice: `make run` and `make test` are the whole set-up on a fresh Debian machine with
# the Swift toolchain; each installs the Debian packages it needs first.

# Build: readline, espeak-ng and its data, pcaudiolib. Tests: espeak-ng (the reference
# synthesiser), sox (reads WAVs), PulseAudio (a null sink for live audio), tmux (a real terminal),
# gettext (msgfmt --check on the catalogs). libpulse: speech through PulseAudio with small buffers.
# libspeechd: the speech-dispatcher backend (SSIP); the tests start a private server of
# speech-dispatcher with its espeak-ng module, which the speech bench measures too.
# chromium-headless-shell: a real browser that loads the study report's HTML page, with axe-core
# (scripts/axe-core takes its axe.min.js out of a PyPI wheel, into AXE_DIR) run inside it.
# libsqlite3-dev: the place store (SQLite with R*Tree and FTS5). libosmium2-dev and
# libprotozero-dev (header-only C++) with zlib, bzip2, expat and lz4: reading OpenStreetMap
# extracts (COsmium); libstdc++-12-dev for its C++ standard library.
BUILD_PACKAGES := libreadline-dev libespeak-ng-dev espeak-ng-data libpcaudio-dev libpulse-dev libspeechd-dev \
	libsqlite3-dev libosmium2-dev libprotozero-dev zlib1g-dev libbz2-dev libexpat1-dev liblz4-dev libstdc++-12-dev
TEST_PACKAGES := espeak-ng sox pulseaudio pulseaudio-utils tmux gettext speech-dispatcher speech-dispatcher-espeak-ng \
	chromium-headless-shell python3-pyosmium
# python3-pyosmium: the independent reader that checks the import of a real OpenStreetMap extract
# (IndependentReaderTests), and the writer of generated extracts (the kill test, the benches).
# The real GPS daemon for the walked-position tests: gpsd and gpsfake (in gpsd's python3-gps),
# installed without recommends (docs/position.md).
TEST_PACKAGES += gpsd python3-gps
# groff-base, mandoc and man-db: the generated man pages linted (groff -ww, mandoc -T lint) and
# rendered (man -l); zsh and fish parse their generated completions, bash-completion is what
# `bash -i` loads the installed one with; git names the commit --version is checked against.
TEST_PACKAGES += groff-base mandoc man-db zsh fish bash-completion git
# python3-networkx: the independent planner the walking routes are checked against
# (Tests/Fixtures/osm/route-oracle.py, RouteOracleTests).
TEST_PACKAGES += python3-networkx
# python3-gpxpy: the independent reader of the GPX files `route export` writes (RouteExportTests).
TEST_PACKAGES += python3-gpxpy
# python3-venv: the venv scripts/hours-venv makes in HOURS_VENV for opening-hours-py (PyPI), the
# oracle that OpeningHoursOracleTests checks "open now" against.
TEST_PACKAGES += python3-venv
HOURS_VENV ?= .build/hours-venv
AXE_DIR ?= .build/axe
SWIFT ?= swift
ARGS ?=

.PHONY: all swift deps test-deps build release run test bench clean lint format

all: build

## Says what to install when the Swift toolchain is missing, before anything needs it (a build,
## a package): `make deb` without it ended in "Error 127".
swift:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
		echo "nearby-voice is built with the Swift toolchain, Swift 6.1 or newer, and $(SWIFT) is not found." >&2; \
		echo "Install it from https://www.swift.org/install/linux/ (or name it: make SWIFT=/path/to/swift)." >&2; \
		exit 1; }

deps: swift
	@scripts/install-deps $(BUILD_PACKAGES)

test-deps: deps
	@scripts/install-deps $(TEST_PACKAGES)
	@scripts/axe-core $(AXE_DIR)
	@scripts/hours-venv $(HOURS_VENV) >/dev/null

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## Builds release and starts a spoken session on the built-in places.
run: release
	.build/release/nearby-voice $(ARGS)

## Builds and runs every test: unit, end to end, real speech, live audio and the terminal, and
## the scenarios. One build, the tests with it; then the test bundle as a few processes side by
## side (scripts/parallel-tests says why), the scenarios beside them.
test: test-deps
	$(SWIFT) build --build-tests
	scripts/parallel-tests .build/debug -- .build/debug/nearby-voice test --jobs 2 Tests/Scenarios
	@echo "All test suites passed."

## Runs the tests again under the sanitizers: AddressSanitizer (with LeakSanitizer), then
## ThreadSanitizer, each in a build folder of its own; the end-to-end tests start the
## instrumented program, so it is checked too, and so are the scenarios. Leaks inside the
## toolchain's own libraries are suppressed: scripts/lsan-suppressions.txt says which and why.
ASAN_BUILD ?= .build/asan
TSAN_BUILD ?= .build/tsan
SANITIZER_ENV := NEARBY_VOICE_SANITIZED=1 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0
.PHONY: check check-address check-thread
check: check-address check-thread
	@echo "The tests pass under AddressSanitizer and ThreadSanitizer."

check-address: test-deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_BUILD)
	$(SANITIZER_ENV) scripts/parallel-tests $(ASAN_BUILD)/debug -- \
		$(ASAN_BUILD)/debug/nearby-voice test --jobs 2 Tests/Scenarios

check-thread: test-deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_BUILD)
	NEARBY_VOICE_SANITIZED=1 scripts/parallel-tests $(TSAN_BUILD)/debug -- \
		$(TSAN_BUILD)/debug/nearby-voice test --jobs 2 Tests/Scenarios

## Builds release and prints two tables, each figure against a baseline answering the same
## question in the same run, checked against its goal; the run fails when any falls short.
## The benchmarks are a package of their own (Benchmarks/, built in BENCHMARKS_BUILD), using the
## program's libraries from this one, so that `make build` and `make test` never compile them;
## they measure the program's own release build (BENCH_BUILD/release/nearby-voice).
## Data (nearby-voice-bench): loading, search, forgiving search, Tab completion, nearest-first,
## memory and start-up at BENCH_SIZES places, medians of BENCH_RUNS runs; every size checks every
## goal it measures. The query baselines are what a person would pick, over the same folded
## names: grep -F -c, a Python `in` scan and SQLite FTS5 (scripts/bench-query-baselines), and
## rapidfuzz for a misspelt word, from PyPI into a venv (BENCH_VENV, scripts/bench-venv). Real
## name frequencies: the named places of Tests/Fixtures/osm/Helsinki.osm.pbf, read with Debian's
## pyosmium (scripts/bench-osm-places), drawn in their proportions at the largest size. Through a
## private PulseAudio null sink, so that nearby-voice's start-up with --speech auto opens a real
## audio stream, as a user's does. Speech (nearby-voice-speech-bench, through a private
## PulseAudio null sink whose monitor is read in real time): Enter -> audible beside espeak-ng
## and the floor of the audio path (pacat at 2 ms, a trial after each, medians of the same run),
## stop -> silent, a key press -> silent (a pseudo-terminal) and a newer answer -> the old one
## silent, each stopped mid-word and each with a control that must fail, medians of
## BENCH_TRIALS; speech-dispatcher (Orca's path) as a private server, its Enter -> audible and
## cancel -> silent. Start-up of the installed (static) build beside its floor and espeak-ng -q,
## medians of STARTUP_RUNS (scripts/startup-bench, as `make startup`).
## The place store (issue 23, docs/place-store.md): the import against ogr2ogr, a generated 10M
## store's size, start-up and memory, and the Nearby list and `find` where the user meets them
## (scripts/bench-moves: a session through a pseudo-terminal moved to new points, beside the
## built-in places, the answer path's floor). `nearby-voice-bench store` runs these rows alone.
## Markers (issue 40, scripts/bench-markers: sessions on the built-in places with a data folder
## of the bench's own): `mark` said and on disk beside a plain write + fsync + rename of the same
## bytes, and start-up and `markers` with 10,000 markers beside none.
## `nearby-voice-bench markers` runs these rows alone.
## For make bench only: GDAL's ogr2ogr (the import's baseline), osmium-tool (reading and
## filtering alone, the floor of the work), python3-venv for rapidfuzz; pyosmium writes the 10M
## extract and reads Helsinki's names; routino, the walking router timed beside walkRoute on the
## 10M extract (planetsplitter, routino-router --transport=foot; `nearby-voice-bench route`).
## libopenal-dev, libopenal-data (spatial25): OpenAL Soft with its HRTF data, for the speech
## bench's probe (nearby-voice-openal-probe) that measures it beside the in-process rendering
## the program uses; the program itself does not link it (docs/spatial-audio.md says why).
BENCH_PACKAGES := gdal-bin osmium-tool python3-pyosmium python3-venv libopenal-dev libopenal-data routino
BENCH_DATA ?= bench-data
BENCH_RUNS ?= 5
BENCH_TRIALS ?= 11
BENCH_SIZES ?= 10000,100000,1000000
BENCH_BUILD ?= .build
BENCHMARKS_BUILD ?= Benchmarks/.build
BENCH_VENV ?= $(BENCHMARKS_BUILD)/bench-venv
## The node index at country scale (issue 42, `nearby-voice-bench nodeindex`): a generated extract
## of 100M nodes with ids spread as the planet's (made once, about 18 minutes, kept in BENCH_DATA)
## imported with the index chosen by its size and with it forced into memory; peak anonymous
## memory judged against 2 GB.
## The bench's test of itself (issue 42): the program built again with a known 2x slowdown
## (-DNEARBY_VOICE_BENCH_SLOWDOWN: the store's opening, reads and searches, the places a window's
## part is made of and their taking in, and each position report's decision, done twice;
## Sources/PlaceData/BenchSlowdown.swift), in a build folder of its own; the store's rows and the
## position report's, measured on it, must each miss their goals.
## `make bench BENCH_APP=$(BENCH_SLOWED)` runs the whole bench on the slowed build: it exits 1.
BENCH_SLOWED_BUILD ?= $(BENCHMARKS_BUILD)/slowed
BENCH_SLOWED := $(BENCH_SLOWED_BUILD)/release/nearby-voice
BENCH_APP ?= $(BENCH_BUILD)/release/nearby-voice
BENCH_STORE = $(BENCH_DATA)/generated-10M.places
bench: test-deps static
	@scripts/install-deps $(BENCH_PACKAGES)
	$(SWIFT) build -c release --scratch-path $(BENCH_BUILD)
	$(SWIFT) build -c release --scratch-path $(BENCH_SLOWED_BUILD) --product nearby-voice -Xswiftc -DNEARBY_VOICE_BENCH_SLOWDOWN
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path $(BENCHMARKS_BUILD)
	scripts/bench-venv $(BENCH_VENV) >/dev/null
	@data=0; speech=0; words=0; position=0; startup=0; nodes=0; itself=0; \
	scripts/pulse-null-sink $(BENCHMARKS_BUILD)/release/nearby-voice-bench --data $(BENCH_DATA) --runs $(BENCH_RUNS) --sizes $(BENCH_SIZES) \
		--python $(BENCH_VENV)/bin/python --app $(BENCH_APP) || data=$$?; \
	scripts/pulse-null-sink $(BENCHMARKS_BUILD)/release/nearby-voice-speech-bench --app $(BENCH_APP) --trials $(BENCH_TRIALS) || speech=$$?; \
	$(BENCHMARKS_BUILD)/release/nearby-voice-words-bench || words=$$?; \
	$(BENCHMARKS_BUILD)/release/nearby-voice-position-bench --app $(BENCH_APP) --store $(BENCH_STORE) || position=$$?; \
	scripts/startup-bench $(STATIC_BUILD)/release/nearby-voice $(STARTUP_RUNS) || startup=$$?; \
	$(BENCHMARKS_BUILD)/release/nearby-voice-bench nodeindex --data $(BENCH_DATA) --app $(BENCH_APP) || nodes=$$?; \
	$(BENCHMARKS_BUILD)/release/nearby-voice-bench selftest --data $(BENCH_DATA) --runs $(BENCH_RUNS) --app $(BENCH_SLOWED) || itself=$$?; \
	$(BENCHMARKS_BUILD)/release/nearby-voice-position-bench --self-test --app $(BENCH_SLOWED) --store $(BENCH_STORE) || itself=$$?; \
	if [ $$itself -ne 0 ]; then echo "make bench: the bench's test of itself failed: a row did not catch the slowed build."; fi; \
	if [ $$data -ne 0 ] || [ $$speech -ne 0 ] || [ $$words -ne 0 ] || [ $$position -ne 0 ] || [ $$startup -ne 0 ] || [ $$nodes -ne 0 ] || [ $$itself -ne 0 ]; then echo "make bench: figures short of their goals (data $$data, speech $$speech, words $$words, position $$position, start-up $$startup, node index $$nodes, the bench's test of itself $$itself)."; exit 1; fi

## Issue 11's figures for a listener, on a fixed 30-command session (Tests/Fixtures/listening):
## the words of every answer, their median and maximum, the answers over 15 words, anything said
## twice in a row, the words before the first place in `read`, and the seconds espeak-ng takes to
## say `read`, `history` and `help`; beside the figures before issue 26 (before.json).
.PHONY: listening
listening: test-deps
	$(SWIFT) build
	scripts/listening-figures --before Tests/Fixtures/listening/before.json .build/debug/nearby-voice Tests/Fixtures/listening/session.txt

clean:
	$(SWIFT) package clean
	$(SWIFT) package clean --package-path Benchmarks --scratch-path $(BENCHMARKS_BUILD)

## The house style, as the toolchain's swift-format checks it (.swift-format): `make lint` fails on
## any finding; `make format` rewrites the tree in place.
lint: swift
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Fuzz Plugins Package.swift Benchmarks/Package.swift Benchmarks/Sources

format: swift
	$(SWIFT) format format --in-place --recursive --parallel Sources Tests Fuzz Plugins Package.swift Benchmarks/Package.swift Benchmarks/Sources

## Builds each libFuzzer target in Fuzz/Targets (AddressSanitizer on) and runs it for
## FUZZ_SECONDS on its seed corpus in Fuzz/Corpus; prints each target's executions and what was
## found. Findings are kept in .build/fuzz/artifacts/; FUZZ_TARGETS picks some of the targets.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
.PHONY: fuzz
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz $(FUZZ_TARGETS)

## Installs under DESTDIR/PREFIX (`make install PREFIX=/usr/local DESTDIR=`): the program built
## release with the Swift standard library linked statically (--static-swift-stdlib, in
## STATIC_BUILD), so that it runs on a Debian machine without the toolchain (scripts/check-static
## says so with ldd, or fails); its man page in English, Spanish, Portuguese and Brazilian
## Portuguese and its bash, zsh and fish completions, which the program writes from its own
## tables; the OpenStreetMap attribution and the licence (LICENSE, MIT) under
## share/doc/nearby-voice.
## scripts/install-files holds the one list of files that install and uninstall both read.
## `install-files INSTALL_BIN=...` installs a binary already built (the tests use the debug one).
PREFIX ?= /usr/local
DESTDIR ?=
STATIC_BUILD ?= .build/static
INSTALL_BIN ?= $(STATIC_BUILD)/release/nearby-voice
# The man page's date: the commit's, so that a build is reproducible (Debian's
# SOURCE_DATE_EPOCH first).
MAN_DATE ?= $(shell if [ -n "$$SOURCE_DATE_EPOCH" ]; then date -u -d "@$$SOURCE_DATE_EPOCH" +%F; \
	else git log -1 --format=%cs 2>/dev/null || date -u +%F; fi)
# Linked as Debian hardens its binaries: relocations read-only and bound at start (RELRO and
# BIND_NOW, lintian's hardening-no-bindnow); the program is PIE already.
HARDENING := -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now
.PHONY: static install install-files uninstall
static: deps
	$(SWIFT) build -c release --static-swift-stdlib $(HARDENING) --scratch-path $(STATIC_BUILD)
	scripts/check-static $(STATIC_BUILD)/release/nearby-voice

install: static install-files

install-files:
	scripts/install-files "$(INSTALL_BIN)" "$(DESTDIR)" "$(PREFIX)" "$(MAN_DATE)"

uninstall:
	scripts/install-files --uninstall "$(INSTALL_BIN)" "$(DESTDIR)" "$(PREFIX)" "$(MAN_DATE)"

## Builds the Debian package nearby-voice_VERSION_amd64.deb into DEB_OUT with debhelper
## (debian/rules: `dh $@`, its build `make static`, its install `make install-files
## DESTDIR=debian/nearby-voice PREFIX=/usr`; Depends from dh_shlibdeps), then runs lintian on
## it: any error or warning fails the build, and what remains is overridden in
## debian/nearby-voice.lintian-overrides, each with its reason. `make deb-check` then installs it
## with apt-get as a user would, checks it from /usr/bin (scripts/deb-check) and purges it.
## DEB_PACKAGES: debhelper and dpkg-dev build the package, lintian checks it.
DEB_PACKAGES := debhelper dpkg-dev lintian
DEB_OUT ?= .build/deb
.PHONY: deb deb-check
deb: deps
	@scripts/install-deps $(DEB_PACKAGES)
	debian/rules clean
	rm -rf $(DEB_OUT) && mkdir -p $(DEB_OUT)
	DEB_OUT=$(CURDIR)/$(DEB_OUT) debian/rules binary
	lintian --fail-on error,warning --info --display-level '>=pedantic' $(DEB_OUT)/nearby-voice_*.deb
	@ls -l $(DEB_OUT)/nearby-voice_*.deb

deb-check: deb test-deps
	scripts/deb-check $(DEB_OUT)/nearby-voice_*.deb

## Start-up of the installed program beside its floor (/bin/true, two trivial Swift programs built
## the same way, espeak-ng -q): --version, --help, and a session on the built-in places, medians
## of STARTUP_RUNS (scripts/startup-bench); fails when the session misses issue 27's 30 ms.
## STARTUP_BEFORE=FILE measures another build of the program beside it, round by round.
STARTUP_RUNS ?= 20
STARTUP_BEFORE ?=
.PHONY: startup
startup: static
	scripts/startup-bench $(STATIC_BUILD)/release/nearby-voice $(STARTUP_RUNS) $(if $(STARTUP_BEFORE),--before $(STARTUP_BEFORE))

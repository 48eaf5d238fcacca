# nearby-voice: `make run` and `make test` are the whole set-up on a fresh Debian machine with
# the Swift toolchain; each installs the Debian packages it needs first.

# Build: readline, espeak-ng and its data, pcaudiolib. Tests: espeak-ng (the reference
# synthesiser), sox (reads WAVs), PulseAudio (a null sink for live audio), tmux (a real terminal).
BUILD_PACKAGES := libreadline-dev libespeak-ng-dev espeak-ng-data libpcaudio-dev
TEST_PACKAGES := espeak-ng sox pulseaudio pulseaudio-utils tmux
SWIFT ?= swift
ARGS ?=

.PHONY: all deps test-deps build release run test bench clean

all: build

deps:
	@scripts/install-deps $(BUILD_PACKAGES)

test-deps: deps
	@scripts/install-deps $(TEST_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## Builds release and starts a spoken session on the built-in places.
run: release
	.build/release/nearby-voice $(ARGS)

## Builds and runs every test: unit, end to end, real speech, live audio and the terminal.
test: test-deps
	$(SWIFT) build
	$(SWIFT) test
	.build/debug/nearby-voice test --jobs 2 Tests/Scenarios
	@echo "All test suites passed."

## Builds release, generates its own places (10 thousand, 100 thousand and 1 million, seeded) in
## bench-data/, and prints one table: each figure against its baseline (python3's json.load, the
## seed's search, grep, espeak-ng), measured side by side, medians of BENCH_RUNS runs. Then the
## speech latency, through a private PulseAudio null sink: a command's Enter to its first sample
## on the device, against espeak-ng's own time to its first samples, medians of 21 runs.
BENCH_DATA ?= bench-data
BENCH_RUNS ?= 5
BENCH_BUILD ?= .build
bench: test-deps
	$(SWIFT) build -c release --scratch-path $(BENCH_BUILD)
	$(BENCH_BUILD)/release/nearby-voice-bench --data $(BENCH_DATA) --runs $(BENCH_RUNS) --app $(BENCH_BUILD)/release/nearby-voice
	scripts/pulse-null-sink $(BENCH_BUILD)/release/nearby-voice-speech-bench 21

clean:
	$(SWIFT) package clean

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
	@echo "All test suites passed."

clean:
	$(SWIFT) package clean

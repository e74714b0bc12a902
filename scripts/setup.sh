#!/usr/bin/env bash
# Installs whatever this project needs and is missing; skips what is already there.
# Safe to run again. Needs root (apt) on a fresh machine, and the package registries.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130

have_version() { command -v "$1" >/dev/null 2>&1 && "$1" --version 2>/dev/null | grep -q "$2"; }

if ! rustup target list --installed | grep -q wasm32-unknown-unknown; then
  echo "setup: adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

# Chromium drives the end-to-end tests; pdftotext (poppler-utils) reads the PDFs they print;
# the Noto CJK fonts make screenshots and PDFs show the Chinese text.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1 \
  || ! command -v pdftotext >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
  echo "setup: installing chromium, chromedriver, poppler-utils and fonts-noto-cjk"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver poppler-utils fonts-noto-cjk >/dev/null
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/@axe-core/playwright ]; then
  echo "setup: npm ci (playwright-core, binaryen, axe-core)"
  npm ci --no-audit --no-fund --loglevel=error
fi

if ! have_version wasm-bindgen "$WASM_BINDGEN_VERSION"; then
  echo "setup: installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # Not --locked: one locked dependency of this release is missing from the registry.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if ! have_version trunk "$TRUNK_VERSION"; then
  echo "setup: installing trunk $TRUNK_VERSION"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi
echo "setup: all tools present"

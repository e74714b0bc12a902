#!/usr/bin/env bash
# Runs every test: formatting, clippy for host and wasm32, native unit and integration tests,
# a release build of the app, and the end-to-end tests in headless Chromium against dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
step() { printf '\n==> %s\n' "$*"; }
step "cargo fmt --check";          cargo fmt --check
step "clippy (host)";              cargo clippy --all-targets -- -D warnings
step "clippy (wasm32)";            cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings
step "cargo test";                 cargo test
step "trunk build --release";      trunk build --release --offline --public-url ./
step "end-to-end (Chromium)";      node --test --test-concurrency=1 tests/e2e/*.test.mjs

#!/bin/sh
# Runs the plain benchmark compiled to wasm32-wasip1 under Node (docs/performance.md).
set -e
: "${CARGO_TARGET_DIR:=target}"
cd "$(dirname "$0")/.."
cargo build -q --profile bench --target wasm32-wasip1 -p barricade-rules --lib
D="$CARGO_TARGET_DIR/wasm32-wasip1/release/deps"
RLIB=$(ls -t "$D"/libbarricade_rules-*.rlib | head -1)
rustc --edition 2024 -C opt-level=3 --target wasm32-wasip1 examples/bench_plain.rs \
  -o "$CARGO_TARGET_DIR/bench_plain.wasm" --extern barricade_rules="$RLIB" -L "$D"
node --no-warnings benches/run_wasi.mjs "$CARGO_TARGET_DIR/bench_plain.wasm"

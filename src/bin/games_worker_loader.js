// Starts #/games' Web Worker (src/bin/games_worker.rs): wasm-bindgen's glue, then its module.
// In place of Trunk's loader shim, whose positional path wasm-bindgen reports as deprecated.
importScripts('./games_worker.js');
wasm_bindgen({ module_or_path: './games_worker_bg.wasm' });

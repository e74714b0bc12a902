// Starts the engine's Web Worker (src/bin/engine_worker.rs): wasm-bindgen's glue, then its module.
// In place of Trunk's loader shim, whose positional path wasm-bindgen now reports as deprecated.
importScripts('./engine_worker.js');
wasm_bindgen({ module_or_path: './engine_worker_bg.wasm' });

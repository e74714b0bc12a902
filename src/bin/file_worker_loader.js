// Starts the game-file reader's Web Worker (src/bin/file_worker.rs): wasm-bindgen's glue, then its
// module. In place of Trunk's loader shim, whose positional path wasm-bindgen reports as deprecated.
importScripts('./file_worker.js');
wasm_bindgen({ module_or_path: './file_worker_bg.wasm' });

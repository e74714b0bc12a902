// Starts the timetable solver's Web Worker (src/bin/schedule_worker.rs): wasm-bindgen's glue, then
// its module. In place of Trunk's loader shim, whose positional path wasm-bindgen reports as deprecated.
importScripts('./schedule_worker.js');
wasm_bindgen({ module_or_path: './schedule_worker_bg.wasm' });

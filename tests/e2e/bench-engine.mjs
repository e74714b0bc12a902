// Engine speed benchmark, the browser's worker against native: prints figures, passes or fails nothing.
//
//   node tests/e2e/bench-engine.mjs [DEPTH]     (default 11; XQ_BENCH_RUNS=n runs each, default 3)
//
// Needs the built app (dist/, `trunk build --release`) and `target/release/xq`. Both sides search
// the six positions of `xq bench search` to the same depth, each from a fresh engine with the
// worker's 32 MB table (a new worker, a new `xq uci` with `setoption name Hash value 32`), so
// they search the same tree: the node counts are printed side by side to show it. Each side's
// time is its engine's own clock (UCI's `time`; the worker's nodes over its nodes per second),
// started when the search starts. Each side's fastest run counts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEPTH = Number(process.argv[2] || 11);
const RUNS = Number(process.env.XQ_BENCH_RUNS || 3);
const XQ = path.join(root, 'target/release/xq');
// The engine worker's table (src/bin/engine_worker.rs: `Engine::new(32)`).
const HASH_MB = 32;

// The positions of `xq bench search` (src/cli/uci.rs, BENCH), in its order.
const FENS = [
  'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  'r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1',
  'r2akab2/9/2n1b1nc1/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B1N2/4A4/1R1AK1B2 w - - 0 1',
  '2bak4/4a4/4b4/p3C4/9/2p6/P8/4B4/4A4/2BAK4 w - - 0 1',
  '3k5/4a4/4ba3/9/2n6/9/9/4B4/4A4/3AK1R2 w - - 0 1',
  '4k4/9/3a5/9/9/9/4p4/3AB4/4A4/3K5 b - - 0 1',
];

/** One search in a fresh `xq uci`: its nodes and seconds. */
function uci(fen) {
  return new Promise((resolve, reject) => {
    const xq = spawn(XQ, ['uci']);
    let out = '';
    xq.on('error', reject);
    xq.stdout.on('data', (d) => {
      out += d;
      if (!/^bestmove/m.test(out)) return;
      xq.stdin.end('quit\n');
      const last = [...out.matchAll(/^info depth \d+ .*?nodes (\d+) .*?time (\d+)/gm)].pop();
      resolve({ nodes: Number(last[1]), secs: Number(last[2]) / 1000 });
    });
    // The end of the input would stop the search: `quit` follows `bestmove`.
    xq.stdin.write(`setoption name Hash value ${HASH_MB}\nposition fen ${fen}\ngo depth ${DEPTH}\n`);
  });
}

/** The searches natively, one after the other. */
async function native() {
  const out = [];
  for (const fen of FENS) out.push(await uci(fen));
  return out;
}

/** The same searches in the play page's engine worker: nodes and seconds per position. */
async function browser(page) {
  return page.evaluate(async ({ fens, depth }) => {
    const out = [];
    for (const [i, fen] of fens.entries()) {
      const worker = new Worker('./engine_worker_loader.js');
      const done = await new Promise((resolve, reject) => {
        worker.onerror = (e) => reject(new Error(String(e.message)));
        worker.onmessage = (ev) => {
          if (ev.data === 'ready') {
            const limits = { depth, nodes: null, movetime_ms: null, soft_ms: null };
            worker.postMessage(JSON.stringify({ id: i + 1, fen, moves: [], task: 'best', level: 8, seed: 0, limits }));
            return;
          }
          const report = JSON.parse(ev.data);
          if (report.error) reject(new Error(JSON.stringify(report.error)));
          if (report.done) resolve(report);
        };
      });
      worker.terminate();
      out.push({ nodes: done.nodes, secs: done.nodes / Math.max(done.nps, 1) });
    }
    return out;
  }, { fens: FENS, depth: DEPTH });
}

const app = await startApp();
try {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  let bestNative = null;
  let bestWorker = null;
  const total = (a) => a.reduce((x, y) => x + y, 0);
  const fastest = (best, runs) => {
    const each = runs.map((p) => p.secs);
    const secs = total(each);
    return !best || secs < best.secs ? { nodes: runs.map((p) => p.nodes), each, secs } : best;
  };
  // Alternate the two, so that a change in the machine's load falls on both.
  for (let run = 0; run < RUNS; run++) {
    bestNative = fastest(bestNative, await native());
    bestWorker = fastest(bestWorker, await browser(page));
  }
  console.log(`depth ${DEPTH}, fastest of ${RUNS} runs each`);
  console.log('position  native nodes  worker nodes  native s  worker s');
  const cell = (v, w) => String(v).padStart(w);
  FENS.forEach((_, i) => console.log(`${cell(i + 1, 8)}  ${cell(bestNative.nodes[i], 12)}  ${cell(bestWorker.nodes[i], 12)}  ${cell(bestNative.each[i].toFixed(3), 8)}  ${cell(bestWorker.each[i].toFixed(3), 8)}`));
  const same = bestNative.nodes.every((n, i) => n === bestWorker.nodes[i]);
  console.log(same ? 'the same tree on both sides' : 'the trees differ: the speeds below are not like for like');
  const nps = (nodes, secs) => Math.round(total(nodes) / secs);
  const nn = nps(bestNative.nodes, bestNative.secs);
  const wn = nps(bestWorker.nodes, bestWorker.secs);
  console.log(`native  ${total(bestNative.nodes)} nodes in ${bestNative.secs.toFixed(3)} s: ${nn} nodes/s`);
  console.log(`worker  ${total(bestWorker.nodes)} nodes in ${bestWorker.secs.toFixed(3)} s: ${wn} nodes/s`);
  console.log(`worker / native: ${(wn / nn).toFixed(2)}`);
} finally {
  await app.close();
}

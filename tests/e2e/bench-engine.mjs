// Engine speed benchmark, the browser's worker against native: prints figures, passes or fails nothing.
//
//   node tests/e2e/bench-engine.mjs [DEPTH] [warm|steady]   (default 11; XQ_BENCH_RUNS=n runs each, default 3)
//   XQ_BENCH_NETWORK=1 node tests/e2e/bench-engine.mjs …     (both sides evaluate with the shipped network)
//
// Needs the built app (dist/, `trunk build --release`) and `target/release/xq`. Both sides search
// the six positions of `xq bench search` to the same depth with the worker's 32 MB table, so
// they search the same tree: the node counts are printed side by side to show it. By default
// each search starts from a fresh engine (a new worker, a new `xq uci`); with `warm`, one engine
// searches the six in turn, as the play page reuses its worker from one request to the next, so
// the browser's compiler has optimised the engine after the first; with `steady`, one engine first
// searches the six to depth 11, untimed, so that the timed searches all run on the browser's
// optimised code (both sides do the same, so the trees stay the same). Each side's time is its
// engine's own clock (UCI's `time`; the worker's nodes over its nodes per second), started when
// the search starts. Each side's fastest run counts. With XQ_BENCH_NETWORK=1 both evaluate with
// the network the app ships (public/engine/ccpd.nnue: `setoption name EvalFile` natively, the
// request's `network` in the worker, which fetches the weights before its first search).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEPTH = Number(process.argv[2] || 11);
const STEADY = process.argv[3] === 'steady';
const WARM = process.argv[3] === 'warm' || STEADY;
const RUNS = Number(process.env.XQ_BENCH_RUNS || 3);
const XQ = path.join(root, 'target/release/xq');
// The engine worker's table (src/bin/engine_worker.rs: `Engine::new(32)`).
const HASH_MB = 32;
const NETWORK = process.env.XQ_BENCH_NETWORK === '1';
const WEIGHTS = path.join(root, 'public/engine/ccpd.nnue');

// The positions of `xq bench search` (src/cli/uci.rs, BENCH), in its order.
const FENS = [
  'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  'r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1',
  'r2akab2/9/2n1b1nc1/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B1N2/4A4/1R1AK1B2 w - - 0 1',
  '2bak4/4a4/4b4/p3C4/9/2p6/P8/4B4/4A4/2BAK4 w - - 0 1',
  '3k5/4a4/4ba3/9/2n6/9/9/4B4/4A4/3AK1R2 w - - 0 1',
  '4k4/9/3a5/9/9/9/4p4/3AB4/4A4/3K5 b - - 0 1',
];
// What one engine searches in turn: with `steady`, the untimed searches to depth 11 first.
const WARM_UP = STEADY ? FENS.map((fen) => ({ fen, depth: 11 })) : [];
const JOBS = [...WARM_UP, ...FENS.map((fen) => ({ fen, depth: DEPTH }))];

/** Searches `jobs` (fen and depth) in turn in one `xq uci`: each one's nodes and seconds. */
function uci(jobs) {
  return new Promise((resolve, reject) => {
    const xq = spawn(XQ, ['uci']);
    const out = [];
    let text = '';
    const next = () => xq.stdin.write(`position fen ${jobs[out.length].fen}\ngo depth ${jobs[out.length].depth}\n`);
    xq.on('error', reject);
    xq.stdout.on('data', (d) => {
      text += d;
      if (!/^bestmove/m.test(text)) return;
      const last = [...text.matchAll(/^info depth \d+ .*?nodes (\d+) .*?time (\d+)/gm)].pop();
      out.push({ nodes: Number(last[1]), secs: Number(last[2]) / 1000 });
      text = '';
      if (out.length < jobs.length) return next();
      // The end of the input would stop a search: `quit` follows the last `bestmove`.
      xq.stdin.end('quit\n');
      resolve(out);
    });
    xq.stdin.write(`setoption name Hash value ${HASH_MB}\n`);
    if (NETWORK) xq.stdin.write(`setoption name EvalFile value ${WEIGHTS}\n`);
    next();
  });
}

/** The searches natively, each in a new process or (warm) all in one. */
async function native() {
  if (WARM) return (await uci(JOBS)).slice(WARM_UP.length);
  const out = [];
  for (const fen of FENS) out.push(...(await uci([{ fen, depth: DEPTH }])));
  return out;
}

/** The same searches in the play page's engine worker: nodes and seconds per position. */
async function browser(page) {
  return page.evaluate(async ({ fens, jobs, skip, depth, warm, network }) => {
    // Searches `list` (fen and depth) in turn in one new worker.
    const search = (list) => new Promise((resolve, reject) => {
      const worker = new Worker('./engine_worker_loader.js');
      const out = [];
      const next = () => {
        const { fen, depth } = list[out.length];
        const limits = { depth, nodes: null, movetime_ms: null, soft_ms: null };
        worker.postMessage(JSON.stringify({ id: out.length + 1, fen, moves: [], task: 'best', level: 8, seed: 0, limits, network }));
      };
      worker.onerror = (e) => reject(new Error(String(e.message)));
      worker.onmessage = (ev) => {
        if (ev.data === 'ready') return next();
        const report = JSON.parse(ev.data);
        if (report.error || report.network_failed) reject(new Error(JSON.stringify(report)));
        if (!report.done) return;
        out.push({ nodes: report.nodes, secs: report.nodes / Math.max(report.nps, 1) });
        if (out.length < list.length) return next();
        worker.terminate();
        resolve(out);
      };
    });
    if (warm) return (await search(jobs)).slice(skip);
    const out = [];
    for (const fen of fens) out.push(...(await search([{ fen, depth }])));
    return out;
  }, { fens: FENS, jobs: JOBS, skip: WARM_UP.length, depth: DEPTH, warm: WARM, network: NETWORK });
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
  const mode = STEADY ? 'one engine for the six, after an untimed pass to depth 11' : WARM ? 'one engine for the six' : 'a fresh engine each';
  const evaluation = NETWORK ? 'the network (public/engine/ccpd.nnue)' : 'the hand-written evaluation';
  console.log(`depth ${DEPTH}, ${mode}, ${evaluation}, fastest of ${RUNS} runs each`);
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

// First-visit load benchmark on a slow phone: prints figures (the budget itself is checked by
// budget.mjs, which scripts/test.sh runs).
//
//   node tests/e2e/bench-load.mjs [DIST]      (default dist/; XQ_BENCH_RUNS=n runs per page)
//
// Serves DIST under /club/ the way a static host does (gzip, ETag, `Cache-Control: max-age=600`)
// and opens each page in a fresh headless Chromium context on an emulated slow phone: 1.6 Mbit/s
// down, 750 kbit/s up, 150 ms round trip (CDP Network.emulateNetworkConditions) and the CPU
// slowed 4× (Emulation.setCPUThrottlingRate). For each page it prints:
//   - files and bytes (kB = 1000 bytes) the page itself fetched: gzip -9 of each response body
//     (the measure);
//   - the time from navigation to an interactive page: for #/play a click on a piece that shows
//     its legal moves (a clickable board, the lean bundle), elsewhere the page's first control;
//     for #/play also when the whole board (page_play_full, fetched after) took over;
//   - all bytes the server sent for the visit, until the service worker has kept the page for
//     offline use (it takes the page's files from the HTTP cache: a first visit is its own page).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PAGES } from './budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.resolve(process.argv[2] || path.join(root, 'dist'));
const RUNS = Number(process.env.XQ_BENCH_RUNS || 1);
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png',
};

const gz = new Map();
function gzipped(file) {
  if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
  return gz.get(file);
}

let sent = [];
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const rel = decodeURIComponent(url.pathname).replace(/^\/club\//, '') || 'index.html';
  const file = path.join(DIST, rel);
  if (!url.pathname.startsWith('/club/') || !file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404); res.end(); return;
  }
  const body = gzipped(file);
  const etag = '"' + crypto.createHash('sha1').update(body).digest('hex').slice(0, 16) + '"';
  const headers = { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', etag, 'cache-control': 'max-age=600' };
  if (req.headers['if-none-match'] === etag) {
    sent.push({ rel, bytes: 0, at: Date.now() });
    res.writeHead(304, headers); res.end(); return;
  }
  // A HEAD (the benchmark's own check for sw.js) sends no body.
  const head = req.method === 'HEAD';
  sent.push({ rel, bytes: head ? 0 : body.length, at: Date.now() });
  res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
  res.end(head ? undefined : body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/club/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

async function visit(hash, ready) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const bodies = [];
  // The page's own responses (not the service worker's background fetches).
  page.on('response', async (r) => {
    try { bodies.push(zlib.gzipSync(await r.body(), { level: 9 }).length); } catch { /* redirect or aborted */ }
  });
  sent = [];
  const t0 = Date.now();
  await page.goto(base + 'index.html' + hash, { waitUntil: 'commit' });
  await page.waitForSelector(ready, { timeout: 120000 });
  if (hash === '#/play') {
    await page.click(ready);
    await page.waitForSelector('[data-testid=board] [data-legal=true]');
  }
  const ms = Date.now() - t0;
  await page.waitForTimeout(300);
  const own = bodies.slice();
  // #/play then swaps in the whole board (study tools, the computer), fetched in the background.
  let whole = null;
  if (hash === '#/play') {
    await page.keyboard.press('Escape'); // a piece picked up holds the swap
    await page.waitForSelector('section.play[data-bundle=full]', { timeout: 120000 });
    whole = Date.now() - t0;
  }
  // Then the service worker caches the rest of the build in the background (if there is one).
  const sw = await page.evaluate(() => fetch('sw.js', { method: 'HEAD' }).then((r) => r.ok, () => false));
  if (sw) {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null && document.documentElement.dataset.offline === 'ready', null, { timeout: 300000 }).catch(() => {});
  }
  await ctx.close();
  if (process.env.XQ_BENCH_FILES) for (const f of sent) console.log(`    ${f.rel} ${f.bytes}`);
  return { ms, whole, files: own.length, gzip9: own.reduce((a, b) => a + b, 0), sent: sent.reduce((a, f) => a + f.bytes, 0), sw };
}

const kb = (n) => (n / 1000).toFixed(1).padStart(6) + ' kB';
console.log(`dist: ${DIST}`);
console.log('page          files  gzip -9 sum  interactive   all bytes sent (gzip), incl. the offline cache');
for (const [hash, ready] of PAGES) {
  for (let i = 0; i < RUNS; i++) {
    const r = await visit(hash, ready);
    const all = `${kb(r.sent)}${r.sw ? ' (the page kept for offline use)' : ''}`;
    console.log(`${hash.padEnd(13)} ${String(r.files).padStart(5)}  ${kb(r.gzip9)}    ${(r.ms / 1000).toFixed(2).padStart(6)} s    ${all}`);
    if (r.whole) console.log(`${''.padEnd(13)} the whole board took over at ${(r.whole / 1000).toFixed(2)} s`);
  }
}
await browser.close();
server.close();

// The first-visit budget, measured and enforced in one place (README, "Hosting").
//
//   node tests/e2e/budget.mjs [DIST]        (default dist/; exit 1 when a page is over)
//
// Opens each page of the built app in a fresh headless Chromium context (no cache, no service
// worker) and adds up `gzip -9` of every file the browser asked for until the page was usable:
// its first control on screen (for #/play the board, whose lean bundle is what a first visit
// shows; the whole board and the offline cache follow in the background, as the budget allows).
// Prints each page's figure and its headroom. kB = 1000 bytes, as the benchmarks count.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DIST as DEFAULT_DIST, serve } from './harness.mjs';

/** What a page may fetch before it is usable: 300 kB gzipped (DEVELOPERS.md, "Standing budgets"). */
export const BUDGET_BYTES = 300_000;

/** Every page (each its own bundle) and the control that says it is usable. */
export const PAGES = [
  ['#/play', '[data-testid=board] [data-square="h2"]'],
  ['#/scoresheet', '[data-testid=scoresheet]'],
  ['#/clock', '[data-testid=clock-press-black]'],
  ['#/tournament', '[data-testid=new-event]'],
  ['#/schedule', '[data-testid=solve]'],
  ['#/schedule?print', '[data-testid=print-mode]'],
  ['#/schedule?changes', '[data-testid=desk-back]'],
  ['#/swiss', '[data-testid=swiss-name]'],
  ['#/club', '[data-testid=member-name]'],
  ['#/train', '[data-testid=train] [data-testid=board] [data-piece]'],
  ['#/games', '[data-testid=games-pick-files]'],
];

const gzipCache = new Map();
/** `gzip -9` of a file, in bytes: the tool the benchmarks have always used. */
function gzip9(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, execFileSync('gzip', ['-9c', file], { maxBuffer: 1 << 30 }).length);
  return gzipCache.get(file);
}

/** The files (relative to DIST) a fresh visit of `hash` asks for before `ready` shows. */
export async function firstVisitFiles(browser, base, hash, ready) {
  const ctx = await browser.newContext({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const asked = new Set();
  let open = true;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (open && url.href.startsWith(base)) asked.add(decodeURIComponent(url.pathname.slice(new URL(base).pathname.length)) || 'index.html');
  });
  const failed = new Promise((_, reject) => page.on('pageerror', (e) => reject(new Error(`${hash}: ${e}`))));
  await page.goto(base + 'index.html' + hash);
  await Promise.race([page.waitForSelector(ready, { timeout: 60000 }), failed]);
  open = false;
  await ctx.close();
  return [...asked].sort();
}

/** Measures every page of `dist`: [{ hash, files, bytes }]. */
export async function measure(dist) {
  const server = await serve(dist);
  const base = `http://127.0.0.1:${server.address().port}/club/`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const rows = [];
    for (const [hash, ready] of PAGES) {
      const files = await firstVisitFiles(browser, base, hash, ready);
      const bytes = files.reduce((sum, f) => sum + gzip9(path.join(dist, f)), 0);
      rows.push({ hash, files, bytes });
    }
    return rows;
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = path.resolve(process.argv[2] || DEFAULT_DIST);
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`budget: no built app in ${dist}: run trunk build first`);
    process.exit(2);
  }
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  console.log(`first visit, gzip -9 of the files asked for before the page is usable (budget ${kB(BUDGET_BYTES)})`);
  const rows = await measure(dist);
  for (const { hash, files, bytes } of rows) {
    const left = BUDGET_BYTES - bytes;
    const verdict = left >= 0 ? `${kB(left)} left` : `OVER by ${kB(-left)}`;
    console.log(`${hash.padEnd(20)} ${kB(bytes).padStart(9)}  ${verdict.padEnd(16)} ${files.length} files`);
    if (process.env.XQ_BUDGET_FILES) for (const f of files) console.log(`    ${f} ${gzip9(path.join(dist, f))}`);
  }
  const over = rows.filter((r) => r.bytes > BUDGET_BYTES);
  if (over.length) {
    console.error(`budget: ${over.map((r) => r.hash).join(', ')} over ${kB(BUDGET_BYTES)} on a first visit`);
    process.exit(1);
  }
}

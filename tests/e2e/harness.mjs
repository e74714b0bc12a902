// Shared end-to-end harness: serves the built app (dist/) on a loopback port and drives it in
// Debian's headless Chromium through playwright-core. Each test file calls `startApp()` once.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = process.env.XQ_DIST || path.join(root, 'dist');
export const OUT = path.join(root, 'test-results');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

/** Serves `dist` under a sub-path (`/club/`) to prove the app works from any sub-path of a static host. */
export function serve(dist = DIST) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let rel = decodeURIComponent(url.pathname);
    if (!rel.startsWith('/club/')) { res.writeHead(404); res.end('not found'); return; }
    rel = rel.slice('/club/'.length) || 'index.html';
    const file = path.join(dist, rel);
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404); res.end('not found'); return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** The page bundle (src/bin/page_*.rs) that index.html starts for a URL's hash route. */
export function bundleOf(url) {
  const m = /#\/(\w+)/.exec(url);
  return m && ['play', 'scoresheet', 'clock', 'tournament', 'schedule', 'swiss', 'club', 'train', 'games'].includes(m[1]) ? m[1] : 'play';
}

/**
 * Starts the server and a browser. Returns { base, browser, newPage(hash, opts), close() };
 * `newPage` opens `base + hash` in a fresh context, waits for the app to mount, and fails the
 * test on any page error or console error. `opts.lang` ('zh' or 'en') is the language a visitor
 * chose before (`xq.lang` in localStorage when the page first loads): one load instead of
 * opening, setting it and reloading.
 */
export async function startApp() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`no built app in ${DIST}: run trunk build first`);
  }
  fs.mkdirSync(OUT, { recursive: true });
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/club/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const pages = [];
  async function newPage(hash = '#/play', opts = {}) {
    // The service worker (offline cache) is off unless a test asks for it: page.route() cannot
    // see requests a service worker answers (offline.test.mjs turns it on).
    const context = await browser.newContext({ viewport: opts.viewport || { width: 1280, height: 900 }, serviceWorkers: 'block', ...opts.context });
    if (opts.lang) {
      // Every document of the context runs it; about:blank has no storage.
      await context.addInitScript((l) => {
        try {
          if (localStorage.getItem('xq.lang') === null) localStorage.setItem('xq.lang', l);
        } catch { /* no storage here */ }
      }, opts.lang);
    }
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
    // Each page is its own wasm bundle: going to a route of another bundle by its hash
    // makes the app reload into that bundle. A test's own reload right after would race that one,
    // so such a goto loads the page whole, as the app would.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const here = page.url();
      if (here.split('#')[0] === url.split('#')[0] && bundleOf(here) !== bundleOf(url)) {
        await goto('about:blank');
      }
      return goto(url, options);
    };
    // #/play starts lean and swaps in the whole board once it has loaded (public/boot.js): a test
    // drives the whole one, so every load of #/play waits for it.
    // (`opts.lean`: the first load is left as it comes, for the test of the swap itself.)
    page.lean = !!opts.lean;
    const whole = async (url = page.url()) => {
      if (!page.lean && url.startsWith(base) && bundleOf(url) === 'play') {
        await page.waitForSelector('section.play[data-bundle=full]', { timeout: 30000 });
      }
    };
    const goto2 = page.goto;
    page.goto = async (url, options) => { const r = await goto2(url, options); await whole(url); return r; };
    const reload = page.reload.bind(page);
    page.reload = async (options) => { const r = await reload(options); await whole(); return r; };
    await page.goto(base + 'index.html' + hash);
    await page.waitForSelector(opts.waitFor || '#main', { timeout: 20000 });
    page.lean = false;
    pages.push(page);
    return page;
  }
  async function close() {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
  return { base, browser, newPage, close };
}

/** Clicks a board point by its ICCS square, e.g. `await clickPoint(page, 'h2')`. */
export async function clickPoint(page, square) {
  await page.click(`[data-testid=board] [data-square="${square}"]`);
}

/** Plays moves given in ICCS (`h2e2`) by clicking origin then destination. */
export async function playMoves(page, moves) {
  for (const m of moves) {
    await clickPoint(page, m.slice(0, 2));
    await clickPoint(page, m.slice(2, 4));
  }
}

/** Chooses the play page's strongest engine level (full strength), the last of the list. */
export async function selectStrongestLevel(page) {
  const strongest = await page.$eval('[data-testid=engine-level]', (s) => s.options[s.options.length - 1].value);
  await page.selectOption('[data-testid=engine-level]', strongest);
}

/** The board as { square: pieceLetter } for every occupied point. */
export async function boardPieces(page) {
  return page.$$eval('[data-testid=board] [data-square][data-piece]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.square, e.dataset.piece])));
}

/** Opens a game from text on #/play, as a user pastes it into 「打开棋谱文件」's text box. */
export async function pasteGame(page, text) {
  await page.$eval('.open-file details', (d) => { d.open = true; });
  await page.fill('[data-testid=open-text]', text);
  await page.click('[data-testid=open-text-go]');
}

/**
 * Watches `#/games`' folder handover on `page`: its main-thread long tasks as [start, duration]
 * in `window.longTasks`, and the handover from the choice (`window.changedAt`) until the page
 * clears the input, its last file sent (`window.handedAt`).
 */
export async function watchHandover(page) {
  await watchLongTasks(page);
  await page.evaluate(() => {
    const input = document.querySelector('[data-testid=games-pick-folder]');
    input.addEventListener('change', () => {
      window.changedAt = performance.now();
      const poll = setInterval(() => {
        if (input.files.length === 0) { window.handedAt = performance.now(); clearInterval(poll); }
      }, 5);
    }, true);
  });
}

/**
 * Writes `files` ([path under the folder, bytes]) into a folder `name` of `page`'s origin private
 * file system (a real folder, which a page can hand over as a handle), 500 files an evaluation,
 * and makes the page's folder picker (`showDirectoryPicker`, which playwright cannot answer)
 * give that folder.
 */
export async function opfsFolder(page, name, files) {
  for (let i = 0; i < files.length; i += 500) {
    const part = files.slice(i, i + 500).map(([rel, bytes]) => [rel, Buffer.from(bytes).toString('base64')]);
    await page.evaluate(async ([name, part]) => {
      const top = await (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true });
      await Promise.all(part.map(async ([rel, b64]) => {
        const steps = rel.split('/');
        let dir = top;
        for (const s of steps.slice(0, -1)) dir = await dir.getDirectoryHandle(s, { create: true });
        const out = await (await dir.getFileHandle(steps.at(-1), { create: true })).createWritable();
        await out.write(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
        await out.close();
      }));
    }, [name, part]);
  }
  await page.evaluate((name) => {
    window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(name);
  }, name);
}

/** Watches `page`'s main-thread tasks over 50 ms, as [start, duration] in `window.longTasks`. */
export async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  });
}

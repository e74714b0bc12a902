// The loading screen is plain HTML shown before any script runs and turns into a clear
// message when WebAssembly cannot start; after one visit every page opens and works offline
// (service worker, relative scope under /club/); no request leaves the page's host; a new build
// deployed on the host is offered with a reload prompt instead of mixing versions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A copy of the build, so that a test can deploy a "new build" without touching dist/.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = process.env.XQ_DIST || path.join(root, 'dist');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'xq-offline-'));
fs.cpSync(built, copy, { recursive: true });
process.env.XQ_DIST = copy;
const { startApp, clickPoint, boardPieces, OUT } = await import('./harness.mjs');

let app;
const foreign = [];
before(async () => { app = await startApp(); });
after(async () => {
  await app?.close();
  fs.rmSync(copy, { recursive: true, force: true });
  // Any request to another host, from any page of any test, fails the suite.
  assert.deepEqual(foreign, []);
});

/** A context that records every request and fails on one to another host. */
async function context(opts = {}) {
  const ctx = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, ...opts });
  const host = new URL(app.base).host;
  ctx.on('request', (r) => {
    const u = new URL(r.url());
    if (/^https?:$|^wss?:$/.test(u.protocol) && u.host !== host) foreign.push(r.url());
  });
  return ctx;
}

function watchErrors(page) {
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  return page;
}

test('the served HTML has the loading screen and a strict CSP, before any script runs', async () => {
  const html = await (await fetch(app.base + 'index.html')).text();
  // The release build is minified: optional tags and quotes may be left out.
  const start = html.search(/<body|<div id="?loading"?[\s>]/);
  assert.ok(start > 0, 'a body');
  const body = html.slice(start);
  assert.match(body, /id="?loading"?[\s>]/);
  assert.match(body, /class="?board"?[\s>]/);
  assert.match(body, /正在载入/);
  assert.match(body, /Loading/);
  const meta = html.match(/<meta\b[^>]*http-equiv="?Content-Security-Policy"?[^>]*>/);
  assert.ok(meta, 'a CSP meta');
  const csp = meta[0].match(/content="([^"]*)"/);
  assert.ok(csp, 'a CSP meta with a policy');
  assert.match(csp[1], /default-src 'self'/);
  const script = csp[1].match(/script-src ([^;]*)/)[1];
  assert.doesNotMatch(script, /'unsafe-inline'|'unsafe-eval'|\*|https?:/, script);
  assert.match(script, /'sha256-[A-Za-z0-9+/=]+'/, 'the loader script is allowed by its hash');
  assert.match(html, /<link (?=[^>]*\brel="?manifest"?[\s>])(?=[^>]*\bhref="?public\/manifest.json"?[\s>])[^>]*>/);
  const manifest = await (await fetch(app.base + 'public/manifest.json')).json();
  assert.equal(manifest.scope, '../');
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
  for (const icon of manifest.icons) {
    const res = await fetch(new URL(icon.src, app.base + 'public/manifest.json'));
    assert.equal(res.status, 200, icon.src);
  }

  // With the wasm still on its way, the page shows the loading screen (no script has built it).
  const ctx = await context({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await ctx.route('**/*.wasm', () => { /* never answered */ });
  await page.goto(app.base + 'index.html#/play', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid=loading]', { state: 'visible' });
  assert.equal(await page.locator('#main').count(), 0);
  assert.match(await page.textContent('[data-testid=loading]'), /象棋俱乐部[\s\S]*正在载入[\s\S]*Loading/);
  await page.screenshot({ path: path.join(OUT, 'loading-screen.png') });
  await ctx.close();

  // The policy is enforced: a page script cannot reach another host (a context of its own, as
  // this one request to another host is the point).
  const app2 = await (await app.browser.newContext({ serviceWorkers: 'block' })).newPage();
  await app2.goto(app.base + 'index.html#/play');
  await app2.waitForSelector('#main');
  const blocked = await app2.evaluate(() => new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
    fetch('https://example.com/').catch(() => {});
  }));
  assert.equal(blocked, 'connect-src');
  await app2.context().close();
});

test('a failed download shows a message in both languages instead of a blank page', async () => {
  const ctx = await context({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await ctx.route('**/*.wasm', (r) => r.abort());
  await page.goto(app.base + 'index.html#/play');
  await page.waitForSelector('[data-testid=load-failed]', { state: 'visible' });
  const text = await page.textContent('[data-testid=load-failed]');
  assert.match(text, /无法启动/);
  assert.match(text, /could not start/);
  assert.equal(await page.locator('[data-testid=loading] .bar').isVisible(), false);
  await ctx.close();
});

test('a first visit fetches only its own page until it is kept; every page then opens and works offline', async () => {
  const ctx = await context({ serviceWorkers: 'allow' });
  const fetched = [];
  ctx.on('request', (r) => fetched.push(new URL(r.url()).pathname.replace(/^.*\//, '')));
  const page = watchErrors(await ctx.newPage());
  await page.goto(app.base + 'index.html#/play');
  await page.waitForSelector('#main');
  // The worker controls the page once it has kept the files the page loaded.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  await page.waitForSelector('html[data-offline=ready]', { state: 'attached', timeout: 60000 });
  assert.equal(await page.locator('[data-testid=loading]').count(), 0, 'the loading screen is gone');
  // The first visit is its own page only, the offline copy included (no other bundle, no
  // worker); the rest of the app follows only after the page has settled.
  const others = fetched.filter((f) => /^(page_|engine_worker|schedule_worker|file_worker)/.test(f) && !/^page_play[._]/.test(f));
  assert.deepEqual(others, [], 'nothing but #/play\'s own files');

  const open = async (hash, selector) => {
    await page.goto(app.base + 'index.html' + hash);
    await page.waitForSelector(selector, { timeout: 20000 });
  };
  // One visit to each page while online, the scheduler's worker used once.
  await open('#/clock', '[data-testid=clock-press-black]');
  await open('#/schedule', '[data-testid=solve]');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  await open('#/schedule?print', '[data-testid=printout][data-mode=sessions]');
  await open('#/schedule?changes', '[data-testid=sessions-over]');
  await open('#/scoresheet', '[data-testid=scoresheet]');
  await open('#/tournament', '[data-testid=new-event]');
  await open('#/swiss', '[data-testid=swiss-name]');
  // The trainer keeps the puzzle data it fetched (its index and a shard).
  await open('#/train', '.board-wrap[data-stage=solving]');

  await ctx.setOffline(true);
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  await open('#/play', '[data-testid=board]');
  await clickPoint(page, 'h2');
  await clickPoint(page, 'e2');
  assert.equal((await boardPieces(page)).e2, 'C', 'a move is played offline');

  await open('#/clock', '[data-testid=clock-press-black]');
  await page.click('[data-testid=clock-press-black]');
  await page.waitForSelector('[data-testid=clock-red][data-running=true]');

  await open('#/schedule', '[data-testid=solve]');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.equal(await page.getAttribute('[data-testid=progress]', 'data-engine'), 'worker', 'the worker came from the cache');
  assert.ok(await page.locator('[data-testid=timetable] [data-testid=match]').count() > 0);
  // The organiser's desk (its own bundle) prints the timetable just solved.
  await open('#/schedule?print', '[data-testid=printout][data-mode=sessions]');

  await open('#/scoresheet', '[data-testid=scoresheet]');
  await open('#/tournament', '[data-testid=new-event]');
  await open('#/swiss', '[data-testid=swiss-name]');
  await open('#/schedule?changes', '[data-testid=sessions-over]');
  await open('#/train', '.board-wrap[data-stage=solving]');
  assert.ok(Number(await page.getAttribute('[data-testid=puzzle-count]', 'data-count')) >= 2000, 'the puzzle index offline');
  // The saved game survived: back on #/play the move is still there.
  await open('#/play', '[data-testid=board]');
  assert.equal((await boardPieces(page)).e2, 'C');
  // A directory URL (how a host serves the sub-folder) opens offline too.
  await page.goto(app.base + '#/play');
  await page.waitForSelector('[data-testid=board]');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('a new build on the host is offered with a reload prompt, then loaded whole', async () => {
  const ctx = await context({ serviceWorkers: 'allow' });
  const page = watchErrors(await ctx.newPage());
  await page.goto(app.base + 'index.html#/play');
  await page.waitForSelector('#main');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  // The worker has kept this page's files (index.html among them): a reload is served by it.
  await page.waitForSelector('html[data-offline=ready]', { state: 'attached', timeout: 60000 });
  assert.equal(await page.locator('[data-testid=update-prompt]').count(), 0, 'no prompt without a new build');

  // Deploy: a new index.html and the new build's service worker.
  const sw = path.join(copy, 'sw.js');
  fs.writeFileSync(sw, fs.readFileSync(sw, 'utf8').replace(/const BUILD = '[^']*'/, "const BUILD = 'next-build'"));
  const index = path.join(copy, 'index.html');
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<title>', '<meta name="xq-build" content="next" /><title>'));

  await page.reload();
  await page.waitForSelector('#main');
  await page.waitForSelector('[data-testid=update-prompt]', { timeout: 60000 });
  assert.equal(await page.locator('meta[name=xq-build]').count(), 0, 'the old build runs until the user reloads');
  await Promise.all([page.waitForEvent('load'), page.click('[data-testid=update-reload]')]);
  await page.waitForSelector('#main');
  assert.equal(await page.locator('meta[name=xq-build]').count(), 1, 'the new build after the reload');
  assert.equal(await page.locator('[data-testid=update-prompt]').count(), 0);
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

// --- After one visit, all of the app offline; a worker used early is kept too ------------------

/** Says navigator.connection.saveData (the browser's "save data" setting) before any script runs. */
async function savingData(ctx) {
  await ctx.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true }) });
  });
}

test('one visit to #/play keeps every page and worker in the background; the page says so in both languages', async () => {
  const ctx = await context({ serviceWorkers: 'allow' });
  const page = watchErrors(await ctx.newPage());
  await page.goto(app.base + 'index.html#/play');
  await page.waitForSelector('[data-testid=board]');
  const status = page.locator('[data-testid=offline-status]');
  await page.waitForSelector('[data-testid=offline-status][data-state=all]', { state: 'attached', timeout: 180000 });
  assert.match(await status.textContent(), /全部页面均可离线使用/);
  assert.ok(await status.locator('[lang=zh-CN]').isVisible());
  assert.equal(await status.locator('[lang=en]').isVisible(), false);
  await page.click('[data-testid=lang-toggle]');
  assert.ok(await status.locator('[lang=en]').isVisible());
  assert.match(await status.locator('[lang=en]').textContent(), /Every page works offline/);

  // The club hall has no network: pages never opened here open and work.
  await ctx.setOffline(true);
  await page.goto(app.base + 'index.html#/schedule');
  await page.waitForSelector('[data-testid=solve]', { timeout: 20000 });
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.ok(await page.locator('[data-testid=timetable] [data-testid=match]').count() > 0);
  await page.goto(app.base + 'index.html#/tournament');
  await page.waitForSelector('[data-testid=new-event]', { timeout: 20000 });
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('saving data: a worker used before the page is kept still works offline, a page never opened says it is not kept yet, the button keeps the rest', async () => {
  const ctx = await context({ serviceWorkers: 'allow' });
  await savingData(ctx);
  const fetched = [];
  ctx.on('request', (r) => fetched.push(new URL(r.url()).pathname.replace(/^.*\//, '')));
  const page = watchErrors(await ctx.newPage());
  await page.goto(app.base + 'index.html#/schedule');
  await page.waitForSelector('[data-testid=solve]');
  // Solved at once: the worker starts before the service worker has kept anything.
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  await page.waitForSelector('[data-testid=offline-status][data-state=some]', { state: 'attached', timeout: 60000 });
  assert.match(await page.textContent('[data-testid=offline-status]'), /仅已打开过的页面可离线使用/);
  assert.deepEqual(fetched.filter((f) => /^page_(play|tournament)/.test(f)), [], 'nothing more while saving data');

  await ctx.setOffline(true);
  await page.reload();
  await page.waitForSelector('[data-testid=solve]');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.ok(await page.locator('[data-testid=timetable] [data-testid=match]').count() > 0, 'the worker came from the cache');

  // A page never opened: not the browser's fault.
  await page.goto(app.base + 'index.html#/tournament');
  await page.waitForSelector('[data-testid=load-not-kept]', { state: 'visible', timeout: 20000 });
  const text = await page.textContent('[data-testid=load-not-kept]');
  assert.match(text, /尚未保存以供离线使用/);
  assert.match(text, /not available offline yet/);
  assert.equal(await page.locator('[data-testid=load-failed]').isVisible(), false);
  assert.doesNotMatch(await page.locator('[data-testid=loading]').innerText(), /WebAssembly/);
  // The failed download's own errors are the point here.
  page.errors.length = 0;

  // Online again, the button keeps every page.
  await ctx.setOffline(false);
  await page.goto(app.base + 'index.html#/schedule');
  await page.reload();
  await page.waitForSelector('[data-testid=offline-keep-all]', { timeout: 60000 });
  await page.click('[data-testid=offline-keep-all]');
  await page.waitForSelector('[data-testid=offline-status][data-state=all]', { state: 'attached', timeout: 180000 });
  await ctx.setOffline(true);
  await page.goto(app.base + 'index.html#/tournament');
  await page.waitForSelector('[data-testid=new-event]', { timeout: 20000 });
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

// Importing a whole folder into #/games (a benchmark: prints, never fails on time). After a
// release build (`trunk build --release --offline --public-url ./`):
//   node tests/e2e/bench-games.mjs [--opfs] [DIR]   (default /tmp/ccpd-lead/Dataset/對局, 53,893 files)
// With --opfs the folder is first copied into the page's origin private file system (not timed)
// and chosen through the folder picker, which hands the worker the folder's handle (the path of
// a browser with `showDirectoryPicker`); else through the folder input, its files handed over.
// Chooses the folder in #/games' folder picker (playwright reads the files from disk, as a user's
// browser would) and times the import from the choice until the page says it has finished: the
// games imported, duplicates and unreadable files, games a second, the main thread's long tasks
// (PerformanceObserver 'longtask'; those while the page hands the files over counted apart), the
// browser's peak memory during the import (the resident size of its processes, sampled every
// 250 ms from /proc: the renderer holds the page and its workers), the storage the site uses
// (navigator.storage.estimate), the time of one page of results (a search by a player, then the
// next page) over the database, and the time to open it again after a reload.
import fs from 'node:fs';
import path from 'node:path';
import { startApp, watchHandover, opfsFolder } from './harness.mjs';

const opfs = process.argv.includes('--opfs');
const dir = process.argv.slice(2).find((a) => a !== '--opfs') || '/tmp/ccpd-lead/Dataset/對局';
if (!fs.existsSync(dir)) {
  console.error(`bench-games: no folder ${dir}`);
  process.exit(2);
}
const files = (function walk(d) {
  return fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
})(dir);
const bytes = files.reduce((s, f) => s + fs.statSync(f).size, 0);

/** The resident kB of each process under this one (the browser playwright started), by kind. */
function resident() {
  const kids = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      kids.set(Number(pid), ppid);
    } catch { /* gone */ }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of kids) if (!mine.has(pid) && mine.has(ppid)) { mine.add(pid); grew = true; }
  }
  const out = { renderer: 0, all: 0 };
  for (const pid of mine) {
    if (pid === process.pid) continue;
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] || 0);
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      out.all += kb;
      if (cmd.includes('--type=renderer')) out.renderer = Math.max(out.renderer, kb);
    } catch { /* gone */ }
  }
  return out;
}

const app = await startApp();
try {
  const page = await app.newPage('#/games', { lang: 'en' });
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=games-status]')?.textContent || ''), null, { timeout: 30000 });
  let copied = 0;
  if (opfs) {
    const c0 = Date.now();
    await opfsFolder(page, path.basename(dir), files.map((f) => [path.relative(dir, f), fs.readFileSync(f)]));
    copied = (await page.evaluate(() => navigator.storage.estimate())).usage;
    console.log(`copied into the origin private file system in ${((Date.now() - c0) / 1000).toFixed(1)} s (storage used then ${(copied / 1e6).toFixed(1)} MB)`);
  }
  await watchHandover(page);
  const before = resident();
  const peak = { renderer: 0, all: 0 };
  const sampler = setInterval(() => {
    const r = resident();
    peak.renderer = Math.max(peak.renderer, r.renderer);
    peak.all = Math.max(peak.all, r.all);
  }, 250);
  // The progress bar every 200 ms: when the files are known, when the first batch is in, the pace after.
  await page.evaluate(() => {
    window.timeline = [];
    window.timelineFrom = performance.now();
    setInterval(() => {
      const p = document.querySelector('[data-testid=games-progress]');
      if (p) window.timeline.push([performance.now() - window.timelineFrom, Number(p.value), Number(p.max)]);
    }, 200);
  });
  const t0 = Date.now();
  if (opfs) {
    await page.evaluate(() => { window.changedAt = window.handedAt = performance.now(); });
    await page.click('[data-testid=games-pick-folder]');
  } else {
    await page.setInputFiles('[data-testid=games-pick-folder]', dir);
  }
  const chosen = Date.now() - t0;
  await page.waitForSelector('[data-testid=games-run][data-ended]', { timeout: 30 * 60000 });
  const ms = Date.now() - t0;
  clearInterval(sampler);
  const handover = await page.evaluate(() => window.handedAt - window.changedAt);
  const n = async (id) => Number(await page.textContent(`[data-testid=${id}]`));
  const [games, duplicates, errors] = [await n('games-imported'), await n('games-duplicates'), await n('games-errors')];
  const how = await page.getAttribute('[data-testid=games-run]', 'data-ended');
  const all = await page.evaluate(() => window.longTasks.map(([start, d]) => [start < window.changedAt ? 'before' : start <= window.handedAt ? 'handover' : 'after', Math.round(d)]));
  const tasks = all.map(([, d]) => d);
  const of = (when) => all.filter(([w]) => w === when).map(([, d]) => d);
  const storage = await page.evaluate(() => navigator.storage.estimate());
  const line = await page.evaluate(() => window.timeline);
  const at = (f) => { const e = line.find(f); return e ? `${(e[0] / 1000).toFixed(1)} s` : '-'; };
  const total = line.length ? line[line.length - 1][2] : 0;
  const phases = [['the files known', ([, , m]) => m >= total && total > 0], ['first batch in', ([, v]) => v > 0],
    ['a quarter', ([, v]) => v >= total / 4], ['half', ([, v]) => v >= total / 2], ['three quarters', ([, v]) => v >= 3 * total / 4], ['all', ([, v]) => v >= total]];
  console.log(`${files.length} files, ${(bytes / 1e6).toFixed(1)} MB: ${how} in ${(ms / 1000).toFixed(1)} s (files handed to the page by playwright in ${(chosen / 1000).toFixed(1)} s)`);
  console.log(`  ${games} games imported, ${duplicates} duplicates, ${errors} unreadable; ${Math.round(games / (ms / 1000))} games/s`);
  console.log(`  progress (from the choice): ${phases.map(([w, f]) => `${w} ${at(f)}`).join(', ')}`);
  console.log(`  main thread: longest task ${Math.max(0, ...tasks)} ms; ${tasks.length} tasks over 50 ms ${JSON.stringify(tasks.slice(0, 20))}`);
  console.log(`    the choice (the browser's own task, with the handover's first slice): ${JSON.stringify(of('before'))}; handing the files over (${(handover / 1000).toFixed(1)} s): ${JSON.stringify(of('handover'))}; after: ${JSON.stringify(of('after'))}`);
  console.log(`  peak memory during the import: renderer (page and workers) ${(peak.renderer / 1024).toFixed(0)} MB resident (${(before.renderer / 1024).toFixed(0)} MB before); all the browser's processes ${(peak.all / 1024).toFixed(0)} MB (${(before.all / 1024).toFixed(0)} MB before)`);
  console.log(`  storage used: ${(storage.usage / 1e6).toFixed(1)} MB (quota ${(storage.quota / 1e6).toFixed(0)} MB)${opfs ? `; ${((storage.usage - copied) / 1e6).toFixed(1)} MB of it the import's (the copied folder's before it)` : ''}`);

  // One page of results over the whole database: the form's search, then the next page.
  await page.fill('[data-testid=games-player]', '吕钦');
  for (const [what, click] of [['search 吕钦', '[data-testid=games-find]'], ['next page', '[data-testid=games-next]'], ['sort by event', 'button[data-sort=Event]'], ['every game, by date', null]]) {
    if (!click) await page.fill('[data-testid=games-player]', '');
    const seq = Number(await page.getAttribute('[data-testid=games-found]', 'data-seq'));
    await page.click(click || '[data-testid=games-find]');
    await page.waitForSelector(`[data-testid=games-found][data-seq="${seq + 1}"]`);
    const ms = await page.getAttribute('[data-testid=games-found]', 'data-ms');
    console.log(`  ${what}: ${ms} ms from the click to the page of results (${await page.textContent('[data-testid=games-found]')})`);
  }
  await page.reload();
  const t1 = Date.now();
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=games-status]')?.textContent || ''), null, { timeout: 120000 });
  console.log(`  reload: the database open with every game in ${Date.now() - t1} ms (${await page.textContent('[data-testid=games-status]')})`);
  if (page.errors.length) console.log(`  page errors: ${page.errors.join(' | ')}`);
} finally {
  await app.close();
}

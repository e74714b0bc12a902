// Opening large game files on #/play (a benchmark: prints, never fails on time). After a release
// build (`trunk build --release --offline --public-url ./`):
//   target/release/xq bench files DIR && node tests/e2e/bench-files.mjs DIR [runs=1]
// For each file: `xq bench files`' three (the 40,000-game PGN library, the 2 MB DhtmlXQ of 29,640
// branches children first and 25,000 in order), and the e2e test's 10 KB and 2 MB DhtmlXQ
// (tests/e2e/bigfiles.mjs), made a File in the page and chosen in the open-file control: the
// time until it is usable (the library's first row, or the game's move list with its current
// move), the main thread's long tasks (PerformanceObserver 'longtask', to one second after), and
// from a Chromium trace where the time of each task of 50 ms or more went. Then on a game, the
// longest task of a step back (←), to the start (Home) and to the end (End), and a reload: the
// time until the move list shows the saved tree again (a variation drawn), and its long tasks
// (observed from the document's start).
import fs from 'node:fs';
import path from 'node:path';
import { startApp } from './harness.mjs';
import { dhtmlxq, watchTasks, longTasks, prepare, chosen, taskSplit } from './bigfiles.mjs';

const dir = process.argv[2];
const runs = Number(process.argv[3] || 1);
const files = [['lesson-10k.dhtmlxq (156 branches)', dhtmlxq(2).text, 'game']];
if (dir) {
  files.push(['library-40000.pgn', fs.readFileSync(path.join(dir, 'library-40000.pgn'), 'utf8'), 'library']);
  for (const f of ['branches-children-first.dhtmlxq', 'branches-in-order.dhtmlxq']) {
    files.push([f, fs.readFileSync(path.join(dir, f), 'utf8'), 'game']);
  }
}
files.push(['e2e-2mb.dhtmlxq (29,640 branches of 2 moves)', dhtmlxq(380).text, 'game']);

const usable = {
  library: () => !!document.querySelector('[data-testid=library-game]'),
  game: () => !!document.querySelector('[data-testid=move-list] [aria-current]') && !document.querySelector('[data-testid=file-progress]'),
};

async function stepTasks(page, key) {
  await page.evaluate(() => { window.longTasks = []; });
  const t0 = Date.now();
  await page.keyboard.press(key);
  await page.waitForTimeout(400);
  return `${key} ${JSON.stringify(await longTasks(page))} (${Date.now() - t0 - 400} ms to press)`;
}

const app = await startApp();
try {
  for (let r = 0; r < runs; r++) {
    for (const [name, text, kind] of files) {
      const body = text;
      const page = await app.newPage('#/play', { waitFor: '[data-testid=open-file]', lang: 'zh' });
      await prepare(page, name.split(' ')[0], body);
      await watchTasks(page);
      await app.browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8'] });
      const t0 = Date.now();
      await chosen(page);
      await page.waitForFunction(usable[kind], null, { timeout: 180000, polling: 50 });
      const opened = Date.now() - t0;
      await page.waitForTimeout(1000);
      const trace = JSON.parse((await app.browser.stopTracing()).toString()).traceEvents;
      const tasks = await longTasks(page);
      const sum = tasks.reduce((a, b) => a + b, 0);
      const elements = await page.evaluate(() => document.querySelectorAll('[data-testid=move-list] *').length);
      console.log(`${name} (${(Buffer.byteLength(body) / 1024).toFixed(0)} KB): usable after ${opened} ms; longest task ${Math.max(0, ...tasks)} ms; ${tasks.length} long tasks, ${sum} ms in all ${JSON.stringify(tasks)}; move-list elements ${elements}`);
      console.log(`  traced tasks of 50 ms or more, ms by kind: ${JSON.stringify(taskSplit(trace))}`);
      if (kind === 'game') {
        const steps = [];
        for (const key of ['ArrowLeft', 'Home', 'End']) steps.push(await stepTasks(page, key));
        console.log(`  long tasks of a step: ${steps.join('; ')}`);
        await page.context().addInitScript(() => {
          window.longTasks = [];
          new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
        });
        await page.waitForTimeout(500);
        const t1 = Date.now();
        await page.reload();
        await page.waitForFunction(() => !!document.querySelector('[data-testid=move-list] .var-move') && !!document.querySelector('[data-testid=move-list] [aria-current]'), null, { timeout: 180000, polling: 50 });
        const back = Date.now() - t1;
        await page.waitForTimeout(1000);
        console.log(`  reloaded: the tree back after ${back} ms; long tasks ${JSON.stringify(await longTasks(page))}`);
      }
      if (page.errors.length) console.log(`  page errors: ${page.errors.join(' | ')}`);
      await page.context().close();
    }
  }
} finally {
  await app.close();
}

// Event figures (a benchmark: prints, never fails on time). Run after a release build:
//   node tests/e2e/events-bench.mjs [entrants=500] [timetable entrants=128]   (0 skips either)
// #/tournament: paste N names, number them as listed (the full Berger draw), enter a result,
// switch language; #/schedule: solve a 128-entrant timetable in the worker (the first timetable's
// longest task on its own line) and click while it runs.
// Prints wall time per step, the longest main-thread task (long-task observer), DOM element count
// and wasm memory.
import { startApp } from './harness.mjs';

const N = Number(process.argv[2] || 500);
const T = Number(process.argv[3] || 128);

const observe = () => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); })
    .observe({ type: 'longtask', buffered: false });
};
const longest = (page) => page.evaluate(() => { const m = Math.max(0, ...(window.__long || [])); window.__long = []; return Math.round(m); });
const figures = (page) => page.evaluate(() => ({
  elements: document.getElementsByTagName('*').length,
  heapMB: performance.memory ? Math.round(performance.memory.usedJSHeapSize / 1e6) : null,
}));

async function step(page, label, fn) {
  await longest(page);
  const t0 = Date.now();
  await fn();
  const ms = Date.now() - t0;
  const f = await figures(page);
  console.log(`${label.padEnd(44)} ${String(ms).padStart(6)} ms wall   longest task ${String(await longest(page)).padStart(5)} ms   ${f.elements} elements   JS heap ${f.heapMB} MB`);
}

const app = await startApp();
try {
  // `0` skips the round robin and measures only the timetable.
  if (N > 0) {
  const page = await app.newPage('#/tournament', { waitFor: '[data-testid=create-form]' });
  await page.addInitScript(observe);
  await page.evaluate(observe);
  console.log(`#/tournament, ${N} entrants`);
  await page.fill('[data-testid=event-name]', `bench ${N}`);
  await step(page, 'create event', () => page.click('[data-testid=create]').then(() => page.waitForSelector('[data-testid=entrant-list]')));
  await page.fill('[data-testid=entrant-list]', Array.from({ length: N }, (_, i) => `Player ${i + 1}`).join('\n'));
  await step(page, `add ${N} names`, () => page.click('[data-testid=add-entrants]').then(() => page.waitForSelector(`[data-testid=entrants-pager], tr[data-entrant="${N}"]`)));
  // The full draw ends when the whole first round is on the page (it is built in slices).
  const fullRound = () => page.waitForFunction((n) => document.querySelectorAll('tr[data-round][data-red]').length >= Math.floor(n / 2), N, { timeout: 120000 });
  await step(page, 'number as listed (full draw)', () => page.click('[data-testid=number-as-listed]').then(fullRound));
  const row = await page.$eval('tr[data-round][data-red]', (t) => [t.dataset.round, t.dataset.red, t.dataset.black]);
  await step(page, 'enter one result', async () => {
    await page.selectOption(`tr[data-round="${row[0]}"][data-red="${row[1]}"] select[data-testid=result]`, '1-0');
    await page.waitForFunction(() => document.querySelector('[data-testid=standings] tbody tr')?.dataset.place === '1');
  });
  if (await page.$('[data-testid=rounds-pager]')) {
    await step(page, 'next round page', () => page.click('[data-testid=rounds-pager] [data-testid=page-next]'));
  }
  await step(page, 'switch language', () => page.click('[data-testid=lang-toggle]'));
  await step(page, 'reload the page', () => page.reload().then(fullRound));
  }

  // `0` as the second figure skips the timetable.
  if (T > 0) {
  const sp = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await sp.evaluate(observe);
  console.log(`#/schedule, ${T} entrants`);
  await sp.fill('[data-testid=entrants]', Array.from({ length: T }, (_, i) => `P${i + 1}`).join('\n'));
  await sp.fill('[data-testid=tables]', '20');
  await sp.fill('[data-testid=sessions]', '110');
  const t0 = Date.now();
  await longest(sp);
  await sp.click('[data-testid=solve]');
  await sp.waitForSelector('[data-testid=progress][data-state=running]', { timeout: 60000 }).catch(() => {});
  // The first timetable: the click, the worker's first answer and drawing it (and 300 ms after,
  // so the drawing's own tasks are counted; the next redraw is 1.5 s later).
  await sp.waitForSelector('[data-testid=timetable] [data-testid=match]', { timeout: 60000 });
  const first = Date.now() - t0;
  await sp.waitForTimeout(300);
  console.log(`${'solve click until the first timetable'.padEnd(44)} ${String(first).padStart(6)} ms wall   longest task ${String(await longest(sp)).padStart(5)} ms`);
  let worst = 0;
  for (let i = 0; i < 10 && (await sp.getAttribute('[data-testid=progress]', 'data-state')) === 'running'; i++) {
    const c0 = Date.now();
    await sp.click('[data-testid=seed]');
    await sp.keyboard.type('7');
    worst = Math.max(worst, Date.now() - c0);
    await sp.waitForTimeout(500);
  }
  console.log(`${'clicks while the worker solves'.padEnd(44)} worst ${worst} ms wall   longest task ${await longest(sp)} ms`);
  // Frames while solving: the longest gap between animation frames over 5 s.
  const frame = await sp.evaluate(() => new Promise((done) => {
    let last = performance.now(); let worst = 0; const end = last + 5000;
    const tick = (t) => { worst = Math.max(worst, t - last); last = t; if (t < end) requestAnimationFrame(tick); else done(Math.round(worst)); };
    requestAnimationFrame(tick);
  }));
  console.log(`${'longest frame while the worker solves (5 s)'.padEnd(44)} ${frame} ms   longest task ${await longest(sp)} ms`);
  if (await sp.$('[data-testid=timetable] [data-entrant]')) {
    await step(sp, 'highlight an entrant while solving', () => sp.click('[data-testid=timetable] [data-entrant]'));
  }
  if (await sp.$('[data-testid=timetable-pager] [data-testid=page-next]')) {
    await step(sp, 'next timetable page while solving', () => sp.click('[data-testid=timetable-pager] [data-testid=page-next]'));
  }
  await step(sp, 'switch language while solving', () => sp.click('[data-testid=lang-toggle]'));
  // Stop, or the solve's own end if it finished first: either way the whole page is redrawn.
  await step(sp, 'stop or end (timetable, results, changes)', async () => {
    if (await sp.isEnabled('[data-testid=stop]').catch(() => false)) await sp.click('[data-testid=stop]').catch(() => {});
    await sp.waitForSelector('[data-testid=results]', { timeout: 120000 });
  });
  console.log(`${'solve until stopped'.padEnd(44)} ${Date.now() - t0} ms`);
  }
} finally {
  await app.close();
}

// The match scheduler page: solve the 19-pair case in the browser with a progress bar,
// check the metrics against their bounds, print the session pages and the entrant slips to A4 PDF,
// enter results into the standings, export, and survive a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApp, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const pdfPages = (buf) => (buf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
const metric = async (page, key) => Number((await page.textContent(`[data-metric=${key}] .value`)).trim());

async function solve(page) {
  const t0 = Date.now();
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  return Date.now() - t0;
}

test('solves the 19-pair case with a finishing progress bar and prints one A4 page per session', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  // The defaults are the organiser's question: 19 pairs, 7 tables, 8 sessions of 90 min, 22-min matches.
  assert.equal((await page.inputValue('[data-testid=tables]')), '7');
  assert.equal((await page.inputValue('[data-testid=match-minutes]')), '22');
  // Watch the bar while it runs: it must report progress before it reports done.
  await page.evaluate(() => {
    window.__seen = [];
    const bar = document.querySelector('[data-testid=progress]');
    new MutationObserver(() => window.__seen.push(bar.dataset.state + ':' + bar.value))
      .observe(bar, { attributes: true });
  });
  const ms = await solve(page);
  console.log(`19 pairs solved in the browser (debug or release build as built) in ${ms} ms`);
  const seen = await page.evaluate(() => window.__seen);
  assert.ok(seen.some((s) => s.startsWith('running')), `progress ran: ${seen.slice(0, 5)}`);
  assert.equal(await page.evaluate(() => document.querySelector('[data-testid=progress]').value), 1);
  assert.equal(await page.getAttribute('[data-testid=progress]', 'data-engine'), 'worker', 'solved in a Web Worker');

  assert.equal(await metric(page, 'unplaced'), 0);
  assert.equal(await metric(page, 'max_consecutive'), 2);
  assert.equal(await metric(page, 'back_to_back'), 38);
  assert.equal(await metric(page, 'max_back_to_back'), 2);
  assert.ok((await metric(page, 'session_spread')) <= 1);
  assert.equal((await page.textContent('[data-metric=back_to_back] .bound')).trim(), '38 ✓');
  assert.equal(await page.locator('[data-testid=timetable] [data-testid=match]').count(), 171);
  assert.equal(await page.locator('[data-testid=session-page]').count(), 8);
  // Clock times: sessions start at 19:00 by default, slot 2 at 19:22.
  assert.match(await page.textContent('[data-testid=session-page] tbody tr:nth-child(2) th'), /2 · 19:22/);

  // Every pair meets exactly once, nobody twice in a slot (read back from the rendered table).
  const cells = await page.$$eval('[data-testid=session-page] tbody tr', (rows) =>
    rows.map((r) => [...r.querySelectorAll('[data-testid=match]')].map((c) => c.textContent.split(' – '))));
  const met = new Set();
  for (const slot of cells) {
    const busy = new Set();
    for (const [a, b] of slot) {
      assert.ok(!busy.has(a) && !busy.has(b), `twice in a slot: ${a} ${b}`);
      busy.add(a); busy.add(b);
      const key = [a, b].sort().join('-');
      assert.ok(!met.has(key), `pair twice: ${key}`);
      met.add(key);
    }
  }
  assert.equal(met.size, 171);
  await page.screenshot({ path: path.join(OUT, 'schedule-19.png'), fullPage: false });

  // The printouts are on the organiser's desk (`#/schedule?print`, its own bundle).
  await page.click('[data-testid=print-open]');
  await page.waitForSelector('[data-testid=printout][data-mode=sessions]', { state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  const pdf = path.join(OUT, 'schedule-sessions.pdf');
  const buf = await page.pdf({ path: pdf, format: 'A4', printBackground: false });
  assert.equal(pdfPages(buf), 8, 'one A4 page per session');
  const text = execFileSync('pdftotext', [pdf, '-']).toString();
  assert.match(text, /第1场次/);
  assert.match(text, /第8场次/);
  assert.doesNotMatch(text, /开始编排|返回赛程/, 'controls are not printed');

  await page.emulateMedia({ media: 'screen' });
  await page.selectOption('[data-testid=print-mode]', 'slips');
  await page.emulateMedia({ media: 'print' });
  const slips = path.join(OUT, 'schedule-slips.pdf');
  const sbuf = await page.pdf({ path: slips, format: 'A4', printBackground: false });
  // Slips are printed several to a page with cut lines: 19 slips on a few pages.
  assert.equal(await page.locator('[data-testid=slip]').count(), 19);
  assert.ok(pdfPages(sbuf) >= 3 && pdfPages(sbuf) <= 7, `19 slips on ${pdfPages(sbuf)} pages`);
  await page.emulateMedia({ media: 'screen' });
  assert.deepEqual(page.errors, []);
});

test('without its Web Worker the solve ends with a message in words and the form is kept', async () => {
  // The page holds no solver of its own (its first visit stays under 300 KB).
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.route('**/schedule_worker_loader.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=message]');
  assert.match(await page.textContent('[data-testid=message]'), /编排程序未能启动.*请重新载入页面/);
  assert.equal(await page.getAttribute('[data-testid=progress]', 'data-state'), 'idle');
  assert.ok(await page.isEnabled('[data-testid=solve]'), 'Solve can be pressed again');
  assert.equal(await page.inputValue('[data-testid=tables]'), '7', 'the form is kept');
  await page.click('[data-testid=lang-toggle]');
  await page.click('[data-testid=solve]');
  await page.waitForFunction(() => /The solver could not start/.test(document.querySelector('[data-testid=message]')?.textContent ?? ''));
  // The failed worker script shows up as a console error; nothing else may.
  assert.deepEqual(page.errors.filter((e) => !/404|schedule_worker/.test(e)), []);
  await page.unroute('**/schedule_worker_loader.js');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.equal(await page.locator('[data-testid=timetable] [data-testid=match]').count(), 171);
});

test('30-minute matches on 7 tables do not fit; the suggested 8 tables do', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.fill('[data-testid=match-minutes]', '30');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=infeasible]');
  // In the page's language: Chinese first, then the same arithmetic in English.
  assert.match(await page.textContent('[data-testid=infeasible]'), /171 场比赛 > 7 台 × 24 个时段 = 168/);
  const zh = await page.locator('[data-testid=suggestions] li').allTextContents();
  assert.ok(zh[0].includes('改为 8 台：8 × 24 个时段 = 192 ≥ 171'), zh[0]);
  assert.ok(zh.some((t) => t.includes('每场比赛 22 分钟（每场次 4 个时段）')), zh.join('|'));
  assert.ok(zh.every((t) => !/[A-Za-z]{2}/.test(t)), zh.join('|'));
  await page.click('[data-testid=lang-toggle]');
  assert.match(await page.textContent('[data-testid=infeasible]'), /171 matches > 7 tables × 24 slots = 168/);
  const items = await page.locator('[data-testid=suggestions] li').allTextContents();
  assert.ok(items[0].includes('8 tables: 8 × 24 slots = 192 ≥ 171'), items[0]);
  assert.ok(items.some((t) => t.includes('22 min (4 slots a session)')), items.join('|'));
  await page.click('[data-testid=lang-toggle]');
  await page.click('[data-testid=suggestions] li:first-child button');
  assert.equal(await page.inputValue('[data-testid=tables]'), '8');
  await solve(page);
  assert.equal(await metric(page, 'unplaced'), 0);
  assert.equal(await page.locator('[data-testid=timetable] [data-testid=match]').count(), 171);
  assert.equal(await page.locator('[data-testid=infeasible]').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('groups 5/5/5/4 with a crossover knockout placed after the group stage', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.selectOption('[data-testid=format]', 'groups');
  await solve(page);
  const cells = await page.locator('[data-testid=timetable] [data-testid=match]').allTextContents();
  assert.equal(cells.length, 3 * 10 + 6 + 8);
  for (const ko of ['QF1: A1 – B2', 'QF3: B1 – A2', 'SF1: W QF1 – W QF2', 'F: W SF1 – W SF2', '3rd: L SF1 – L SF2']) {
    assert.ok(cells.includes(ko), ko);
  }
  const last = await page.locator('[data-testid=session-page]').last().locator('[data-testid=match]').allTextContents();
  assert.ok(last.includes('F: W SF1 – W SF2'), 'the final is in the last session');
  assert.equal(await page.locator('[data-testid=standings]').count(), 4);
  // English on request: headings and metric names follow the language switch.
  await page.click('[data-testid=lang-toggle]');
  assert.match(await page.textContent('[data-testid=session-page] h2'), /^Session 1/);
  assert.match(await page.textContent('[data-metric=back_to_back]'), /Back-to-backs in all/);
  assert.match(await page.textContent('[data-testid=standings] caption'), /Group A/);
  assert.deepEqual(page.errors, []);
});

test('Stop halts a long solve and keeps the best timetable so far', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  // 30 entrants, 435 matches in 448 places: tight enough that it runs for a while.
  await page.fill('[data-testid=entrants]', Array.from({ length: 30 }, (_, i) => `P${i + 1}`).join('\n'));
  await page.fill('[data-testid=tables]', '8');
  await page.fill('[data-testid=sessions]', '14');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=running]');
  await page.waitForFunction(() => document.querySelector('[data-testid=progress]').value > 0);
  // The page answers while it solves: typing into the seed box works.
  await page.fill('[data-testid=seed]', '7');
  assert.equal(await page.inputValue('[data-testid=seed]'), '7');
  await page.click('[data-testid=stop]');
  await page.waitForSelector('[data-testid=progress]:not([data-state=running])');
  const value = await page.evaluate(() => document.querySelector('[data-testid=progress]').value);
  assert.ok(value > 0 && value < 1, `stopped part way: ${value}`);
  const placed = await page.locator('[data-testid=timetable] [data-testid=match]').count();
  assert.equal(placed, 435 - (await metric(page, 'unplaced')));
  assert.ok(placed > 400, `best so far is shown: ${placed}`);
  assert.equal(await page.locator('[data-testid=session-page]').count(), 14);
  assert.deepEqual(page.errors, []);
});

test('results feed the standings, bad scores are refused, exports download, and a reload keeps it all', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.fill('[data-testid=entrants]', 'Li & Wang\nZhao & Qian\nSun & Zhou\nWu & Zheng\nFeng & Chen');
  // Scored as table tennis (Xiangqi is the default).
  await page.selectOption('[data-testid=scoring]', 'table-tennis');
  await page.fill('[data-testid=tables]', '2');
  await page.fill('[data-testid=sessions]', '2');
  await page.fill('[data-testid=first-date]', '2026-12-05');
  await solve(page);
  assert.equal(await page.locator('[data-testid=timetable] [data-testid=match]').count(), 10);

  const first = page.locator('[data-testid=score]').first();
  await first.fill('11-10 11-5 11-3');
  await first.press('Enter');
  await first.dispatchEvent('change');
  await page.waitForSelector('.score-error');
  assert.match(await page.textContent('.score-error'), /11–10 未打完/);
  await first.fill('11-7 9-11 11-5 11-8');
  await first.dispatchEvent('change');
  await page.waitForFunction(() => !document.querySelector('.score-error'));
  const points = await page.$$eval('[data-testid=standings] tbody tr', (rows) =>
    rows.map((r) => Number(r.querySelector('.points').textContent)));
  assert.deepEqual(points.slice(0, 2), [2, 1], 'win 2, loss 1');

  const download = async (id) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid=${id}]`)]);
    return fs.readFileSync(await dl.path(), 'utf8');
  };
  const json = JSON.parse(await download('export-json'));
  assert.equal(json.version, 1);
  assert.equal(json.results.length, 1);
  // CSV and iCalendar are on the desk's print and export screen (`#/schedule?print`).
  await page.click('[data-testid=print-open]');
  await page.waitForSelector('[data-testid=export-csv]');
  const csv = await download('export-csv');
  assert.equal(csv.trim().split('\n').length, 11);
  assert.match(csv, /^session,date,slot,start,table,stage,a,b,umpire,result\n1,2026-12-05,1,19:00,/);
  // The result column: the first match as entered, the others empty (unplayed).
  const results = csv.trim().split('\n').slice(1).map((l) => l.split(',').pop());
  assert.equal(results.filter((r) => r).length, 1);
  assert.match(results.find((r) => r), /^11-7 9-11 11-5 11-8$/);
  const ics = await download('export-ics');
  assert.equal((ics.match(/BEGIN:VEVENT/g) || []).length, 10);
  assert.match(ics, /DTSTART:20261212T19/, 'second session a week later');

  await page.click('[data-testid=desk-back]');
  await page.waitForSelector('[data-testid=timetable]');
  await page.reload();
  await page.waitForSelector('[data-testid=timetable]');
  assert.equal(await page.locator('[data-testid=timetable] [data-testid=match]').count(), 10);
  assert.equal(await page.inputValue('[data-testid=score] >> nth=0'), '11-7 9-11 11-5 11-8');

  // A corrupt save is reported and set aside, not a blank page.
  await page.evaluate(() => localStorage.setItem('xq.schedule.state', '{"version":1,"problem":'));
  await page.reload();
  await page.waitForSelector('[data-testid=storage-problem]');
  assert.match(await page.textContent('[data-testid=storage-problem]'), /xq\.schedule\.state\.corrupt\.\d+/);
  assert.ok(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('xq.schedule.state.corrupt.') && localStorage.getItem(k).length > 0)));
  assert.deepEqual(page.errors, []);
});

// One event, two views. The organiser's Xiangqi club night: 19 members, 7 boards,
// 8 evenings; results typed in the timetable view are the rounds view's results and standings.
test('a 19-entrant Xiangqi event: results in the timetable (draw, forfeit, withdrawal) are the rounds view\'s', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  const values = await page.$$eval('[data-testid=scoring] option', (os) => os.map((o) => o.value));
  assert.ok(values.some((v) => v.includes('xiangqi')), values.join());
  await page.fill('[data-testid=event-name]', '周三象棋夜');
  await page.selectOption('[data-testid=scoring]', 'xiangqi');
  await solve(page);
  assert.equal(await page.locator('[data-testid=timetable] [data-testid=match]').count(), 171);

  const score = (i) => page.locator('[data-testid=score]').nth(i);
  const enter = async (i, text) => { await score(i).fill(text); await score(i).dispatchEvent('change'); };
  await enter(0, '1-0');
  await enter(1, '和');
  await enter(2, '+/-');
  // A table-tennis score is refused in Chinese, without the table-tennis rule.
  await enter(3, '11-7');
  const alert = await page.textContent('.score-error');
  assert.match(alert, /无法识别/);
  assert.doesNotMatch(alert, /won at 11|领先 2 分/);
  await enter(3, '');

  // Entrant 19 withdraws now (20.3): its unplayed matches become forfeits in the timetable.
  await page.selectOption('[data-testid=withdraw-entrant]', '19');
  await page.click('[data-testid=withdraw]');
  await page.waitForSelector('[data-testid=forfeit]');
  assert.ok(await page.locator('[data-testid=forfeit]').count() >= 1);
  assert.equal(await page.locator('[data-testid=standings] tr[data-entrant]').count(), 19);

  // Session sheets print to A4.
  // The printouts are on the organiser's desk (`#/schedule?print`, its own bundle).
  await page.click('[data-testid=print-open]');
  await page.waitForSelector('[data-testid=printout][data-mode=sessions]', { state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  const pdf = path.join(OUT, 'event-xiangqi-sessions.pdf');
  await page.pdf({ path: pdf, format: 'A4', printBackground: false });
  await page.emulateMedia({ media: 'screen' });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  assert.match(text, /第1场次/);
  assert.match(text, /第8场次/);

  // The rounds view lists the event and shows the same results and standings.
  await page.goto(app.base + 'index.html#/tournament');
  await page.waitForSelector('[data-testid=event-select]');
  const options = await page.$$eval('[data-testid=event-select] option', (os) => os.map((o) => [o.value, o.textContent]));
  const mine = options.find(([, name]) => name === '周三象棋夜');
  assert.ok(mine, JSON.stringify(options));
  await page.selectOption('[data-testid=event-select]', mine[0]);
  await page.waitForSelector('tr[data-round][data-red]');
  const entered = await page.$$eval('select[data-testid=result]', (ss) => ss.map((s) => s.value).filter((v) => v));
  assert.deepEqual([...entered].sort(), ['+/-', '1-0', '½-½'].sort());
  assert.equal(await page.getAttribute('[data-testid=standings] tr[data-entrant="19"]', 'data-place'), '—', 'withdrew before half: annulled (20.3)');
  assert.deepEqual(page.errors, []);
});

test('the same flow scored as table tennis keeps games to 11 and walkovers', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.selectOption('[data-testid=scoring]', 'table-tennis');
  await solve(page);
  const score = (i) => page.locator('[data-testid=score]').nth(i);
  const enter = async (i, text) => { await score(i).fill(text); await score(i).dispatchEvent('change'); };
  await enter(0, '11-7 11-5 11-3');
  await enter(1, 'W/O B');
  await enter(2, '1-0');
  assert.match(await page.textContent('.score-error'), /第 1 局/);
  await page.reload();
  await page.waitForSelector('[data-testid=score]');
  assert.equal(await score(0).inputValue(), '11-7 11-5 11-3');
  assert.equal(await score(1).inputValue(), 'W/O B');
  const top = await page.$$eval('[data-testid=standings] tbody tr td.points', (tds) => tds.map((t) => Number(t.textContent)));
  assert.equal(Math.max(...top), 2);
  assert.deepEqual(page.errors, []);
});

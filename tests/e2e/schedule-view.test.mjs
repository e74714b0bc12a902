// Pictures and words, and a large timetable drawn a page at a
// time: the coloured grid and its highlight, the hall display following the clock, and a status
// and metrics with no unlabelled figures, in both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startApp, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

async function solve(page) {
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
}

test('clicking an entrant highlights its matches, shows its rests and back-to-backs, and clicking again clears it', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await solve(page);
  // Every entrant has a colour in the list, and each match cell carries its two entrants' colours.
  assert.equal(await page.locator('[data-testid=legend] [data-entrant]').count(), 19);
  const colours = await page.$$eval('[data-testid=legend] [data-entrant]', (bs) => bs.map((b) => getComputedStyle(b).backgroundColor));
  assert.equal(new Set(colours).size, 19, 'a distinct colour each');
  assert.match(await page.getAttribute('[data-testid=timetable] [data-testid=match] >> nth=0', 'style'), /linear-gradient/);

  await page.click('[data-testid=legend] [data-entrant="3"]');
  const lit = page.locator('[data-testid=timetable] td.hl');
  assert.equal(await lit.count(), 18, 'all 18 matches of entrant 4');
  const names = await lit.evaluateAll((tds) => tds.map((td) => [...td.querySelectorAll('[data-entrant]')].map((s) => s.dataset.entrant)));
  assert.ok(names.every((n) => n.includes('3')), JSON.stringify(names));
  assert.equal(await page.getAttribute('[data-testid=focus]', 'data-entrant'), '3');
  assert.match(await page.textContent('[data-testid=focus-summary]'), /^18 场比赛 · 连打 \d+ 次 · 场内休息 \d+ 个时段$/);
  // The at-a-glance strips agree with the grid and with the entrant's own table.
  const b2b = await page.locator('[data-testid=timetable] td.b2b').count();
  assert.equal(await page.locator('[data-testid=focus] .strips .box.b2b').count(), b2b);
  assert.equal(await page.locator('[data-testid=focus] .strips .box.play, [data-testid=focus] .strips .box.b2b').count(), 18);
  const gaps = await page.$$eval('[data-testid=entrant-view] tbody tr td:last-child', (tds) => tds.map((t) => t.textContent));
  assert.equal(gaps.length, 18);
  assert.equal(gaps.filter((g) => g === '连打').length, b2b);
  const rests = gaps.map((g) => /休息(\d+)个时段/.exec(g)).filter(Boolean).reduce((s, m) => s + Number(m[1]), 0);
  assert.equal(await page.locator('[data-testid=focus] .strips .box.rest').count(), rests);
  assert.equal(await page.locator('[data-testid=timetable] tr.rest').count(), rests);

  // A name in the grid switches the highlight; clicking it again clears it.
  const other = page.locator('[data-testid=timetable] td:not(.hl) [data-entrant="5"]').first();
  await other.click();
  assert.equal(await page.getAttribute('[data-testid=focus]', 'data-entrant'), '5');
  assert.equal(await page.locator('[data-testid=timetable] td.hl').count(), 18);
  await page.locator('[data-testid=timetable] td [data-entrant="5"]').first().click();
  assert.equal(await page.locator('[data-testid=timetable] td.hl').count(), 0);
  assert.equal(await page.locator('[data-testid=focus]').count(), 0);

  await page.click('[data-testid=lang-toggle]');
  await page.click('[data-testid=legend] [data-entrant="0"]');
  assert.match(await page.textContent('[data-testid=focus-summary]'), /^18 matches · \d+ back-to-backs · \d+ slots of rest inside sessions$/);
  await page.screenshot({ path: path.join(OUT, 'schedule-highlight.png'), fullPage: false });
  assert.deepEqual(page.errors, []);
});

test('the hall display shows, per table, the match now playing and the next one, following the clock', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.fill('[data-testid=event-name]', '周三象棋夜');
  await page.fill('[data-testid=first-date]', '2026-12-05');
  await solve(page);
  // The first session's grid: rows are slots (19:00, 19:22, 19:44, 20:06), columns tables.
  const grid = await page.$$eval('[data-testid=session-page]:first-of-type tbody tr', (rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)));
  const expect = (slot) => grid[0].map((_, t) => ({
    now: grid[slot]?.[t] || null,
    next: grid.slice(slot + 1).map((r) => r[t]).find((x) => x) || null,
  }));

  await page.clock.install({ time: new Date('2026-12-05T19:30:00') });
  // The minified glue keeps the Date it found at load: reload so the app starts on the test's clock
  // (the solved timetable is saved and comes back).
  await page.reload();
  await page.waitForSelector('[data-testid=hall-open]');
  await page.click('[data-testid=hall-open]');
  await page.waitForSelector('[data-testid=hall]');
  assert.equal(await page.textContent('[data-testid=hall-clock]'), '19:30');
  const read = () => page.$$eval('[data-testid=hall-table]', (cards) => cards.map((c) => ({
    now: c.querySelector('[data-testid=hall-now] .match:not(.idle)')?.textContent ?? null,
    next: c.querySelector('[data-testid=hall-next] .match:not(.idle)')?.textContent ?? null,
  })));
  assert.equal(await page.locator('[data-testid=hall-table]').count(), 7);
  assert.deepEqual(await read(), expect(1), '19:30 is the 19:22 slot');
  assert.match(await page.textContent('[data-testid=hall-table] >> nth=0'), /1号台正在比赛/);
  assert.match(await page.textContent('[data-testid=hall] h1'), /周三象棋夜/);

  // Twenty minutes later the 19:44 slot is on.
  await page.clock.runFor(20 * 60 * 1000);
  await page.waitForFunction(() => document.querySelector('[data-testid=hall-clock]').textContent === '19:50');
  assert.deepEqual(await read(), expect(2));

  await page.click('[data-testid=hall-lang]');
  const first = await page.textContent('[data-testid=hall-table] >> nth=0');
  assert.match(first, /^Table 1Now playing/);
  assert.doesNotMatch(first, /[\u4e00-\u9fff]/, 'English only (names here are Latin)');
  await page.screenshot({ path: path.join(OUT, 'schedule-hall.png'), fullPage: false });
  await page.click('[data-testid=hall-leave]');
  await page.waitForSelector('[data-testid=solve]');
  assert.deepEqual(page.errors, []);
});

test('the status and every figure are labelled in words, in both languages', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await solve(page);
  // No figure stands alone: every part of the status that has a digit also has words.
  const labelled = (text) => text.split(' · ').every((part) => !/\d/.test(part) || /[A-Za-z\u4e00-\u9fff]{2}/.test(part));
  const zh = (await page.textContent('[data-testid=status]')).trim();
  assert.match(zh, /^进度 100% · 已尝试 [\d,]+ 个方案 · (完成|已达下界（最优）)$/);
  assert.ok(labelled(zh), zh);
  assert.match(await page.textContent('[data-metric=max_consecutive] .why'),
    /^同一场次内最长连续比赛数：2 · 下界：任何赛程都不可能少于 2（已达到，最优）$/);
  await page.click('[data-testid=lang-toggle]');
  const en = (await page.textContent('[data-testid=status]')).trim();
  assert.match(en, /^Progress 100% · [\d,]+ timetables tried · (done|bounds reached \(optimal\))$/);
  assert.ok(labelled(en), en);
  assert.match(await page.textContent('[data-metric=max_consecutive] .why'),
    /^Longest run of consecutive matches in a session: 2 · lower bound: no timetable can do better than 2 \(reached, optimal\)$/);
  for (const why of await page.locator('[data-testid=metrics] .why').allTextContents()) {
    assert.match(why, /lower bound: no timetable can do better than \d+/);
  }
  assert.deepEqual(page.errors, []);
});

test('a 128-entrant timetable is drawn a page of sessions at a time while the worker solves', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.fill('[data-testid=entrants]', Array.from({ length: 128 }, (_, i) => `P${i + 1}`).join('\n'));
  await page.fill('[data-testid=tables]', '20');
  await page.fill('[data-testid=sessions]', '110');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=timetable-pager]', { timeout: 60000 });
  await page.waitForSelector('[data-testid=session-page]', { timeout: 60000 });
  const sessions = await page.locator('[data-testid=session-page]').count();
  assert.ok(sessions >= 1 && sessions <= 8, `a page of sessions, not all 110: ${sessions}`);
  const label = await page.textContent('[data-testid=timetable-pager] [data-testid=page-label]');
  assert.match(label, /^第 1–\d+ 场次，共 110 场次$/);
  await page.click('[data-testid=timetable-pager] [data-testid=page-next]');
  assert.notEqual(await page.textContent('[data-testid=timetable-pager] [data-testid=page-label]'), label);
  assert.match(await page.textContent('[data-testid=session-page] h2'), new RegExp(`^第${sessions + 1}场次`));
  // The page answers while the worker solves.
  await page.fill('[data-testid=seed]', '7');
  assert.equal(await page.inputValue('[data-testid=seed]'), '7');
  await page.click('[data-testid=stop]');
  await page.waitForSelector('[data-testid=results-pager]', { timeout: 120000 });
  assert.ok(await page.locator('[data-testid=score]').count() <= 200, 'result inputs a page at a time');
  assert.deepEqual(page.errors, []);
});

test('the desk\'s screens (print and export, late changes) without a timetable say so and lead back', async () => {
  for (const [hash, title] of [['#/schedule?print', /打印与导出/], ['#/schedule?changes', null]]) {
    const page = await app.newPage(hash, { waitFor: '[data-testid=desk-back]' });
    assert.match(await page.textContent('[data-testid=desk-empty]'), /还没有赛程/);
    if (title) assert.match(await page.textContent('.desk-bar h1'), title);
    await page.click('[data-testid=lang-toggle]');
    await page.waitForFunction(() => /There is no timetable yet/.test(document.querySelector('[data-testid=desk-empty]').textContent));
    await page.click('[data-testid=desk-empty] a');
    await page.waitForSelector('[data-testid=solve]');
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('the hall display at 1920×1080 puts each card\'s next match and its time in the same place, in both languages (issue 55.9)', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]', viewport: { width: 1920, height: 1080 } });
  await solve(page);
  // A fixed clock early in the first session, so that every table has a next match whatever the
  // hour the test runs at (the display follows the clock); a fresh load so the app starts on it
  // (a reload right after the hash change raced the app's own reload into the hall's bundle).
  await page.clock.install({ time: new Date('2026-12-05T19:05:00') });
  await page.goto('about:blank');
  await page.goto(app.base + 'index.html#/schedule?hall');
  await page.waitForSelector('[data-testid=hall-table]');
  for (const lang of ['zh', 'en']) {
    if (lang === 'en') await page.click('[data-testid=hall-lang]');
    // Where each card draws the next match's time, from the match: the same in every card (a
    // card whose "now playing" is free is shorter, so the rows themselves may sit higher).
    const spots = await page.$$eval('[data-testid=hall-table]', (cards) => cards.map((c) => {
      const box = c.getBoundingClientRect();
      const at = c.querySelector('[data-testid=hall-next] .at')?.getBoundingClientRect();
      const match = c.querySelector('[data-testid=hall-next] .match')?.getBoundingClientRect();
      return at && match && { left: Math.round(match.left - box.left), at: [Math.round(at.left - match.left), Math.round(at.top - match.top)] };
    }));
    assert.ok(spots.length >= 7 && spots.every(Boolean), `${lang}: every card has a next match with its time`);
    const [first] = spots;
    for (const s of spots) {
      const same = s.left === first.left && s.at[0] === first.at[0] && Math.abs(s.at[1] - first.at[1]) <= 2;
      assert.ok(same, `${lang}: a card whose match or time sits elsewhere: ${JSON.stringify(spots)}`);
    }
  }
  assert.deepEqual(page.errors, []);
});

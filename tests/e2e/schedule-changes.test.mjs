// What got in the way of the organiser on #/schedule: a late change that moved every unplayed
// match (now: the fewest matches, listed before they are applied, accept / cancel / undo), a table
// lost for one session, umpire duty outside the promised rests (now counted as busy, said on
// screen), and the form (groups field, Xiangqi by default and remembered, a placeholder the score
// box accepts, a way to the result entry without scrolling past the whole page).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startApp, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const SIZES = [[390, 844], [1366, 768], [1920, 1080]];

async function solve(page) {
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
}

const sessions = (page) => page.locator('[data-testid=session-page]').count();
/** The session count once the timetable's redraw (drawn in slices after a change) shows `n`, or
 *  whatever it shows after 10 s: the caller still asserts exactly `n`. */
async function sessionsShown(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid=session-page]').length === k, n, { timeout: 10000 }).catch(() => {});
  return sessions(page);
}
const matches = (page) => page.locator('[data-testid=timetable] [data-testid=match]').count();
const message = (page) => page.textContent('[data-testid=message]');

/** Brings `selector` on screen for a screenshot. A plain DOM scroll: Playwright's
 *  scrollIntoViewIfNeeded waits for two animation frames with the same box, and on CI's busy
 *  machine it once waited 30 s for them, failing a test whose screenshots assert nothing. */
const reveal = (page, selector) => page.$eval(selector, (el) => el.scrollIntoView({ block: 'nearest' }));

async function shots(page, name) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await reveal(page, '[data-testid=changes]');
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('19 entrants, 2 sessions over: a move, a lost table and a withdrawal are previewed, accepted or cancelled, and undone', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await solve(page);
  await page.click('[data-testid=changes-open]');
  await page.waitForSelector('[data-testid=sessions-over]');
  assert.equal(await sessionsShown(page, 8), 8);
  await page.selectOption('[data-testid=sessions-over]', '2');
  await page.selectOption('[data-testid=move-session]', '3');
  const options = await page.$$eval('[data-testid=move-match] option', (os) => os.filter((o) => o.value).map((o) => [o.value, o.textContent]));
  assert.ok(options.length > 0);
  const [fixture, text] = options[0];
  const label = text.split(' · ')[0];

  // Preview: one match changes, nothing is applied yet; cancel leaves the timetable alone.
  await page.selectOption('[data-testid=move-match]', fixture);
  await page.selectOption('[data-testid=move-target]', 'new');
  await page.click('[data-testid=move]');
  await page.waitForSelector('[data-testid=change-preview]');
  assert.equal(await page.getAttribute('[data-testid=change-count]', 'data-count'), '1');
  const shifts = await page.locator('[data-testid=change-shift]').allTextContents();
  assert.equal(shifts.length, 1);
  assert.match(shifts[0], new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: 第3场次 .* → 第9场次 `));
  assert.match(await page.textContent('[data-testid=change-count]'), /1 场比赛时间或台号将改变，其余不动/);
  assert.equal(await sessions(page), 8, 'a preview applies nothing');
  await shots(page, 'changes-preview-zh');
  await page.click('[data-testid=change-cancel]');
  assert.equal(await page.locator('[data-testid=change-preview]').count(), 0);
  assert.match(await message(page), /已取消/);
  assert.equal(await sessionsShown(page, 8), 8);

  // Accept: a ninth session with that match alone; every other match where it was.
  const before = await page.$$eval('[data-testid=session-page] tbody tr', (rows) => rows.map((r) => r.textContent));
  await page.selectOption('[data-testid=move-match]', fixture);
  await page.click('[data-testid=move]');
  await page.click('[data-testid=change-accept]');
  assert.match(await message(page), /已调动：1 场比赛时间或台号有变/);
  assert.equal(await sessionsShown(page, 9), 9);
  assert.equal(await matches(page), 171);
  const last = await page.$$eval('[data-testid=session-page]:last-child [data-testid=match]', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(last, [label]);

  // Undo: the timetable as it was.
  await page.click('[data-testid=change-undo]');
  assert.match(await message(page), /已撤销/);
  assert.equal(await sessionsShown(page, 8), 8);
  const again = await page.$$eval('[data-testid=session-page] tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.deepEqual(again, before);
  assert.equal(await page.locator('[data-testid=change-undo]').count(), 0, 'one undo, of the last change');

  // Table 1 lost for session 3: only its matches there move (each to a free table where one is).
  await page.selectOption('[data-testid=lost-session]', '3');
  await page.selectOption('[data-testid=lost-table]', '1');
  await page.click('[data-testid=table-lost]');
  await page.waitForSelector('[data-testid=change-preview]');
  const lost = Number(await page.getAttribute('[data-testid=change-count]', 'data-count'));
  assert.ok(lost >= 1 && lost <= 8, `${lost} changes`);
  for (const s of await page.locator('[data-testid=change-shift]').allTextContents()) {
    assert.match(s, /: 第3场次 \S+ 1号台 → /, s);
  }
  await page.click('[data-testid=change-accept]');
  assert.match(await message(page), new RegExp(`第3场次 1号台已停用：${lost} 场比赛时间或台号有变`));
  assert.equal(await matches(page), 171);
  await page.click('[data-testid=change-undo]');
  assert.equal(await sessionsShown(page, 8), 8);

  // A withdrawal after session 4 (20.3): forfeits listed, no match changes time or table.
  await page.selectOption('[data-testid=withdraw-after-entrant]', '5');
  await page.selectOption('[data-testid=withdraw-after-session]', '4');
  await page.click('[data-testid=withdraw-after]');
  await page.waitForSelector('[data-testid=change-preview]');
  assert.equal(await page.getAttribute('[data-testid=change-count]', 'data-count'), '0');
  assert.match(await page.textContent('[data-testid=change-count]'), /没有比赛改时间或台号/);
  assert.ok(await page.locator('[data-testid=change-shift]').count() >= 1);

  // The same screen in English.
  await page.click('[data-testid=lang-toggle]');
  await page.waitForFunction(() => /No match changes time or table/.test(document.querySelector('[data-testid=change-count]')?.textContent ?? ''));
  await shots(page, 'changes-preview-en');
  await page.click('[data-testid=change-accept]');
  assert.match(await message(page), /Withdrawal entered/);
  await page.click('[data-testid=change-undo]');
  assert.match(await message(page), /The last change is undone/);
  assert.deepEqual(page.errors, []);
});

test('the form: groups only for groups, Xiangqi by default and the last scoring kept, a placeholder that is accepted, results one click away, figures in words', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=solve]');
  assert.equal(await page.inputValue('[data-testid=scoring]'), 'xiangqi', 'a Xiangqi club scores Xiangqi by default');
  assert.equal(await page.locator('[data-testid=groups]').count(), 0, 'no groups for a round robin');
  await page.selectOption('[data-testid=format]', 'groups');
  assert.equal(await page.locator('[data-testid=groups]').count(), 1);
  await page.selectOption('[data-testid=format]', 'single');
  await page.selectOption('[data-testid=scoring]', 'table-tennis');
  await page.reload();
  await page.waitForSelector('[data-testid=solve]');
  assert.equal(await page.inputValue('[data-testid=scoring]'), 'table-tennis', 'the last choice is kept');

  await page.fill('[data-testid=entrants]', 'A\nB\nC\nD\nE');
  await page.fill('[data-testid=tables]', '2');
  await page.fill('[data-testid=sessions]', '2');
  await solve(page);
  const box = page.locator('[data-testid=score]').first();
  const example = await box.getAttribute('placeholder');
  assert.equal(example, '11-7 9-11 11-5 11-8', 'best of 5');
  await box.fill(example);
  await box.dispatchEvent('change');
  await page.waitForFunction(() => document.querySelector('[data-testid=standings]'));
  assert.equal(await page.locator('.score-error').count(), 0, 'the placeholder is a valid score');

  // The result entry is a click away from the top of the timetable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('[data-testid=results-jump]');
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=results]').getBoundingClientRect();
    return r.top >= -1 && r.top < window.innerHeight;
  });

  // Each figure says what it means for a player; the run counts umpire duty as busy.
  await page.setViewportSize({ width: 1366, height: 768 });
  const zh = await page.textContent('[data-metric=max_consecutive] [data-testid=meaning]');
  assert.match(zh, /没有人连续打超过 \d 场.*当裁判也算占用/);
  assert.match(await page.textContent('[data-metric=idle_slots] [data-testid=meaning]'), /空等/);
  await page.click('[data-testid=lang-toggle]');
  const en = await page.textContent('[data-metric=max_consecutive] [data-testid=meaning]');
  assert.match(en, /nobody plays more than \d matches in a row.*umpire duty counts as busy/);
  for (const m of await page.locator('[data-testid=meaning]').allTextContents()) {
    assert.doesNotMatch(m, /[\u4e00-\u9fff]/, m);
  }
  for (const [width, height] of SIZES) {
    for (const lang of ['en', 'zh']) {
      await page.setViewportSize({ width, height });
      await reveal(page, '[data-testid=metrics]');
      await page.screenshot({ path: path.join(OUT, `schedule-figures-${lang}-${width}.png`), fullPage: false });
      await page.click('[data-testid=lang-toggle]');
    }
  }
  assert.deepEqual(page.errors, []);
});

test('a match is never offered its own slot as a place to move to, in either language (issue 55.9)', async () => {
  for (const lang of ['zh', 'en']) {
    const page = await app.newPage('#/schedule', { lang, waitFor: '[data-testid=solve]' });
    await solve(page);
    await page.click('[data-testid=changes-open]');
    await page.waitForSelector('[data-testid=sessions-over]');
    await page.selectOption('[data-testid=move-session]', '3');
    // "… · 第3场次 19:22 5号台" / "… · session 3 19:22 table 5"; a target "第3场次 时段2 19:22 · 1号台".
    const when = (text) => {
      const m = /(?:第(\d+)场次|session (\d+))(?: 时段\d+| slot \d+)? (\d{1,2}:\d{2})/.exec(text);
      return m && `${m[1] || m[2]} ${m[3]}`;
    };
    const options = await page.$$eval('[data-testid=move-match] option', (os) => os.filter((o) => o.value).map((o) => [o.value, o.textContent]));
    assert.ok(options.length >= 3);
    for (const [fixture, text] of options.slice(0, 6)) {
      await page.selectOption('[data-testid=move-match]', fixture);
      const targets = await page.$$eval('[data-testid=move-target] option', (os) => os.filter((o) => o.value !== 'new').map((o) => o.textContent));
      assert.ok(targets.length > 0, `${lang}: free places for ${text}`);
      const now = when(text);
      assert.ok(now, `${lang}: a time in ${text}`);
      assert.deepEqual(targets.filter((t) => when(t) === now), [], `${lang}: ${text} offered its own slot`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

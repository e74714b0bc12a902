// The scheduler's groups + crossover knockout opens as a bracket on `#/swiss`.
// `#/schedule` hands its finished group tables over through localStorage (the `#/swiss` bundle
// has no scheduler code to read that page's save) and the bracket's first round is the
// timetable's own knockout round, A1–B2, B1–A2, with the same names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const NAMES = ['王天一', '郑惟桐', '赵鑫鑫', '谢靖', '蒋川', '洪智', '汪洋', '孙勇征'];

test('a finished group stage on #/schedule opens as the crossover bracket on #/swiss', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.fill('[data-testid=entrants]', NAMES.join('\n'));
  // Scored as table tennis (Xiangqi is the default).
  await page.selectOption('[data-testid=scoring]', 'table-tennis');
  await page.selectOption('[data-testid=format]', 'groups');
  await page.fill('[data-testid=groups]', '2');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.equal(await page.locator('[data-testid=standings]').count(), 2);

  // Every group match: the one listed earlier wins 3-0 (best of 5). Knockout rows name seats.
  const inputs = page.locator('[data-testid=score]');
  const n = await inputs.count();
  let group = 0;
  for (let i = 0; i < n; i++) {
    const label = await inputs.nth(i).getAttribute('aria-label');
    const [a, b] = label.replace(/^比分 /, '').split(' – ');
    if (!NAMES.includes(a) || !NAMES.includes(b)) continue;
    // No button while a group match is still open.
    assert.equal(await page.locator('[data-testid=open-bracket]').count(), 0, 'groups unfinished');
    const text = NAMES.indexOf(a) < NAMES.indexOf(b) ? '11-1 11-1 11-1' : '1-11 1-11 1-11';
    await inputs.nth(i).fill(text);
    await inputs.nth(i).dispatchEvent('change');
    group++;
  }
  assert.equal(group, 12, 'two groups of four: 12 group matches');

  // The knockout round as the timetable shows it: "SF1: A1 (王天一) – B2 (赵鑫鑫)".
  const cells = await page.locator('[data-testid=timetable] [data-testid=match]').allTextContents();
  const semis = cells
    .filter((c) => /^SF\d: /.test(c))
    .sort()
    .map((c) => c.replace(/^SF\d: /, '').split(' – ').map((s) => s.replace(/^(\w\d) \((.*)\)$/, '$1 $2')));
  assert.equal(semis.length, 2);
  for (const pair of semis) for (const side of pair) assert.match(side, /^[AB][12] \S/, side);

  await page.click('[data-testid=open-bracket]');
  await page.waitForSelector('[data-testid=ko-handoff]', { timeout: 20000 });
  assert.match(page.url(), /#\/swiss\?bracket=groups$/);
  const side = async (m, s) => (await page.textContent(`[data-match="${m}"] [data-testid=side-${s}]`)).trim();
  const firstRound = [[await side(1, 'a'), await side(1, 'b')], [await side(2, 'a'), await side(2, 'b')]];
  assert.deepEqual(firstRound, semis);
  // Snake seeding puts 1, 4, 5, 8 in A and 2, 3, 6, 7 in B; the earlier-listed always won.
  assert.deepEqual(firstRound, [['A1 王天一', 'B2 赵鑫鑫'], ['B1 郑惟桐', 'A2 谢靖']]);
  assert.match(await page.textContent('[data-testid=ko-handoff]'), /比赛编排/);
  await page.click('[data-testid=lang-toggle]');
  assert.match(await page.textContent('[data-testid=ko-handoff]'), /group tables of the match scheduler/);
  await page.click('[data-testid=lang-toggle]');
  assert.equal(await page.inputValue('[data-testid=ko-groups]'), 'A: 王天一, 谢靖, 蒋川, 孙勇征\nB: 郑惟桐, 赵鑫鑫, 洪智, 汪洋\n');
  // The key is taken: a later visit shows the saved bracket but does not say it was handed over.
  assert.equal(await page.evaluate(() => localStorage.getItem('xq.swiss.groups-handoff')), null);

  // It fills in as results arrive.
  await page.click('[data-match="1"] [data-testid=win-a]');
  await page.click('[data-match="2"] [data-testid=win-b]');
  assert.equal(await side(3, 'a'), 'A1 王天一');
  assert.equal(await side(3, 'b'), 'A2 谢靖');

  await page.reload();
  await page.waitForSelector('[data-testid=bracket]');
  assert.equal(await page.locator('[data-testid=ko-handoff]').count(), 0);
  assert.equal(await side(3, 'b'), 'A2 谢靖');
  assert.deepEqual(page.errors, []);
});

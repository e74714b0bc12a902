// Groups + knockout scored as Xiangqi games on the timetable page: 8 entrants in two
// groups of four, every group game entered in the timetable view (a draw and a forfeit among
// them), per-group standings by the 1999 tie-breaks (15.1), the crossover knockout filled from the
// group places, a knockout result that must have a winner, and a reload that keeps it all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const names = Array.from({ length: 8 }, (_, i) => `P${i + 1}`);
const num = (name) => Number(name.trim().slice(1));

/// The result of "a – b" from a's side: the lower number wins, P5–P8 is a draw, P1–P8 a forfeit.
function result(label) {
  const [a, b] = label.split(' – ').map(num);
  const pair = [a, b].sort((x, y) => x - y).join('-');
  if (pair === '5-8') return '和';
  if (pair === '1-8') return a < b ? '+/-' : '-/+';
  return a < b ? '1-0' : '0-1';
}

const rows = (page) => page.$$eval('table.result-entry tbody tr', (trs) =>
  trs.map((tr) => [tr.children[2].textContent, tr.querySelector('[data-testid=score]').dataset.fixture]));

async function enter(page, fixture, text) {
  const input = page.locator(`[data-testid=score][data-fixture="${fixture}"]`);
  await input.fill(text);
  await input.dispatchEvent('change');
}

/// Each group's standings as "place name points" lines.
const standings = (page) => page.$$eval('[data-testid=standings]', (tables) => tables.map((t) => ({
  caption: t.querySelector('caption').textContent,
  rows: [...t.querySelectorAll('tbody tr')].map((r) => ({
    place: r.dataset.place,
    name: r.children[1].textContent,
    drawn: r.children[4].textContent,
    points: r.querySelector('td.points').textContent,
  })),
})));

test('an 8-entrant Xiangqi groups + knockout event: group games, standings, knockout players, reload', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.fill('[data-testid=entrants]', names.join('\n'));
  await page.fill('[data-testid=event-name]', '象棋分组赛');
  await page.selectOption('[data-testid=scoring]', 'xiangqi');
  await page.selectOption('[data-testid=format]', 'groups');
  await page.fill('[data-testid=groups]', '2');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.equal(await page.locator('[data-testid=message]').count(), 0, 'no refusal');
  const cells = await page.locator('[data-testid=timetable] [data-testid=match]').allTextContents();
  assert.equal(cells.length, 2 * 6 + 4);
  assert.ok(cells.includes('SF1: A1 – B2'), cells.join('|'));

  const all = await rows(page);
  const group = all.filter(([label]) => /^P\d – P\d$/.test(label));
  const knockout = all.filter(([label]) => !/^P\d – P\d$/.test(label));
  assert.equal(group.length, 12);
  const sf1 = knockout.find(([label]) => label === 'A1 – B2')[1];

  // A knockout match cannot be entered before its players are known.
  await enter(page, sf1, '1-0');
  await page.waitForSelector('.score-error');
  assert.match(await page.textContent('.score-error'), /对阵尚未确定/);
  await enter(page, sf1, '');

  for (const [label, fixture] of group) {
    await enter(page, fixture, result(label));
  }
  await page.waitForFunction(() => !document.querySelector('.score-error'));
  // Draws and forfeits read back as entered (the draw in its notation).
  const draw = group.find(([l]) => result(l) === '和')[1];
  const forfeit = group.find(([l]) => result(l).includes('/'))[1];
  assert.match(await page.inputValue(`[data-testid=score][data-fixture="${forfeit}"]`), /^[+-]\/[+-]$/);
  const drawText = await page.inputValue(`[data-testid=score][data-fixture="${draw}"]`);
  assert.ok(drawText.length > 0, 'the draw is shown');

  // Per-group standings: A is P1 (3), P4 (2), then P5 and P8 on ½; B is P2, P3, P6, P7.
  const tables = await standings(page);
  assert.equal(tables.length, 2);
  assert.match(tables[0].caption, /A组/);
  assert.deepEqual(tables[0].rows.slice(0, 2).map((r) => [r.place, r.name]), [['1', 'P1'], ['2', 'P4']]);
  assert.equal(Number(tables[0].rows[0].points), 3);
  assert.equal(Number(tables[0].rows[1].points), 2);
  assert.deepEqual(tables[0].rows.slice(2).map((r) => r.drawn).sort(), ['1', '1']);
  assert.deepEqual(tables[1].rows.map((r) => r.name), ['P2', 'P3', 'P6', 'P7']);

  // The crossover knockout is filled from the group places: A1–B2 and B1–A2.
  const filled = await page.locator('[data-testid=timetable] [data-testid=match]').allTextContents();
  assert.ok(filled.includes('SF1: A1 (P1) – B2 (P3)'), filled.join('|'));
  assert.ok(filled.includes('SF2: B1 (P2) – A2 (P4)'), filled.join('|'));
  assert.ok(filled.includes('F: W SF1 – W SF2'), filled.join('|'));
  const ko = await rows(page);
  assert.equal(ko.find(([, f]) => f === sf1)[0], 'A1 (P1) – B2 (P3)');

  // A knockout match needs a winner, in Chinese and in English.
  await enter(page, sf1, '和');
  await page.waitForSelector('.score-error');
  assert.match(await page.textContent('.score-error'), /淘汰赛必须分出胜负/);
  await page.click('[data-testid=lang-toggle]');
  await enter(page, sf1, '1/2');
  await page.waitForFunction(() => /needs a winner/.test(document.querySelector('.score-error')?.textContent || ''));
  assert.match(await page.textContent('[data-testid=standings] caption'), /Group A/);
  await enter(page, sf1, '1-0');
  await page.waitForFunction(() => !document.querySelector('.score-error'));
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=timetable] [data-testid=match]')]
    .some((m) => m.textContent === 'F: W SF1 (P1) – W SF2'));

  // A reload keeps group games, standings and the knockout result.
  await page.reload();
  await page.waitForSelector('[data-testid=score]');
  assert.equal(await page.inputValue(`[data-testid=score][data-fixture="${sf1}"]`), '1-0');
  assert.equal(await page.inputValue(`[data-testid=score][data-fixture="${draw}"]`), drawText);
  const again = await standings(page);
  assert.deepEqual(again[0].rows.slice(0, 2).map((r) => r.name), ['P1', 'P4']);
  const after = await page.locator('[data-testid=timetable] [data-testid=match]').allTextContents();
  assert.ok(after.includes('F: W SF1 (P1) – W SF2'), after.join('|'));

  // The printouts (on the desk's print screen) name the knockout's players and print each
  // group's standings.
  await page.click('[data-testid=print-open]');
  await page.waitForSelector('[data-testid=print-mode]');
  await page.selectOption('[data-testid=print-mode]', 'sessions');
  await page.waitForSelector('[data-testid=printout][data-mode=sessions]', { state: 'attached' });
  const sheets = await page.$eval('[data-testid=printout]', (e) => e.textContent);
  assert.match(sheets, /A1 \(P1\)/);
  assert.match(sheets, /B2 \(P3\)/);
  await page.selectOption('[data-testid=print-mode]', 'standings');
  await page.waitForSelector('[data-testid=printout][data-mode=standings]', { state: 'attached' });
  const printed = await page.$eval('[data-testid=printout]', (e) => e.textContent);
  assert.match(printed, /Group A/);
  assert.match(printed, /Group B/);

  // Back on the scheduler, the group tables, ranked by the games, open as the crossover bracket on
  // #/swiss.
  await page.click('[data-testid=desk-back]');
  await page.click('[data-testid=open-bracket]');
  await page.waitForSelector('[data-testid=ko-handoff]', { timeout: 20000 });
  assert.match(await page.inputValue('[data-testid=ko-groups]'), /^A: P1, P4, P\d, P\d\nB: P2, P3, P6, P7\n$/);
  assert.deepEqual(page.errors, []);
});

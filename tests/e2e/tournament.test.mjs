// a 6-player round robin run through #/tournament from creation to printed standings.
// The results are the hand-checked example of tests/tournament.rs (three_way_tie): players 1, 2
// and 3 tie on 2½ points, SB 5.75 and 2 wins; the direct-encounter mini-table puts 1 first and
// leaves 2 and 3 sharing 4th.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApp, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const NAMES = ['王一', '李二', '张三', '赵四', '钱五', '孙六'];
// [a, b, result of a against b]
const GAMES = [
  [1, 2, '1-0'], [1, 3, '1-0'], [2, 3, '½-½'], [1, 4, '½-½'], [5, 1, '1-0'],
  [6, 1, '1-0'], [2, 4, '1-0'], [2, 5, '1-0'], [6, 2, '1-0'], [3, 4, '1-0'],
  [3, 5, '1-0'], [6, 3, '1-0'], [5, 4, '1-0'], [4, 6, '1-0'], [5, 6, '1-0'],
];
const FLIP = { '1-0': '0-1', '0-1': '1-0', '½-½': '½-½' };

async function standingsOrder(page) {
  return page.$$eval('[data-testid=standings] tbody tr[data-entrant]', (rows) =>
    rows.map((r) => [Number(r.dataset.entrant), r.dataset.place]));
}

async function download(page, testid) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid=${testid}]`)]);
  return { name: dl.suggestedFilename(), text: fs.readFileSync(await dl.path(), 'utf8') };
}

test('a 6-player event: create, enter, draw, results, standings, reload, files, print', async () => {
  const page = await app.newPage('#/tournament', { waitFor: '[data-testid=create-form]' });

  // Create.
  await page.fill('[data-testid=event-name]', '周末俱乐部循环赛');
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=entrant-list]');
  assert.match(await page.textContent('[data-testid=event-settings]'), /个人赛/);

  // Paste entrants and number them as listed.
  await page.fill('[data-testid=entrant-list]', NAMES.join('\n'));
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=number-as-listed]');
  await page.waitForSelector('tr[data-round][data-red]');

  // 5 rounds of 3 games, every pair once, first number Red (13.1).
  const rows = await page.$$eval('tr[data-round][data-red]', (trs) =>
    trs.map((t) => [Number(t.dataset.round), Number(t.dataset.red), Number(t.dataset.black)]));
  assert.equal(rows.length, 15);
  assert.deepEqual(rows.filter((r) => r[0] === 1).map((r) => `${r[1]}-${r[2]}`), ['1-6', '2-5', '3-4']);

  // Results by clicking the result control of each pairing row.
  for (const [a, b, res] of GAMES) {
    const row = rows.find(([, red, black]) => (red === a && black === b) || (red === b && black === a));
    const [round, red, black] = row;
    const value = red === a ? res : FLIP[res];
    await page.selectOption(`tr[data-round="${round}"][data-red="${red}"][data-black="${black}"] select[data-testid=result]`, value);
  }

  const expected = [[6, '1'], [5, '2'], [1, '3'], [2, '4='], [3, '4='], [4, '6']];
  assert.deepEqual(await standingsOrder(page), expected);
  // Each tie-break has its column: SB of player 1 is 5.75.
  const sbCol = await page.$$eval('[data-testid=standings] thead th', (ths) => ths.findIndex((t) => t.dataset.tiebreak === 'sb'));
  assert.ok(sbCol > 0);
  const sb1 = await page.$eval(`[data-testid=standings] tr[data-entrant="1"] td:nth-child(${sbCol + 1})`, (td) => td.textContent.trim());
  assert.equal(sb1, '5.75');
  // Crosstable: 1 beat 2, 2 drew 3.
  assert.equal((await page.textContent('[data-testid=crosstable] tr[data-entrant="1"] td:nth-child(4)')).trim(), '1');
  assert.equal((await page.textContent('[data-testid=crosstable] tr[data-entrant="2"] td:nth-child(5)')).trim(), '½');

  // A foul for player 3 separates the shared 4th place (15.1 犯规).
  await page.fill('tr[data-entrant="3"] input[data-testid=fouls]', '1');
  await page.press('tr[data-entrant="3"] input[data-testid=fouls]', 'Enter');
  await page.locator('tr[data-entrant="3"] input[data-testid=fouls]').blur();
  await page.waitForFunction(() => document.querySelector('[data-testid=standings] tr[data-entrant="2"]')?.dataset.place === '4');
  const final = [[6, '1'], [5, '2'], [1, '3'], [2, '4'], [3, '5'], [4, '6']];
  assert.deepEqual(await standingsOrder(page), final);

  // Survives a reload (localStorage).
  await page.reload();
  await page.waitForSelector('[data-testid=standings] tr[data-entrant]');
  assert.deepEqual(await standingsOrder(page), final);
  // Round 1: 1-6, won by 6.
  assert.equal(await page.inputValue('tr[data-round="1"][data-red="1"] select[data-testid=result]'), '0-1');

  // Files: JSON and CSV.
  const json = await download(page, 'export-json');
  assert.match(json.name, /\.json$/);
  const file = JSON.parse(json.text);
  assert.equal(file.kind, 'xiangqi-club/tournament');
  assert.equal(file.version, 1);
  assert.equal(file.tournament.results.length, 15);
  const csv = await download(page, 'export-csv');
  const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
  assert.equal(lines[0], 'place,number,name,score,played,won,drawn,lost,discipline,sb,wins,direct,fouls,status');
  assert.equal(lines[1], '1,6,孙六,3,5,3,0,2,0,7.5,3,,0,');
  assert.equal(lines.length, 7);

  // A broken file is refused with a precise message and changes nothing.
  await page.setInputFiles('[data-testid=import-json]', {
    name: 'broken.json', mimeType: 'application/json',
    buffer: Buffer.from(json.text.replace('"version":1', '"version":7')),
  });
  await page.waitForSelector('[role=alert]');
  assert.match(await page.textContent('[role=alert]'), /版本 7/);
  assert.equal(await page.locator('[data-testid=event-select] option').count(), 1);
  assert.deepEqual(await standingsOrder(page), final);

  // A good file is loaded as a second event, side by side with the first.
  await page.setInputFiles('[data-testid=import-json]', {
    name: 'copy.json', mimeType: 'application/json',
    buffer: Buffer.from(json.text.replace('周末俱乐部循环赛', '周末俱乐部循环赛（副本）')),
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=event-select] option').length === 2);
  assert.deepEqual(await standingsOrder(page), final);
  await page.selectOption('[data-testid=event-select]', { index: 0 });
  await page.waitForSelector('[data-testid=standings] tr[data-entrant]');
  assert.match(await page.textContent('[data-testid=event-settings]'), /周末俱乐部循环赛 ·/);

  // Print the standings on A4.
  await page.selectOption('[data-testid=print-part]', 'standings');
  // page.pdf() lays the page out with print media.
  const pdfPath = path.join(OUT, 'tournament-standings.pdf');
  const buf = await page.pdf({ path: pdfPath, format: 'A4', printBackground: false });
  const pages = (buf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
  assert.equal(pages, 1, 'the standings fit on one A4 page');
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  const positions = [6, 5, 1, 2, 3, 4].map((k) => text.indexOf(NAMES[k - 1]));
  assert.ok(positions.every((p) => p >= 0), `all names printed:\n${text}`);
  assert.deepEqual([...positions].sort((a, b) => a - b), positions, 'printed in rank order');
  assert.ok(!text.includes('导入 JSON'), 'controls are not printed');
  // Pairings: one A4 page per round; the crosstable on one page.
  await page.selectOption('[data-testid=print-part]', 'pairings');
  const pairingsPdf = await page.pdf({ path: path.join(OUT, 'tournament-pairings.pdf'), format: 'A4' });
  assert.equal((pairingsPdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length, 5);
  await page.selectOption('[data-testid=print-part]', 'crosstable');
  const crossPdf = await page.pdf({ path: path.join(OUT, 'tournament-crosstable.pdf'), format: 'A4' });
  assert.equal((crossPdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length, 1);
  await page.screenshot({ path: path.join(OUT, 'tournament-1280.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('a withdrawal before half annuls the results (20.3); corrupt storage is set aside', async () => {
  const page = await app.newPage('#/tournament', { waitFor: '[data-testid=create-form]' });
  await page.fill('[data-testid=event-name]', 'Withdrawal');
  await page.click('[data-testid=create]');
  await page.fill('[data-testid=entrant-list]', 'D\nA\nB\nC');
  await page.click('[data-testid=add-entrants]');
  // Numbers by hand: A (listed 2nd) gets 1, B 2, C 3, D (listed 1st) 4.
  await page.fill('[data-testid=hand-order]', '1,1,2,3');
  await page.click('[data-testid=number-by-hand]');
  assert.match(await page.textContent('[role=alert]'), /编号 1 重复/);
  await page.fill('[data-testid=hand-order]', '2, 3, 4, 1');
  await page.click('[data-testid=number-by-hand]');
  await page.waitForSelector('tr[data-round]');
  assert.equal((await page.textContent('[data-testid=standings] tr[data-entrant="4"]')).includes('D'), true);
  // Round 1: 1-4 2-3. D loses to A, then withdraws after round 1 (1 of 3 opponents met).
  await page.selectOption('tr[data-round="1"][data-red="1"] select[data-testid=result]', '1-0');
  await page.selectOption('tr[data-entrant="4"] select[data-testid=withdraw]', '1');
  await page.waitForFunction(() => document.querySelector('[data-testid=standings] tr[data-entrant="4"]')?.dataset.place === '—');
  const rows = await standingsOrder(page);
  assert.deepEqual(rows.at(-1), [4, '—']);
  assert.ok(await page.locator('tr[data-round="2"][data-red="4"] select[data-testid=result]').isDisabled());
  assert.deepEqual(page.errors, []);

  // Corrupt the saved event: the page reports it, sets it aside and keeps working.
  await page.evaluate(() => {
    const ids = JSON.parse(localStorage.getItem('xq.tournament.ids'));
    localStorage.setItem('xq.tournament.event.' + ids[0], '{"kind": "xiangqi-club/tournament", "version": 1, "tournament": {');
  });
  await page.reload();
  await page.waitForSelector('[role=alert]');
  assert.match(await page.textContent('[role=alert]'), /xq\.tournament\.event\.\w+\.corrupt\.\d+/);
  assert.ok(await page.evaluate(() => Object.keys(localStorage).some((k) => /^xq\.tournament\.event\.\w+\.corrupt\.\d+$/.test(k) && localStorage.getItem(k).length > 0)));
  await page.waitForSelector('[data-testid=create-form]');
  assert.deepEqual(page.errors, []);
});

test('a team event with 4 boards: per-board results, match points 2/1/0 (14.2), colours (13.2)', async () => {
  const page = await app.newPage('#/tournament', { waitFor: '[data-testid=create-form]' });
  await page.fill('[data-testid=event-name]', '团体赛');
  await page.check('[data-testid=kind-team]');
  await page.fill('[data-testid=boards]', '4');
  await page.selectOption('[data-testid=board-order]', 'substitutes');
  await page.click('[data-testid=create]');
  await page.fill('[data-testid=entrant-list]',
    '红队: a1, a2, a3, a4, a5\n黑队: b1, b2, b3, b4\n炮队: c1, c2, c3, c4\n马队: d1, d2, d3, d4');
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=number-as-listed]');
  const row = 'tr[data-round="1"][data-red="1"][data-black="4"]';
  assert.equal(await page.locator(`${row} select[data-testid=result]`).count(), 4);
  // Line-ups (12.2): a substitute may play, but the registered order cannot be reversed.
  const lineup = 'tr[data-round="1"][data-lineup-for="1"]';
  await page.fill(`${lineup} [data-testid=lineup-first]`, '2,1,3,4');
  await page.fill(`${lineup} [data-testid=lineup-second]`, '1,2,3,4');
  await page.click(`${lineup} [data-testid=set-lineup]`);
  assert.match(await page.textContent('[role=alert]'), /12\.2/);
  await page.fill(`${lineup} [data-testid=lineup-first]`, '1,2,3,5');
  await page.click(`${lineup} [data-testid=set-lineup]`);
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes('4: a5 – d4'), `${lineup} [data-testid=lineup]`);
  // Team 1 wins boards 1 and 3, draws board 2, loses board 4: 2½ : 1½, match points 2 : 0.
  const boards = ['1-0', '½-½', '1-0', '0-1'];
  for (let b = 0; b < 4; b++) {
    await page.selectOption(`${row} select[data-board="${b + 1}"]`, boards[b]);
  }
  // Round 1, 2-3: team 3 absent, a forfeit on every board (21.4: 2 match points).
  for (let b = 1; b <= 4; b++) {
    await page.selectOption(`tr[data-round="1"][data-red="2"] select[data-board="${b}"]`, '+/-');
  }
  await page.waitForFunction(() => document.querySelector('[data-testid=standings] tr[data-entrant="2"]')?.dataset.place === '1');
  const scores = await page.$$eval('[data-testid=standings] tbody tr', (trs) =>
    trs.map((t) => [Number(t.dataset.entrant), t.querySelector('.t-score').textContent.trim()]));
  // 15.3 total game points: team 2 (4) before team 1 (2½); team 4 (1½) before team 3 (0).
  assert.deepEqual(scores, [[2, '2'], [1, '2'], [4, '0'], [3, '0']]);
  assert.match(await page.textContent('.t-pairings thead'), /单数台执红/);
  assert.deepEqual(page.errors, []);
});

test('500 entrants, the stated limit, draw a page at a time and survive a reload', async () => {
  const page = await app.newPage('#/tournament', { waitFor: '[data-testid=create-form]' });
  await page.fill('[data-testid=event-name]', '五百人循环赛');
  await page.click('[data-testid=create]');
  await page.fill('[data-testid=entrant-list]', Array.from({ length: 500 }, (_, i) => `棋手${i + 1}`).join('\n'));
  await page.click('[data-testid=add-entrants]');
  await page.waitForSelector('[data-testid=entrants-pager]');
  await page.click('[data-testid=number-as-listed]');
  await page.waitForSelector('tr[data-round="1"][data-red]', { timeout: 60000 });
  // The round is built 25 rows per task (no click waits for all 250): wait for the last slice.
  await page.waitForFunction(() => document.querySelectorAll('tr[data-round][data-red]').length >= 250);
  // One round of 250 games, 50 standings rows, a 25 × 25 crosstable window: not 499 rounds.
  assert.equal(await page.locator('tr[data-round][data-red]').count(), 250);
  assert.equal(await page.locator('[data-testid=standings] tbody tr').count(), 50);
  assert.equal(await page.locator('[data-testid=crosstable] tbody tr').count(), 25);
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  assert.ok(elements < 20000, `${elements} elements`);
  await page.selectOption('tr[data-round="1"][data-red] select[data-testid=result] >> nth=0', '1-0');
  await page.waitForFunction(() => document.querySelector('[data-testid=standings] tbody tr')?.dataset.place === '1');
  await page.click('[data-testid=rounds-pager] [data-testid=page-next]');
  await page.waitForSelector('tr[data-round="2"][data-red]');
  await page.click('[data-testid=standings-pager] [data-testid=page-next]');
  await page.waitForFunction(() => document.querySelector('[data-testid=standings-pager] span').textContent.includes('51'));
  assert.equal(await page.locator('[data-testid=standings] tbody tr').count(), 50);
  // The saved event loads again: the page is not bricked.
  await page.reload();
  await page.waitForSelector('tr[data-round="1"][data-red]', { timeout: 60000 });
  await page.waitForFunction(() => document.querySelectorAll('tr[data-round="1"][data-red]').length === 250);
  assert.equal(await page.inputValue('tr[data-round="1"][data-red] select[data-testid=result] >> nth=0'), '1-0');
  assert.deepEqual(page.errors, []);
});

// On a working event, not only the empty form: every control, heading, label and
// message of a drawn team event with results, a withdrawal and line-ups is in one language.
const CJK = /[\u3400-\u9fff\u3000-\u303f\uff01-\uff5e]/;
const LATIN_OK = new Set(['JSON', 'CSV', 'SB']);
async function shownTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const shown = (el) => !el.closest('[translate="no"], [hidden], .t-print-only, .t-print-result')
      && getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
    const walker = document.createTreeWalker(document.querySelector('.tournament'), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.textContent.trim() && shown(n.parentElement)) out.push(n.textContent.trim());
    }
    for (const el of document.querySelectorAll('.tournament [placeholder], .tournament [title], .tournament [aria-label]')) {
      if (!shown(el)) continue;
      for (const a of ['placeholder', 'title', 'aria-label']) if (el.getAttribute(a)?.trim()) out.push(el.getAttribute(a).trim());
    }
    return out;
  });
}

for (const lang of ['zh', 'en']) {
  test(`a drawn team event in ${lang === 'zh' ? 'Chinese' : 'English'} shows no word of the other language`, async () => {
    const page = await app.newPage('#/tournament', { lang, waitFor: '[data-testid=create-form]' });
    await page.fill('[data-testid=event-name]', 'T');
    await page.check('[data-testid=kind-team]');
    await page.fill('[data-testid=boards]', '2');
    await page.selectOption('[data-testid=board-order]', 'substitutes');
    await page.click('[data-testid=create]');
    // Team and player names are single letters: names, not words of either language.
    await page.fill('[data-testid=entrant-list]', 'A: a, b, c\nB: d, e\nC: f, g\nD: h, i\nE: j, k');
    await page.click('[data-testid=add-entrants]');
    await page.click('[data-testid=number-as-listed]');
    await page.waitForSelector('tr[data-round="1"][data-red]');
    await page.selectOption('tr[data-round="1"][data-red] select[data-board="1"] >> nth=0', '1-0');
    await page.selectOption('tr[data-entrant="5"] select[data-testid=withdraw]', '0');
    await page.fill('tr[data-round="1"][data-lineup-for] [data-testid=lineup-first] >> nth=0', '1,x');
    await page.click('tr[data-round="1"][data-lineup-for] [data-testid=set-lineup] >> nth=0');
    await page.waitForSelector('[role=alert]');
    await page.click('.t-tiebreaks summary');
    const texts = await shownTexts(page);
    assert.ok(texts.length > 50, `the page shows text (${texts.length})`);
    const bad = lang === 'zh'
      ? texts.filter((t) => (t.match(/[A-Za-z]{2,}/g) || []).some((w) => !LATIN_OK.has(w)))
      : texts.filter((t) => CJK.test(t));
    assert.deepEqual(bad, [], `#/tournament (${lang}) shows words of the other language`);
    assert.deepEqual(page.errors, []);
  });
}

// a 30-player Swiss (积分编排制) over 7 rounds entered in #/swiss and printed, and a
// 16-entrant double-elimination bracket played through and printed on A3 landscape.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApp, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周'];
const GIVEN = ['一', '二', '三'];
const PLAYERS = Array.from({ length: 30 }, (_, i) => [`${SURNAMES[i % 10]}${GIVEN[Math.floor(i / 10)]}`, 2450 - 17 * ((i * 7) % 30)]);
const RESULTS = ['1-0', '½-½', '0-1', '1-0', '0-1'];

function pdfPages(buf) {
  return (buf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
}

test('a 30-player Swiss over 7 rounds: entrants, pairings, results, standings, TRF, print', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=swiss-create]' });
  await page.fill('[data-testid=swiss-name]', '周末积分编排赛');
  await page.fill('[data-testid=swiss-rounds]', '7');
  await page.click('[data-testid=swiss-create-button]');
  await page.waitForSelector('[data-testid=swiss-entrants]');
  await page.fill('[data-testid=swiss-entrants]', PLAYERS.map(([n, r]) => `${n}, ${r}`).join('\n'));
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=seed-rating]');
  assert.equal(await page.locator('[data-testid=swiss-entrant-table] tbody tr').count(), 30);

  const seen = new Set();
  for (let round = 1; round <= 7; round++) {
    await page.click('[data-testid=pair-round]');
    await page.waitForSelector('tr[data-board]');
    const boards = await page.$$eval('tr[data-board]', (trs) => trs.map((t) => [Number(t.dataset.red), Number(t.dataset.black)]));
    assert.equal(boards.length, 15, `round ${round}: 15 boards`);
    const everyone = boards.flat();
    assert.equal(new Set(everyone).size, 30, 'everyone paired once');
    for (const [a, b] of boards) {
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      assert.ok(!seen.has(key), `no rematch ${key}`);
      seen.add(key);
    }
    if (round === 1) {
      // C.04.3: top half against bottom half, colours alternating from number 1.
      assert.deepEqual(boards.slice(0, 3), [[1, 16], [17, 2], [3, 18]]);
    }
    if (round === 7) {
      // Print this round's pairings before recording it (the round records itself once every
      // board has its result).
      const buf = await page.pdf({ path: path.join(OUT, 'swiss-pairings.pdf'), preferCSSPageSize: true });
      assert.equal(pdfPages(buf), 1);
      const text = execFileSync('pdftotext', ['-layout', path.join(OUT, 'swiss-pairings.pdf'), '-']).toString();
      assert.match(text, /第 7 轮对阵/);
      assert.ok(!text.includes('登记本轮成绩'), 'buttons are not printed');
    }
    for (const [red, black] of boards) {
      await page.selectOption(`tr[data-red="${red}"][data-black="${black}"] select[data-testid=result]`, RESULTS[(red + black + round) % 5]);
    }
    await page.waitForFunction((r) => document.querySelectorAll('[data-testid=past-round]').length === r, round);
  }
  // Seven rounds planned and played: the pair button gives way to the end of the event.
  assert.equal(await page.locator('[data-testid=pair-round]').count(), 0, 'seven rounds planned');
  assert.match(await page.textContent('[data-testid=event-over]'), /全部 7 轮已赛完，赛事结束/);

  // Standings: 15.2 columns in order, points add up to 2 per game.
  const heads = await page.$$eval('[data-testid=swiss-standings] thead th[data-tiebreak]', (ths) => ths.map((t) => t.dataset.tiebreak));
  assert.deepEqual(heads, ['opp', 'wins', 'fouls']);
  const rows = await page.$$eval('[data-testid=swiss-standings] tbody tr[data-entrant]', (trs) =>
    trs.map((t) => ({ no: Number(t.dataset.entrant), place: Number(t.dataset.place), cells: [...t.children].map((c) => c.textContent.trim()) })));
  assert.equal(rows.length, 30);
  const total = rows.reduce((s, r) => s + Number(r.cells[3]), 0);
  assert.equal(total, 2 * 15 * 7);
  for (let i = 1; i < rows.length; i++) {
    assert.ok(Number(rows[i - 1].cells[3]) >= Number(rows[i].cells[3]), 'sorted by points');
  }

  // TRF out and back in: the same standings.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-trf]')]);
  const trf = fs.readFileSync(await dl.path(), 'utf8');
  fs.writeFileSync(path.join(OUT, 'swiss.trf'), trf);
  const lines = trf.split('\n').filter((l) => l.startsWith('001'));
  assert.equal(lines.length, 30);
  assert.ok(lines.every((l) => l.length >= 91 + 7 * 10 - 2), 'seven rounds on every line');
  assert.match(trf, /^XXR 7$/m);
  // The event shown has results: the import asks first.
  page.once('dialog', (d) => d.accept());
  await page.setInputFiles('[data-testid=import-trf]', { name: 'back.trf', mimeType: 'text/plain', buffer: Buffer.from(trf) });
  await page.waitForFunction(() => document.querySelector('[data-testid=swiss-settings]')?.textContent.startsWith('back'));
  const again = await page.$$eval('[data-testid=swiss-standings] tbody tr[data-entrant]', (trs) => trs.map((t) => Number(t.dataset.entrant)));
  assert.deepEqual(again, rows.map((r) => r.no));

  // Survives a reload.
  await page.reload();
  await page.waitForSelector('[data-testid=swiss-standings] tr[data-entrant]');
  assert.equal(await page.locator('[data-testid=past-round]').count(), 7);

  // Print the standings: names in rank order, controls hidden.
  await page.selectOption('[data-testid=print-part]', 'standings');
  const pdfPath = path.join(OUT, 'swiss-standings.pdf');
  const buf = await page.pdf({ path: pdfPath, preferCSSPageSize: true });
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  assert.match(text, /对手分/);
  assert.match(text, /胜局/);
  assert.ok(!text.includes('导入 TRF'), 'controls are not printed');
  const name = (no) => PLAYERS.map(([n, r]) => [n, r]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[no - 1][0];
  const positions = rows.slice(0, 10).map((r) => text.indexOf(name(r.no)));
  assert.ok(positions.every((p) => p >= 0), `top ten printed:\n${text}`);
  assert.deepEqual([...positions].sort((a, b) => a - b), positions, 'printed in rank order');
  assert.ok(pdfPages(buf) <= 2);
  assert.deepEqual(page.errors, []);
});

test('a 16-entrant double elimination bracket fills in and prints on A3 landscape', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=ko-create]' });
  const names = Array.from({ length: 16 }, (_, i) => `Team ${String.fromCharCode(65 + i)}`);
  await page.fill('[data-testid=ko-entrants]', names.join('\n'));
  await page.check('[data-testid=ko-double]');
  await page.click('[data-testid=ko-make]');
  await page.waitForSelector('[data-testid=bracket] [data-match]');
  // Round 1 follows the seed order: 1 v 16, 8 v 9, …
  assert.equal((await page.textContent('[data-match="1"] [data-testid=side-a]')).trim(), 'Team A');
  assert.equal((await page.textContent('[data-match="1"] [data-testid=side-b]')).trim(), 'Team P');
  let played = 0;
  for (;;) {
    const open = page.locator('[data-match]:not(.ko-done)').filter({ has: page.locator('[data-testid=win-a]:not([disabled])') }).first();
    if (await open.count() === 0) break;
    // Mostly the upper side wins; every third match the lower one, so the losers' bracket and
    // perhaps the grand-final replay are exercised.
    await open.locator(`[data-testid=${played % 3 === 2 ? 'win-b' : 'win-a'}]`).click();
    played++;
  }
  const champion = (await page.textContent('[data-testid=champion]')).trim();
  assert.match(champion, /^冠军：Team [A-P]$/);
  assert.ok(played === 30 || played === 31, `${played} matches in a 16-entrant double elimination`);
  await page.selectOption('[data-testid=print-part]', 'bracket');
  await page.selectOption('[data-testid=ko-paper]', 'A3');
  const pdfPath = path.join(OUT, 'knockout-double-16.pdf');
  const buf = await page.pdf({ path: pdfPath, preferCSSPageSize: true });
  const box = buf.toString('latin1').match(/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
  assert.ok(box && Number(box[1]) > 1180 && Number(box[2]) > 835 && Number(box[2]) < 850, `A3 landscape: ${box}`);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  assert.match(text, /胜者组第1轮/);
  assert.match(text, /败者组第1轮/);
  assert.match(text, /总决赛/);
  assert.ok(text.includes(champion), 'champion printed');
  assert.ok(!text.includes('生成对阵图'), 'controls are not printed');
  assert.deepEqual(page.errors, []);
});

test('groups then a crossover knockout: the bracket takes the group tables and prints as results arrive', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=ko-create]' });
  // Four groups in finishing order; the scheduler's crossover is A1–B2, C1–D2, B1–A2, D1–C2.
  const groups = {
    A: ['王天一', '郑惟桐', '孟辰'],
    B: ['赵鑫鑫', '谢靖', '许国义'],
    C: ['蒋川', '洪智', '陈幸琳'],
    D: ['汪洋', '孙勇征', '黄竹风'],
  };
  await page.fill('[data-testid=ko-groups]', Object.entries(groups).map(([g, ns]) => `${g}: ${ns.join(', ')}`).join('\n'));
  await page.click('[data-testid=ko-crossover]');
  await page.waitForSelector('[data-testid=bracket] [data-match]');
  const side = async (m, s) => (await page.textContent(`[data-match="${m}"] [data-testid=side-${s}]`)).trim();
  const firstRound = [];
  for (let m = 1; m <= 4; m++) firstRound.push([await side(m, 'a'), await side(m, 'b')]);
  assert.deepEqual(firstRound, [
    ['A1 王天一', 'B2 谢靖'],
    ['C1 蒋川', 'D2 孙勇征'],
    ['B1 赵鑫鑫', 'A2 郑惟桐'],
    ['D1 汪洋', 'C2 洪智'],
  ]);
  // The semi-finals wait for the quarter-finals, then fill in as winners are clicked.
  assert.equal(await side(5, 'a'), '—');
  await page.click('[data-match="1"] [data-testid=win-a]');
  await page.click('[data-match="2"] [data-testid=win-b]');
  assert.equal(await side(5, 'a'), 'A1 王天一');
  assert.equal(await side(5, 'b'), 'D2 孙勇征');
  // Print the bracket half-way: filled where known, pending elsewhere.
  await page.selectOption('[data-testid=print-part]', 'bracket');
  const halfPath = path.join(OUT, 'knockout-crossover-half.pdf');
  await page.pdf({ path: halfPath, preferCSSPageSize: true });
  const half = execFileSync('pdftotext', ['-layout', halfPath, '-']).toString();
  assert.match(half, /A1 王天一/);
  assert.match(half, /D1 汪洋/);
  assert.ok(!half.includes('冠军'), 'no champion yet');
  for (const m of [3, 4, 5, 6, 7, 8]) {
    await page.click(`[data-match="${m}"] [data-testid=win-a]`);
  }
  const champion = (await page.textContent('[data-testid=champion]')).trim();
  assert.equal(champion, '冠军：A1 王天一');
  const pdfPath = path.join(OUT, 'knockout-crossover.pdf');
  const buf = await page.pdf({ path: pdfPath, preferCSSPageSize: true });
  const box = buf.toString('latin1').match(/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
  assert.ok(box && Number(box[1]) > Number(box[2]), `landscape: ${box}`);
  assert.equal(pdfPages(buf), 1);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  assert.match(text, /三四名决赛/);
  assert.match(text, /冠军：A1 王天一/);
  assert.ok(!text.includes('交叉淘汰'), 'controls are not printed');
  // Three groups cannot cross over: the message is in the page's language.
  await page.fill('[data-testid=ko-groups]', 'A: a, b\nB: c, d\nC: e, f');
  await page.click('[data-testid=ko-crossover]');
  assert.match(await page.textContent('[role=alert]'), /交叉淘汰需要 2、4、8 或 16 个小组/);
  assert.deepEqual(page.errors, []);
});

test('a team Swiss entered board by board: line-ups, 13.3 colours, 15.4 columns, TRF team lines', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=swiss-create]' });
  await page.fill('[data-testid=swiss-name]', '团体积分编排赛');
  await page.fill('[data-testid=swiss-rounds]', '3');
  await page.check('[data-testid=swiss-team]');
  await page.fill('[data-testid=swiss-boards]', '4');
  await page.click('[data-testid=swiss-create-button]');
  await page.waitForSelector('[data-testid=swiss-entrants]');
  const teams = Array.from({ length: 6 }, (_, t) => `${'甲乙丙丁戊己'[t]}队: ${Array.from({ length: 5 }, (_, m) => `队${t}员${m} ${2300 - 30 * t - 10 * m}`).join(', ')}`);
  await page.fill('[data-testid=swiss-entrants]', teams.join('\n'));
  await page.click('[data-testid=add-entrants]');
  assert.equal(await page.locator('[data-testid=swiss-entrant-table] tbody tr').count(), 6);
  // A team with too few players is refused with the line named.
  await page.fill('[data-testid=swiss-entrants]', '庚队: 甲, 乙');
  await page.click('[data-testid=add-entrants]');
  assert.match(await page.textContent('[role=alert]'), /第 1 行：每场 4 台，该队只报了 2 名队员/);
  await page.fill('[data-testid=swiss-entrants]', '');

  for (let round = 1; round <= 3; round++) {
    await page.click('[data-testid=pair-round]');
    await page.waitForSelector('tr[data-board]');
    const matches = await page.locator('tr[data-board]').count();
    assert.equal(matches, 3);
    if (round === 1) {
      // The printed pairings list each match's boards with both players, colours by 13.3.
      const pdfPath = path.join(OUT, 'swiss-team-pairings.pdf');
      await page.pdf({ path: pdfPath, preferCSSPageSize: true });
      const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
      assert.match(text, /第 1 轮对阵/);
      assert.match(text, /先走队/);
      assert.match(text, /红\s+队0员0\s+黑\s+队3员0/);
      assert.match(text, /红\s+队3员1\s+黑\s+队0员1/);
      assert.ok(!text.includes('登记本轮成绩'), 'buttons are not printed');
    }
    for (let m = 1; m <= matches; m++) {
      const sheet = page.locator('[data-testid=team-sheet]').nth(m - 1);
      if (round === 1 && m === 1) {
        // 13.3: the first-move team's players sit on Red on boards 1 and 3, Black on 2 and 4.
        const red = await sheet.locator('tr[data-seat] [data-testid=seat-red] option:checked').allTextContents();
        const black = await sheet.locator('tr[data-seat] [data-testid=seat-black] option:checked').allTextContents();
        assert.deepEqual(red.map((n) => n.slice(0, 2)), ['队0', '队3', '队0', '队3']);
        assert.deepEqual(black.map((n) => n.slice(0, 2)), ['队3', '队0', '队3', '队0']);
        // 12.2: the substitute plays board 4 for the first-move team.
        await sheet.locator('tr[data-seat="4"] [data-testid=seat-black]').selectOption('4');
        // A reversed line-up (board 1's player from board 4) is entered first: refused below.
        await sheet.locator('tr[data-seat="1"] [data-testid=seat-red]').selectOption('3');
      }
      const results = ['1-0', '½-½', '0-1', (round + m) % 2 ? '1-0' : '½-½'];
      for (let b = 1; b <= 4; b++) {
        await sheet.locator(`tr[data-seat="${b}"] [data-testid=board-result]`).selectOption(results[b - 1]);
      }
    }
    if (round === 1) {
      // Every board has a result, but the reversed line-up is refused (12.2): nothing is recorded.
      assert.match(await page.textContent('[role=alert]'), /12\.2/);
      assert.equal(await page.locator('[data-testid=past-round]').count(), 0);
      const pdfPath = path.join(OUT, 'swiss-team-pairings.pdf');
      await page.pdf({ path: pdfPath, preferCSSPageSize: true });
      const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
      assert.match(text, /红\s+队3员3\s+黑\s+队0员4/);
      // Put right, the round records itself.
      const sheet = page.locator('[data-testid=team-sheet]').first();
      await sheet.locator('tr[data-seat="1"] [data-testid=seat-red]').selectOption('0');
    }
    await page.waitForFunction((r) => document.querySelectorAll('[data-testid=past-round]').length === r, round);
  }
  const heads = await page.$$eval('[data-testid=swiss-standings] thead th[data-tiebreak]', (ths) => ths.map((t) => t.textContent.trim()));
  assert.deepEqual(heads, ['团体对手分', '全队总局分', '全队胜场', '全队犯规']);
  const rows = await page.$$eval('[data-testid=swiss-standings] tbody tr[data-entrant]', (trs) => trs.map((t) => [...t.children].map((c) => c.textContent.trim())));
  // Match points 2 a match; game points 8 a match (4 boards × 2).
  assert.equal(rows.reduce((s, r) => s + Number(r[3]), 0), 3 * 3 * 2);
  assert.equal(rows.reduce((s, r) => s + Number(r[5]), 0), 3 * 3 * 8);
  // The substitute's board is in the round's results.
  assert.match(await page.locator('[data-testid=past-round]').first().textContent(), /队0员4/);

  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-trf]')]);
  const trf = fs.readFileSync(await dl.path(), 'utf8');
  fs.writeFileSync(path.join(OUT, 'swiss-team.trf'), trf);
  assert.equal(trf.split('\n').filter((l) => l.startsWith('001')).length, 30);
  assert.equal(trf.split('\n').filter((l) => l.startsWith('013')).length, 6);
  page.once('dialog', (d) => d.accept());
  await page.setInputFiles('[data-testid=import-trf]', { name: 'team-back.trf', mimeType: 'text/plain', buffer: Buffer.from(trf) });
  await page.waitForFunction(() => document.querySelector('[data-testid=swiss-settings]')?.textContent.startsWith('team-back'));
  const again = await page.$$eval('[data-testid=swiss-standings] tbody tr[data-entrant]', (trs) => trs.map((t) => [...t.children].map((c) => c.textContent.trim())));
  assert.deepEqual(again.map((r) => r.slice(1)), rows.map((r) => r.slice(1)));
  assert.deepEqual(page.errors, []);
});

// a saved Swiss that does not add up (an opponent past the field, the last player
// removed) is set aside with the storage message; the page starts fresh instead of dying.
test('a saved Swiss that does not add up is set aside, and the page starts fresh', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=swiss-create]' });
  const game = (opponent, color, outcome) => ({ Game: { opponent, color, outcome, played: true } });
  const entrants = () => Array.from({ length: 6 }, (_, i) => ({
    name: `P${i + 1}`, rating: 2000 - i,
    history: [game(i ^ 1, i % 2 ? 'Black' : 'Red', i % 2 ? 'Loss' : 'Win')],
  }));
  const saved = (es) => JSON.stringify({ name: 'broken', event: { entrants: es, rounds_planned: 5, first_color: 'Red' }, pending: null, results: [] });
  const far = entrants();
  far[0].history[0].Game.opponent = 999;
  const cases = [saved(far), saved(entrants().slice(0, 5))];
  for (const [k, raw] of cases.entries()) {
    await page.evaluate((v) => localStorage.setItem('xq.swiss.event', v), raw);
    await page.reload();
    await page.waitForSelector('[data-testid=storage-problem]');
    assert.match(await page.textContent('[data-testid=storage-problem]'), /xq\.swiss\.event 无法读取，已另存为 xq\.swiss\.event\.corrupt\./);
    await page.waitForSelector('[data-testid=swiss-create]');
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('xq.swiss.event.corrupt.')).map((key) => localStorage.getItem(key)));
    assert.equal(kept.length, k + 1, 'every bad save kept aside');
    assert.ok(kept.includes(raw), 'the raw save is kept');
  }
  assert.deepEqual(page.errors, []);
});

// an event saved by the previous version of the app (version 1: each entrant's fields beside its
// record, a `withdrawn` flag) opens as it was, and is saved again as version 2.
test('a Swiss saved by version 1 opens with its withdrawal and the round being played', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=swiss-create]' });
  const game = (opponent, color, outcome) => ({ Game: { opponent, color, outcome, played: true } });
  const card = (name, rating, history, withdrawn) => ({ name, rating, history, next: null, withdrawn, fouls: 0, game_points: [] });
  const v1 = JSON.stringify({
    version: 1, name: 'Club Swiss',
    event: {
      entrants: [
        card('P1', 2000, [game(2, 'Red', 'Win'), game(1, 'Black', 'Win')], false),
        card('P2', 1999, [game(3, 'Black', 'Draw'), game(0, 'Red', 'Loss')], false),
        card('P3', 1998, [game(0, 'Black', 'Loss'), 'Bye'], false),
        card('P4', 1997, [game(1, 'Red', 'Draw'), { Absent: 'Zero' }], true),
      ],
      rounds_planned: 3, first_color: 'Red', accelerated: false, boards: null,
    },
    pending: { round: 3, boards: [{ red: 2, black: 1 }], bye: 0 }, results: [''], sheets: [],
  });
  await page.evaluate((v) => { localStorage.clear(); localStorage.setItem('xq.swiss.event', v); }, v1);
  await page.reload();
  await page.waitForSelector('[data-testid=swiss-entrant-table]');
  assert.equal(await page.locator('[data-testid=storage-problem]').count(), 0);
  const withdrawn = await page.locator('[data-testid=withdrawn]').evaluateAll((boxes) => boxes.map((b) => b.checked));
  assert.deepEqual(withdrawn, [false, false, false, true]);
  assert.equal(await page.locator('[data-testid=pairing]').count(), 1);
  await page.locator('[data-testid=fouls]').first().fill('1');
  await page.locator('[data-testid=fouls]').first().dispatchEvent('change');
  await page.waitForFunction(() => localStorage.getItem('xq.swiss.event')?.includes('"version":2'));
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('xq.swiss.event')));
  assert.deepEqual(saved.event.entrants.map((c) => c.entrant.withdrawn_after), [null, null, null, 1]);
  assert.equal(saved.event.entrants[0].entrant.fouls, 1);
  assert.deepEqual(page.errors, []);
});

// a 16-player, 3-round Swiss on the 1/½/0 scale.
test('16 players on 1/½/0: results record as entered, the event ends, TRF ranks and tournament lines match, imports ask and can be undone', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=swiss-create]' });
  await page.fill('[data-testid=swiss-name]', '十六人赛');
  await page.fill('[data-testid=swiss-rounds]', '3');
  await page.selectOption('[data-testid=swiss-scale]', 'fide');
  await page.click('[data-testid=swiss-create-button]');
  await page.fill('[data-testid=swiss-entrants]', PLAYERS.slice(0, 16).map(([n, r]) => `${n}, ${r}`).join('\n'));
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=seed-rating]');
  const info = { city: '上海', start: '2026/03/14', end: '2026/03/15', kind: 'Individual: Swiss-System', arbiter: '张裁判', 'round-dates': '26/03/14 26/03/14 26/03/15' };
  await page.click('.t-info summary');
  for (const [key, value] of Object.entries(info)) {
    await page.fill(`[data-testid=info-${key}]`, value);
    await page.locator(`[data-testid=info-${key}]`).dispatchEvent('change');
  }
  const results = ['1-0', '½-½', '0-1', '1-0', '½-½'];
  const entered = new Map();
  for (let round = 1; round <= 3; round++) {
    await page.click('[data-testid=pair-round]');
    await page.waitForSelector('tr[data-board]');
    const boards = await page.$$eval('tr[data-board]', (trs) => trs.map((t) => [t.dataset.red, t.dataset.black]));
    assert.equal(boards.length, 8);
    assert.equal(await page.locator('[data-testid=record-round]').count(), 0, 'no separate record click');
    for (const [k, [red, black]] of boards.entries()) {
      entered.set(`${red}-${black}`, results[(k + round) % 5]);
      await page.selectOption(`tr[data-red="${red}"][data-black="${black}"] select[data-testid=result]`, results[(k + round) % 5]);
      if (k === 0) assert.equal(await page.locator('[data-testid=past-round]').count(), round - 1, 'recorded only once every board has its result');
    }
    await page.waitForFunction((r) => document.querySelectorAll('[data-testid=past-round]').length === r, round);
  }
  assert.equal(await page.locator('[data-testid=pair-round]').count(), 0);
  assert.match(await page.textContent('[data-testid=event-over]'), /全部 3 轮已赛完，赛事结束/);
  // A wrong result is corrected by taking the last round back: its results are kept, and
  // changing one records the round again.
  await page.click('[data-testid=reopen-round]');
  await page.waitForSelector('tr[data-board]');
  assert.equal(await page.locator('[data-testid=past-round]').count(), 2);
  assert.equal(await page.locator('[data-testid=event-over]').count(), 0);
  const first = await page.$eval('tr[data-board="1"]', (t) => `${t.dataset.red}-${t.dataset.black}`);
  const was = await page.inputValue('tr[data-board="1"] select[data-testid=result]');
  assert.equal(was, entered.get(first));
  await page.selectOption('tr[data-board="1"] select[data-testid=result]', was === '0-1' ? '1-0' : '0-1');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=past-round]').length === 3);
  await page.waitForSelector('[data-testid=event-over]');
  const screen = await page.$$eval('[data-testid=swiss-standings] tbody tr[data-entrant]', (trs) =>
    trs.map((t) => ({ no: Number(t.dataset.entrant), place: Number(t.dataset.place), cells: [...t.children].map((c) => c.textContent.trim()) })));
  // 1/½/0: 24 games, one point each.
  const value = (cell) => (cell.endsWith('½') ? Number(cell.slice(0, -1) || 0) + 0.5 : Number(cell));
  assert.equal(screen.reduce((s, r) => s + value(r.cells[3]), 0), 24);
  assert.ok(screen.some((r) => r.cells[3].endsWith('½')), 'draws shown as ½');

  // The exported ranks are the places on screen (points, then 对手分, 胜局, 犯规), and the
  // tournament lines are written.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-trf]')]);
  const trf = fs.readFileSync(await dl.path(), 'utf8');
  fs.writeFileSync(path.join(OUT, 'swiss-16.trf'), trf);
  const ranks = Object.fromEntries(trf.split('\n').filter((l) => l.startsWith('001')).map((l) => [Number(l.slice(4, 8)), Number(l.slice(85, 89))]));
  for (const r of screen) assert.equal(ranks[r.no], r.place, `rank of ${r.no}`);
  for (const line of [/^012 十六人赛$/m, /^022 上海$/m, /^042 2026\/03\/14$/m, /^052 2026\/03\/15$/m, /^062 16$/m, /^092 Individual: Swiss-System$/m, /^102 张裁判$/m, /^132 {88}26\/03\/14  26\/03\/14  26\/03\/15$/m]) {
    assert.match(trf, line);
  }

  // Files that read no player are refused; the event stays.
  for (const buffer of [Buffer.alloc(0), Buffer.alloc(16), Buffer.from('XXR 5\n')]) {
    // A fresh page has no message yet, so each refusal is seen anew.
    await page.reload();
    await page.waitForSelector('[data-testid=import-trf]', { state: 'attached' });
    await page.setInputFiles('[data-testid=import-trf]', { name: 'empty.trf', mimeType: 'text/plain', buffer });
    await page.waitForSelector('[role=alert]');
    assert.match(await page.textContent('[role=alert]'), /文件中没有选手行（001），未导入任何内容/);
    assert.equal(await page.locator('[data-testid=past-round]').count(), 3);
  }
  // Replacing an event with results asks first; "no" keeps it.
  const other = ['XXR 5', '001    1      甲'.padEnd(89), '001    2      乙'.padEnd(89)].join('\n');
  let asked = new Promise((resolve) => page.once('dialog', (d) => { resolve(d.message()); d.dismiss(); }));
  await page.setInputFiles('[data-testid=import-trf]', { name: 'other.trf', mimeType: 'text/plain', buffer: Buffer.from(other) });
  assert.match(await asked, /导入将替换已有成绩的赛事“十六人赛”/);
  assert.match(await page.textContent('[data-testid=swiss-settings]'), /^十六人赛/);
  assert.equal(await page.locator('[data-testid=past-round]').count(), 3);
  // "Yes" replaces it, and the replaced event can be restored, even after a reload.
  asked = new Promise((resolve) => page.once('dialog', (d) => { resolve(d.message()); d.accept(); }));
  await page.setInputFiles('[data-testid=import-trf]', { name: 'other.trf', mimeType: 'text/plain', buffer: Buffer.from(other + '\n') });
  await asked;
  await page.waitForFunction(() => document.querySelector('[data-testid=swiss-settings]')?.textContent.startsWith('other'));
  assert.equal(await page.locator('[data-testid=past-round]').count(), 0);
  await page.reload();
  await page.click('[data-testid=swiss-restore]');
  await page.waitForFunction(() => document.querySelector('[data-testid=swiss-settings]')?.textContent.startsWith('十六人赛'));
  assert.equal(await page.locator('[data-testid=past-round]').count(), 3);
  const again = await page.$$eval('[data-testid=swiss-standings] tbody tr[data-entrant]', (trs) => trs.map((t) => [...t.children].map((c) => c.textContent.trim())));
  assert.deepEqual(again, screen.map((r) => r.cells));
  // The tournament lines came back with it, and read back from the file they were written to.
  await page.click('.t-info summary');
  assert.equal(await page.inputValue('[data-testid=info-arbiter]'), '张裁判');
  page.once('dialog', (d) => d.accept());
  await page.setInputFiles('[data-testid=import-trf]', { name: 'swiss-16.trf', mimeType: 'text/plain', buffer: Buffer.from(trf) });
  await page.waitForFunction(() => document.querySelector('[data-testid=swiss-settings]')?.textContent.startsWith('swiss-16'));
  await page.click('.t-info summary');
  for (const [key, value] of Object.entries(info)) {
    assert.equal(await page.inputValue(`[data-testid=info-${key}]`), value, key);
  }
  const reread = await page.$$eval('[data-testid=swiss-standings] tbody tr[data-entrant]', (trs) => trs.map((t) => Number(t.dataset.place)));
  assert.deepEqual(reread, screen.map((r) => r.place));
  assert.deepEqual(page.errors, []);
});

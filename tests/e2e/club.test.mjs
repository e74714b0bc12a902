// The club: 30 members imported from a spreadsheet's CSV, a round robin and a Swiss made from
// them and finished, the ratings updated with their history, the results page exported and opened
// offline at phone size with no request made, and certificates printed to PDF and read back.
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
const GIVEN = ['天一', '小明', '国强'];
const FORMULA = "=cmd|' /C calc'!A0";
// 30 members: the last with a formula-looking name; every fifth unrated.
const MEMBERS = Array.from({ length: 30 }, (_, i) => ({
  name: i === 29 ? FORMULA : `${SURNAMES[i % 10]}${GIVEN[Math.floor(i / 10)]}`,
  club: i % 2 ? '杭州, 西湖' : '上海',
  born: 1980 + i,
  sex: i % 3 ? '男' : '女',
  rating: i % 5 === 4 ? '' : String(2300 - 20 * i),
}));

/** The file as Excel's "CSV UTF-8" writes it: a byte-order mark, CRLF, quotes where needed. */
function spreadsheetCsv(rows) {
  const cell = (s) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [['姓名', '单位', '出生年份', '性别', '等级分'].join(',')];
  for (const r of rows) lines.push([r.name, r.club, String(r.born), r.sex, r.rating].map(cell).join(','));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')]);
}

/** Types into a field saved on change (the change fires as focus leaves). */
async function setField(page, testid, value) {
  await page.fill(`[data-testid=${testid}]`, value);
  await page.press(`[data-testid=${testid}]`, 'Tab');
}

async function download(page, click) {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: dl.suggestedFilename(), text: fs.readFileSync(await dl.path(), 'utf8') };
}

/** Ticks the first `n` members in the event page's "add from members" list, skipping `skip`. */
async function pickMembers(page, skip, n) {
  await page.click('[data-testid=from-members] summary');
  const boxes = page.locator('[data-testid=member-pick]');
  await boxes.first().waitFor();
  for (let i = skip; i < skip + n; i++) await boxes.nth(i).check();
  await page.click('[data-testid=add-chosen]');
}

test('members imported, two events made from them and rated, results page, certificates', async () => {
  const page = await app.newPage('#/club', { waitFor: '[data-testid=members]' });

  // A header without a name column: a clear message, nothing stored.
  await page.setInputFiles('[data-testid=member-file]', {
    name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('单位,等级分\r\n杭州,2000\r\n'),
  });
  assert.match(await page.textContent('[data-testid=import-error]'), /姓名列/);

  // The spreadsheet's file, with one row repeated: a preview first, then 30 added.
  const rows = [...MEMBERS, MEMBERS[3]];
  await page.setInputFiles('[data-testid=member-file]', { name: 'members.csv', mimeType: 'text/csv', buffer: spreadsheetCsv(rows) });
  await page.waitForSelector('[data-testid=import-preview] tr[data-status]');
  assert.equal(await page.locator('[data-testid=import-preview] tr[data-status=new]').count(), 30);
  assert.equal(await page.locator('[data-testid=import-preview] tr[data-status=dup]').count(), 1);
  assert.equal(await page.locator('[data-testid=members] tr[data-member]').count(), 0, 'nothing stored before confirming');
  await page.click('[data-testid=import-confirm]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=members] tr[data-member]').length === 30);
  const second = await page.$$eval('[data-testid=members] tr[data-member="2"] td', (tds) => tds.map((t) => t.textContent.trim()));
  assert.deepEqual(second.slice(1, 7), ['李天一', '', '杭州, 西湖', '1981', '男', '2280']);

  // A round robin of 8 members, the lower number winning every game (places 1 to 8 in order) …
  await page.goto(app.base + 'index.html#/tournament');
  await page.waitForSelector('[data-testid=create-form]');
  await page.fill('[data-testid=event-name]', '会员循环赛');
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=entrant-list]');
  // The date and organiser are typed with the event and kept with it across a reload.
  await setField(page, 'event-date', '2026-12-01');
  await setField(page, 'organiser', '杭州象棋俱乐部');
  await page.reload();
  await page.waitForSelector('[data-testid=entrant-list]');
  assert.equal(await page.inputValue('[data-testid=event-date]'), '2026-12-01');
  assert.equal(await page.inputValue('[data-testid=organiser]'), '杭州象棋俱乐部');
  await pickMembers(page, 0, 8);
  assert.equal((await page.inputValue('[data-testid=entrant-list]')).split('\n').length, 8);
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=number-as-listed]');
  await page.waitForSelector('tr[data-round][data-red]');
  const games = await page.$$eval('tr[data-round][data-red]', (trs) => trs.map((t) => [t.dataset.round, t.dataset.red, t.dataset.black]));
  assert.equal(games.length, 28);
  for (const [round, red, black] of games) {
    await page.selectOption(`tr[data-round="${round}"][data-red="${red}"][data-black="${black}"] select[data-testid=result]`, Number(red) < Number(black) ? '1-0' : '0-1');
  }
  // The results page is made on #/club (its own bundle): the event page links there.
  assert.equal(await page.getAttribute('[data-testid=publish-link]', 'href'), '#/club?publish');

  // … and a 3-round Swiss of 10 others.
  await page.goto(app.base + 'index.html#/swiss');
  await page.waitForSelector('[data-testid=swiss-create]');
  await page.fill('[data-testid=swiss-name]', '会员积分赛');
  await page.fill('[data-testid=swiss-rounds]', '3');
  await page.click('[data-testid=swiss-create-button]');
  await page.waitForSelector('[data-testid=swiss-entrants]');
  await setField(page, 'event-date', '2026-12-02');
  await pickMembers(page, 8, 10);
  assert.match(await page.inputValue('[data-testid=swiss-entrants]'), /, \d{4}/);
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=seed-rating]');
  for (let round = 1; round <= 3; round++) {
    await page.click('[data-testid=pair-round]');
    await page.waitForSelector('tr[data-board]');
    const boards = await page.$$eval('tr[data-board]', (trs) => trs.map((t) => [t.dataset.red, t.dataset.black]));
    for (const [red, black] of boards) {
      await page.selectOption(`tr[data-red="${red}"][data-black="${black}"] select[data-testid=result]`, round === 2 ? '½-½' : '1-0');
    }
    await page.waitForFunction((r) => document.querySelectorAll('[data-testid=past-round]').length === r, round);
  }

  // A knockout of four, its date and organiser kept with the bracket; the upper side wins each
  // match (1–4 and 2–3 in the semi-finals), so 王天一 is first and 李天一 second.
  await page.fill('[data-testid=ko-entrants]', '王天一\n李天一\n张天一\n刘天一');
  await page.selectOption('[data-testid=ko-seeding]', 'listed');
  await page.click('[data-testid=ko-make]');
  await page.fill('[data-testid=ko-details] [data-testid=event-date]', '2026-12-03');
  await page.press('[data-testid=ko-details] [data-testid=event-date]', 'Tab');
  await page.fill('[data-testid=ko-details] [data-testid=organiser]', '杭州象棋俱乐部');
  await page.press('[data-testid=ko-details] [data-testid=organiser]', 'Tab');
  for (let played = 0; played < 4; played++) await page.click('.ko-match:not(.ko-done) [data-testid=win-a]:not([disabled])');
  await page.waitForFunction(() => document.querySelectorAll('.ko-match.ko-done').length === 4);

  // The timetable's entrants box has the picker too: a filter, "all" of what it shows, added in
  // order under what the box holds; a name with quotes is shown as written.
  await page.goto(app.base + 'index.html#/schedule');
  await page.waitForSelector('[data-testid=entrants]');
  await page.fill('[data-testid=entrants]', '甲');
  await page.click('[data-testid=from-members] summary');
  await page.fill('[data-testid=member-filter]', 'cmd');
  assert.equal(await page.textContent('[data-testid=from-members] .c-pick-one'), FORMULA);
  await page.fill('[data-testid=member-filter]', '王');
  assert.equal(await page.locator('[data-testid=member-pick]').count(), 3);
  await page.click('[data-testid=pick-all]');
  await page.click('[data-testid=add-chosen]');
  assert.equal(await page.inputValue('[data-testid=entrants]'), '甲\n王天一\n王小明\n王国强');
  assert.equal(await page.locator('[data-testid=member-pick]:checked').count(), 0, 'the ticks are cleared');

  // Rated on the club page: each event once, each change traced to its games, a graph.
  await page.goto(app.base + 'index.html#/club');
  await page.waitForSelector('[data-event]');
  assert.equal(await page.textContent('[data-event="会员循环赛"] [data-testid=event-details]'), '2026-12-01 · 杭州象棋俱乐部');
  await page.click('[data-event="会员循环赛"] [data-testid=rate-event]');
  await page.waitForSelector('[data-event="会员循环赛"] [data-testid=rate-event][disabled]');
  await page.click('[data-event="会员积分赛"] [data-testid=rate-event]');
  await page.waitForSelector('[data-event="会员积分赛"] [data-testid=rate-event][disabled]');
  // Member 1 (2300, K 40 as new) won all 7; the game against the unrated member 5 does not count:
  // 6 games, 40 × Σ(1 − E) > 0.
  const first = page.locator('[data-testid=rating-list] tr[data-rated="1"]');
  assert.ok(Number((await first.locator('[data-testid=rating]').textContent()).trim()) > 2300);
  await first.locator('[data-testid=history] summary').click();
  assert.match(await first.locator('[data-testid=history] li').first().textContent(), /会员循环赛 2026-12-01 : 2300 → \d+ \(K 40\)/);
  assert.equal((await first.locator('[data-testid=history] li').first().textContent()).split(';').length, 6);
  // Member 5, unrated, has a first rating from their 7 games against rated members (8.2).
  assert.match(await page.textContent('[data-testid=rating-list] tr[data-rated="5"] [data-testid=rating]'), /^\d{4}$/);
  // A second rating of the same event is refused.
  assert.equal(await page.locator('[data-event="会员循环赛"] [data-testid=rate-event][disabled]').count(), 1);
  // A game played at the club, read from a PGN's tags, recorded and rated by itself.
  const ratingOf = async (id) => Number((await page.textContent(`[data-testid=rating-list] tr[data-rated="${id}"] [data-testid=rating]`)).trim());
  const [red0, black0] = [await ratingOf(1), await ratingOf(2)];
  await page.fill('[data-testid=game-pgn-text]', '[Red "王天一"]\n[Black "李天一"]\n[Date "2026.12.05"]\n[Result "*"]\n\n1. h2e2 *\n');
  await page.press('[data-testid=game-pgn-text]', 'Tab');
  assert.deepEqual(
    [await page.getAttribute('[data-testid=game-red]', 'data-member'), await page.getAttribute('[data-testid=game-black]', 'data-member'), await page.inputValue('[data-testid=game-date]'), await page.inputValue('[data-testid=game-result]')],
    ['1', '2', '2026-12-05', '*']);
  // The pickers show the members found by name.
  assert.deepEqual([await page.inputValue('[data-testid=game-red] input'), await page.inputValue('[data-testid=game-black] input')], ['王天一', '李天一']);
  // Unfinished: refused, nothing rated.
  await page.click('[data-testid=record-game-button]');
  assert.match(await page.textContent('[data-testid=record-note]'), /未完成的对局不能计算等级分/);
  assert.equal(await ratingOf(1), red0);
  // Red won: both ratings move, the change names the game, its date, opponent and result.
  await page.selectOption('[data-testid=game-result]', '1-0');
  await page.click('[data-testid=record-game-button]');
  await page.waitForFunction((r) => Number(document.querySelector('[data-testid=rating-list] tr[data-rated="1"] [data-testid=rating]').textContent) > r, red0);
  assert.ok(await ratingOf(2) < black0);
  const last = page.locator('[data-testid=rating-list] tr[data-rated="2"] [data-testid=history] li').last();
  await page.click('[data-testid=rating-list] tr[data-rated="2"] [data-testid=history] summary');
  assert.match(await last.textContent(), /王天一 – 李天一 2026-12-05 : \d+ → \d+ \(K \d+\) — 王天一 \(\d+\) 0$/);
  // The same two on the same date again: refused until confirmed.
  const red1 = await ratingOf(1);
  await page.click('[data-testid=record-game-button]');
  assert.match(await page.textContent('[data-testid=record-note]'), /已记录过/);
  assert.equal(await ratingOf(1), red1);
  await page.click('[data-testid=record-game-confirm]');
  await page.waitForFunction((r) => Number(document.querySelector('[data-testid=rating-list] tr[data-rated="1"] [data-testid=rating]').textContent) > r, red1);

  // The history survives a reload; the graph shows once a member has changes.
  await page.reload();
  await page.waitForSelector('[data-testid=rating-list] tr[data-rated]');
  assert.ok(await page.locator('[data-testid=rating-list] [data-testid=history-graph]').count() >= 8);
  const csv = await download(page, () => page.click('[data-testid=rating-csv]'));
  assert.match(csv.text.split('\n')[0], /^rank,name,/);
  assert.ok(csv.text.includes(`"'${FORMULA.replace(/"/g, '""')}"`), 'the formula-looking name is neutralised');

  // The round robin's results page, with a QR code of where it will be uploaded.
  await page.fill('[data-testid=results-address]', 'https://club.example/results.html');
  const rrPage = await download(page, () => page.click('[data-event="会员循环赛"] [data-testid=export-html]'));
  assert.match(rrPage.name, /\.html$/);
  assert.ok(rrPage.text.includes('王天一') && rrPage.text.includes('<svg'), 'names and the QR code');
  assert.ok(rrPage.text.includes('<html lang="zh-CN">') && rrPage.text.includes('交叉表'), 'in the page\'s language');
  assert.ok(!/<script/i.test(rrPage.text));
  assert.ok(rrPage.text.includes('2026-12-01 · 杭州象棋俱乐部'), 'the date and organiser saved with the event');
  const swissPage = await download(page, () => page.click('[data-event="会员积分赛"] [data-testid=export-html]'));
  assert.equal((swissPage.text.match(/<section class="round">/g) || []).length, 3);
  assert.ok(swissPage.text.includes('<p>2026-12-02</p>'), 'the Swiss\'s own date');

  // The knockout's certificates: its places from the bracket, with its own date and organiser.
  assert.equal(await page.textContent('[data-event="淘汰赛"] [data-testid=event-details]'), '2026-12-03 · 杭州象棋俱乐部');
  const koCerts = await download(page, () => page.click('[data-event="淘汰赛"] [data-testid=certificates]'));
  for (const s of ['王天一', '李天一', '第一名', '第二名', '2026-12-03']) assert.ok(koCerts.text.includes(s), `${s} in the knockout's certificates`);

  // Certificates for the first three of the round robin, printed to one A4 landscape PDF.
  const certs = await download(page, () => page.click('[data-event="会员循环赛"] [data-testid=certificates]'));
  const printer = await app.browser.newPage();
  await printer.setContent(certs.text);
  const pdfPath = path.join(OUT, 'club-certificates.pdf');
  const buf = await printer.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
  assert.equal((buf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length, 3);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  for (const s of ['荣誉证书', '会员循环赛', '第一名', '第三名', '1st place', '3rd place', '杭州象棋俱乐部', '2026-12-01']) {
    assert.ok(text.includes(s), `${s} in the certificates`);
  }
  await printer.close();

  // The results page, opened offline at phone size: no request at all, nothing wider than the phone.
  const phone = await app.browser.newContext({ viewport: { width: 390, height: 844 }, offline: true });
  const view = await phone.newPage();
  const requests = [];
  view.on('request', (r) => requests.push(r.url()));
  const file = path.join(OUT, 'club-results.html');
  fs.writeFileSync(file, rrPage.text);
  await view.goto('file://' + file);
  assert.deepEqual(requests.filter((u) => !u.startsWith('file://')), []);
  assert.equal(await view.locator('section.round').count(), 7);
  assert.equal(await view.locator('table.standings tbody tr').count(), 8);
  assert.equal(await view.locator('table.crosstable tbody tr').count(), 8);
  assert.ok(await view.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scroll of the page');
  await phone.close();
  assert.deepEqual(page.errors, []);
});

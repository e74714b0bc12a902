// Printouts of the match scheduler and late changes: session sheets on
// A4 landscape with umpires (16.4), all rounds on one page, slips several to a page, standings and
// crosstable, each page with the event name, dates and page numbers, read back from the PDF with
// pdftotext; a match moved to a new session with the rest re-solved; a withdrawal after a session.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApp, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

// Long names with long words (and Chinese names) to see that none is broken mid-word.
const NAMES = [
  'Alexandrina Konstantinopoulou', 'Bartholomew Featherstonehaugh', '欧阳修远', '司马光明', 'Maximilian Wolfeschlegel',
  '诸葛亮亮', 'Christabel Montgomery-Smythe', '上官婉儿', 'Wenceslas Oppenheimer', '张三', '李四', '王五',
  'Evangeline Throckmorton', '赵六', '钱七', '孙八', 'Ferdinand Saxe-Coburg', '周九', '吴十',
];

async function setUp(page) {
  await page.fill('[data-testid=entrants]', NAMES.join('\n'));
  await page.fill('[data-testid=event-name]', '周三象棋夜');
  await page.selectOption('[data-testid=scoring]', 'xiangqi');
  await page.fill('[data-testid=first-date]', '2026-12-02');
  await page.fill('[data-testid=every-days]', '7');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
}

/** Opens the organiser's desk print screen (`#/schedule?print`, its own bundle) from the scheduler. */
async function openPrint(page) {
  if (/\?print/.test(page.url())) return;
  await page.click('[data-testid=print-open]');
  await page.waitForSelector('[data-testid=print-mode]');
}

async function printAs(page, mode, file) {
  await openPrint(page);
  await page.selectOption('[data-testid=print-mode]', mode);
  await page.waitForSelector(`[data-testid=printout][data-mode=${mode}]`, { state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  const pdf = path.join(OUT, file);
  await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: false });
  await page.emulateMedia({ media: 'screen' });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '1', pdf]).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(info)[1]);
  const [w, h] = /Page\s+1 size:\s+([\d.]+) x ([\d.]+)/.exec(info).slice(1).map(Number);
  return { pdf, text, pages, landscape: w > h };
}

/** Every word of 6+ letters that starts a line fragment also ends whole: no word is split. */
function assertWordsWhole(text, label) {
  for (const name of NAMES) {
    for (const word of name.split(/[\s-]+/).filter((w) => w.length >= 6)) {
      const head = word.slice(0, 4);
      const heads = text.split(head).length - 1;
      const wholes = text.split(word).length - 1;
      assert.ok(wholes >= 1, `${label}: ${word} printed`);
      assert.equal(heads, wholes, `${label}: ${word} broken mid-word`);
    }
  }
}

test('session sheets, rounds, slips and standings print on A4 with the event name, dates and page numbers', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await setUp(page);
  const score = (i) => page.locator('[data-testid=score]').nth(i);
  const enter = async (i, text) => { await score(i).fill(text); await score(i).dispatchEvent('change'); };
  await enter(0, '1-0');
  await enter(1, '和');
  await enter(2, '-/+');

  // A sheet per session, landscape since 7 tables do not fit across a portrait page.
  const sheets = await printAs(page, 'sessions', 'print-sessions.pdf');
  assert.equal(sheets.pages, 8, 'one A4 page per session');
  assert.ok(sheets.landscape, 'landscape for 7 tables');
  assert.match(sheets.text, /周三象棋夜/);
  assert.match(sheets.text, /2026-12-02 – 2027-01-20/);
  assert.match(sheets.text, /第\s*1\s*页\s*\/\s*共\s*8\s*页/);
  assert.match(sheets.text, /第\s*8\s*页\s*\/\s*共\s*8\s*页/);
  assert.match(sheets.text, /第8场次/);
  assert.match(sheets.text, /裁判/);
  assert.doesNotMatch(sheets.text, /开始编排/, 'controls are not printed');
  assertWordsWhole(sheets.text, 'sheets');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', sheets.pdf, path.join(OUT, 'print-sessions')]);

  // All 19 rounds: these long names take two portrait pages at the smallest type (short names
  // fit one, below).
  const rounds = await printAs(page, 'rounds', 'print-rounds.pdf');
  assert.ok(rounds.pages <= 2, `${rounds.pages} pages`);
  assert.ok(!rounds.landscape);
  assert.match(rounds.text, /第1轮/);
  assert.match(rounds.text, /第19轮/);
  assert.match(rounds.text, new RegExp(`第\\s*1\\s*页\\s*/\\s*共\\s*${rounds.pages}\\s*页`));
  assertWordsWhole(rounds.text, 'rounds');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', rounds.pdf, path.join(OUT, 'print-rounds')]);

  // Slips: several to a page, with umpire duties.
  const slips = await printAs(page, 'slips', 'print-slips.pdf');
  // 18 matches and the umpire duties of such long names take half a page: two slips a page.
  assert.ok(slips.pages <= 10, `19 slips on ${slips.pages} pages`);
  assert.equal(await page.locator('[data-testid=slip]').count(), 19);
  for (const name of NAMES) assert.ok(slips.text.includes(name), `slip of ${name}`);
  assert.match(slips.text, /裁判：/);
  assert.match(slips.text, new RegExp(`第\\s*${slips.pages}\\s*页\\s*/\\s*共\\s*${slips.pages}\\s*页`));
  assertWordsWhole(slips.text, 'slips');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', slips.pdf, path.join(OUT, 'print-slips')]);

  // Standings with every tie-break named, and the crosstable.
  const table = await printAs(page, 'standings', 'print-standings.pdf');
  assert.match(table.text, /周三象棋夜/);
  assert.match(table.text, /名次表与交叉表/);
  assert.equal(await page.locator('[data-testid=printout] [data-testid=crosstable] tbody tr').count(), 19);
  assert.match(table.text, /½/);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', table.pdf, path.join(OUT, 'print-standings')]);

  assert.deepEqual(page.errors, []);
});

test('an unplayed match moves to a new session and the rest is re-solved; a withdrawal after a session', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await setUp(page);
  const score = (i) => page.locator('[data-testid=score]').nth(i);
  await score(0).fill('1-0');
  await score(0).dispatchEvent('change');
  const played = await score(0).getAttribute('data-fixture');

  // Late changes are on the organiser's desk (`#/schedule?changes`, its own bundle).
  await page.click('[data-testid=changes-open]');
  await page.waitForSelector('[data-testid=sessions-over]');
  // Session 1 is over; one of its matches was not played.
  await page.selectOption('[data-testid=sessions-over]', '1');
  const options = await page.$$eval('[data-testid=move-match] option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.ok(!options.some(([v]) => v === played), 'a played match cannot be moved');
  // The list holds one session's matches at a time.
  assert.ok(options.filter(([v]) => v).every(([, t]) => /第1场次/.test(t)), JSON.stringify(options.slice(0, 4)));
  await page.selectOption('[data-testid=move-session]', '2');
  const second = await page.$$eval('[data-testid=move-match] option', (os) => os.filter((o) => o.value).map((o) => o.textContent));
  assert.ok(second.length > 0 && second.every((t) => /第2场次/.test(t)), second.slice(0, 4).join('|'));
  await page.selectOption('[data-testid=move-session]', '1');
  const missed = options.find(([v, t]) => v && /第1场次/.test(t));
  assert.ok(missed, JSON.stringify(options.slice(0, 4)));
  await page.selectOption('[data-testid=move-match]', missed[0]);
  await page.selectOption('[data-testid=move-target]', 'new');
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); })
      .observe({ type: 'longtask', buffered: false });
  });
  const t0 = Date.now();
  await page.click('[data-testid=move]');
  // The change is shown match by match first, then accepted.
  await page.click('[data-testid=change-accept]');
  await page.waitForSelector('[data-testid=message]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=resolving]'), null, { timeout: 30000 });
  const longest = await page.evaluate(() => Math.max(0, ...window.__long));
  console.log(`move + re-solve of the rest: ${Date.now() - t0} ms wall, longest main-thread task ${Math.round(longest)} ms`);
  assert.match(await page.textContent('[data-testid=message]'), /已调动/);
  assert.equal(await page.locator('[data-testid=session-page]').count(), 9, 'a ninth session');
  const label = missed[1].split(' · ')[0];
  const cells = await page.$$eval('[data-testid=session-page]:last-child [data-testid=match]', (tds) => tds.map((td) => td.textContent));
  assert.ok(cells.includes(label), `the moved match ${label} is in session 9: ${cells}`);
  assert.equal(await page.locator('[data-testid=timetable] [data-testid=match]').count(), 171);

  // Entrant 5 withdraws after session 4 (20.3): its later matches are forfeits.
  await page.selectOption('[data-testid=withdraw-after-entrant]', '5');
  await page.selectOption('[data-testid=withdraw-after-session]', '4');
  await page.click('[data-testid=withdraw-after]');
  await page.click('[data-testid=change-accept]');
  await page.waitForFunction(() => /已登记退出/.test(document.querySelector('[data-testid=message]')?.textContent ?? ''));

  // Back on the scheduler: the form, the results and the standings show both changes.
  await page.click('[data-testid=desk-back]');
  await page.waitForSelector('[data-testid=score]');
  assert.equal(await page.inputValue('[data-testid=sessions]'), '9');
  assert.equal(await page.locator('[data-testid=session-page]').count(), 9);
  assert.equal(await score(0).inputValue(), '1-0', 'the played match keeps its result');
  assert.ok(await page.locator('[data-testid=forfeit]').count() >= 1);
  assert.match(await page.textContent('[data-testid=standings] tr[data-entrant="5"]'), /退出/);

  // A reload keeps the ninth session.
  await page.reload();
  await page.waitForSelector('[data-testid=session-page]');
  assert.equal(await page.locator('[data-testid=session-page]').count(), 9);
  assert.deepEqual(page.errors, []);
});

test('all rounds of a 19-entrant round robin with short names fit one page, in English too', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.fill('[data-testid=event-name]', 'Wednesday club');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  await page.click('[data-testid=lang-toggle]');
  await openPrint(page);
  await page.waitForSelector('[data-testid=print-mode] option[value=rounds]:text("all rounds on one page")', { state: 'attached' });
  const rounds = await printAs(page, 'rounds', 'print-rounds-short.pdf');
  assert.equal(rounds.pages, 1, 'all rounds fit one page');
  assert.match(rounds.text, /Wednesday club/);
  assert.match(rounds.text, /Round 1\b/);
  assert.match(rounds.text, /Round 19/);
  assert.match(rounds.text, /Page 1 of 1/);
  const pt = await page.$eval('[data-testid=rounds]', (el) => parseFloat(el.style.fontSize));
  assert.ok(pt >= 7.5, `type of ${pt} pt`);
  // Short names: four slips a page, with cut lines.
  const slips = await printAs(page, 'slips', 'print-slips-short.pdf');
  assert.ok(slips.pages <= 5, `19 slips on ${slips.pages} pages`);
  assert.match(slips.text, /Umpire: /);
  assert.match(slips.text, /Page 1 of \d/);
  assert.deepEqual(page.errors, []);
});

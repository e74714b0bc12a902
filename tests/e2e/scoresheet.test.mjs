// The scoresheet (记录纸, articles 7 and 10.1): blank and filled sheets print as one A4 page with
// the moves on it; PGN import (paste, file, garbled) and export (download) work in the browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startApp, OUT } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const SHEET = '[data-testid=scoresheet]';
// 1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 炮８进４ (the example of rule 7.5).
const MOVES = 'h2e2,h9g7,h0g2,i9h9,i0h0,h7h3';

async function printPdf(page, name) {
  await page.emulateMedia({ media: 'print' });
  const file = path.join(OUT, name);
  const buf = await page.pdf({ path: file, format: 'A4', printBackground: false });
  const pages = (buf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  return { pages, text };
}

test('a filled sheet prints on one A4 page with the moves by rounds', async () => {
  const page = await app.newPage('#/scoresheet?moves=' + MOVES, { waitFor: SHEET });
  assert.equal((await page.textContent('[data-round="1"][data-side=red]')).trim(), '炮二平五');
  assert.equal((await page.textContent('[data-round="1"][data-side=black]')).trim(), '马８进７');
  assert.equal((await page.textContent('[data-round="3"][data-side=black]')).trim(), '炮８进４');
  await page.fill('[data-testid=field-Event]', '俱乐部月赛');
  await page.fill('[data-testid=field-Red]', '张三');
  await page.fill('[data-testid=field-Black]', '李四');
  await page.fill('[data-testid=field-RedTime]', '35分');
  await page.selectOption('[data-testid=field-Result]', '1-0');
  assert.equal((await page.textContent('[data-testid=sheet-red]')).trim(), '张三');
  const { pages, text } = await printPdf(page, 'scoresheet-filled.pdf');
  assert.equal(pages, 1, 'one A4 page');
  for (const s of ['中国象棋比赛记录纸', '俱乐部月赛', '张三', '李四', '炮二平五', '马８进７', '马二进三',
    '车９平８', '车一平二', '炮８进４', '35分', '☑', '裁判员', '60']) {
    assert.ok(text.includes(s), `PDF has ${s}`);
  }
  assert.ok(!text.includes('导入 PGN'), 'controls are not printed');
  // Short form of article 7.5: 炮25 马87 …, the 进 digit underlined.
  await page.emulateMedia({ media: 'screen' });
  await page.check('[data-testid=form-short]');
  assert.equal((await page.textContent('[data-round="1"][data-side=red]')).trim(), '炮25');
  assert.equal((await page.textContent('[data-round="1"][data-side=black]')).trim(), '马87');
  assert.equal(await page.locator('[data-round="1"][data-side=black] .advance').count(), 1);
  const short = await printPdf(page, 'scoresheet-short.pdf');
  assert.equal(short.pages, 1);
  assert.ok(short.text.includes('炮25') && short.text.includes('炮84'), short.text.slice(0, 400));
  assert.deepEqual(page.errors, []);
});

test('the blank sheet has rounds 1-60 on one A4 page', async () => {
  const page = await app.newPage('#/scoresheet?blank', { waitFor: SHEET });
  assert.equal(await page.locator(`${SHEET} [data-side=red]`).count(), 60);
  assert.equal((await page.textContent(`${SHEET} [data-round="60"][data-side=black]`)).trim(), '');
  const { pages, text } = await printPdf(page, 'scoresheet-blank.pdf');
  assert.equal(pages, 1);
  for (const s of ['回合', '红方', '黑方', '用时', '犯规', '签字', '1', '30', '31', '60']) {
    assert.ok(text.includes(s), `PDF has ${s}`);
  }
  assert.deepEqual(page.errors, []);
});

test('PGN paste, GBK file, garbled input and download', async () => {
  const page = await app.newPage('#/scoresheet?blank', { waitFor: SHEET });
  await page.fill('[data-testid=pgn-text]', '[Red "许银川"]\n1. C2.5 h9g7 2. 马二进三 車９平８ 1-0');
  await page.click('[data-testid=pgn-import]');
  assert.equal((await page.textContent('[data-round="2"][data-side=black]')).trim(), '车９平８');
  assert.equal((await page.textContent('[data-testid=sheet-red]')).trim(), '许银川');
  // A GBK file from xqbase imports through the file picker.
  const gbk = path.join(root, 'tests/data/games/raw/xqbase+eleeye/CCGC/01.宝岛一号(先负)相眼竞技(A1-A2).PGN');
  await page.setInputFiles('[data-testid=pgn-file]', gbk);
  await page.waitForFunction(() => document.querySelector('[data-testid=sheet-red]').textContent.includes('宝岛一号'));
  assert.equal((await page.textContent('[data-round="1"][data-side=red]')).trim(), '炮八平五');
  // A garbled game: the error names the move; the current game stays until the user loads the part.
  await page.fill('[data-testid=pgn-text]', '1. 炮二平五 马８进７ 2. 马二进三 马８进７');
  await page.click('[data-testid=pgn-import]');
  assert.match(await page.textContent('[data-testid=pgn-error]'), /读到第 2 回合黑方（第 4 步）时停止：.*没有符合的棋子/);
  // The same reason in English after the switch, where first (issue 57.9), with no Chinese
  // sentence left over.
  await page.click('[data-testid=lang-toggle]');
  assert.match(await page.textContent('[data-testid=pgn-error]'), /^Import stopped after ply 3: Line 1, column 22: stopped at move 2\.\.\..*no such piece/);
  await page.click('[data-testid=lang-toggle]');
  assert.equal((await page.textContent('[data-round="1"][data-side=red]')).trim(), '炮八平五');
  await page.click('[data-testid=pgn-load-partial]');
  assert.equal((await page.textContent('[data-round="2"][data-side=red]')).trim(), '马二进三');
  assert.equal((await page.textContent('[data-round="2"][data-side=black]')).trim(), '');
  await page.click('[data-testid=undo-import]');
  assert.equal((await page.textContent('[data-round="1"][data-side=red]')).trim(), '炮八平五');
  // Export: the downloaded WXF PGN holds the game.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-wxf]')]);
  const saved = fs.readFileSync(await download.path(), 'utf8');
  assert.match(saved, /\[Format "WXF"\]/);
  assert.match(saved, /1\. C8\.5 H2\+3/);
  assert.match(download.suggestedFilename(), /\.pgn$/);
  assert.deepEqual(page.errors, []);
});

test('a corrupt saved game is reported and set aside, not a blank page', async () => {
  const page = await app.newPage('#/scoresheet', { waitFor: SHEET });
  await page.evaluate(() => localStorage.setItem('xq.scoresheet.pgn', '1. 炮二平五 马８进７ 2. 车一进九'));
  await page.reload();
  await page.waitForSelector(SHEET);
  assert.match(await page.textContent('[role=alert]'), /corrupt/);
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('xq.scoresheet.pgn.corrupt.')).map((k) => localStorage.getItem(k)));
  assert.deepEqual(aside, ['1. 炮二平五 马８进７ 2. 车一进九']);
  assert.deepEqual(page.errors, []);
});

test('opening a game from a link keeps the saved game restorable', async () => {
  const page = await app.newPage('#/scoresheet?moves=h2e2', { waitFor: SHEET });
  await page.fill('[data-testid=field-Red]', '王五');
  await page.goto(app.base + 'index.html#/scoresheet?moves=b2e2,h9g7');
  await page.waitForFunction(() => document.querySelector('[data-round="1"][data-side=black]')?.textContent.includes('马'));
  assert.equal((await page.textContent('[data-round="1"][data-side=red]')).trim(), '炮八平五');
  await page.click('[data-testid=undo-import]');
  assert.equal((await page.textContent('[data-round="1"][data-side=red]')).trim(), '炮二平五');
  assert.equal((await page.textContent('[data-testid=sheet-red]')).trim(), '王五');
  assert.deepEqual(page.errors, []);
});

// A game resigned on the board prints its result; the header survives a reload.
test('a resigned game\'s sheet ticks the result, and the header survives a reload', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7', { waitFor: '[data-testid=board]' });
  await page.click('[data-testid=resign-black]');
  await page.click('[data-testid=confirm-yes]');
  const href = await page.getAttribute('[data-testid=scoresheet-link]', 'href');
  assert.match(href, /result=1-0/);
  await page.click('[data-testid=scoresheet-link]');
  await page.waitForSelector(SHEET);
  assert.match(await page.textContent('[data-testid=sheet-result]'), /☑ 红胜/);
  await page.fill('[data-testid=field-Event]', '俱乐部月赛');
  await page.fill('[data-testid=field-Round]', '3');
  await page.fill('[data-testid=field-Red]', '张三');
  await page.fill('[data-testid=field-Date]', '2026-11-30');
  await page.reload();
  await page.waitForSelector(SHEET);
  assert.equal((await page.textContent('[data-testid=sheet-event]')).trim(), '俱乐部月赛');
  assert.equal((await page.textContent('[data-testid=sheet-red]')).trim(), '张三');
  assert.equal(await page.inputValue('[data-testid=field-Round]'), '3');
  assert.match(await page.textContent('[data-testid=sheet-result]'), /☑ 红胜/);
  assert.deepEqual(page.errors, []);
});

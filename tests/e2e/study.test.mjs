// The study on #/play: a tree of variations built by clicking, a comment, a mark and an arrow on
// the move they belong to; it survives a reload, exports as PGN and DhtmlXQ, and opens again in a
// fresh browser (pasted, chosen or dropped on the board); libraries open as a searchable list;
// projector mode shows the comment large; both languages and a phone's width.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, playMoves, clickPoint, OUT, pasteGame } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

// Black's digits may be written full-width (８) as in published archives; compare them as ASCII.
const ascii = (t) => t.trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xFF10 + 48));
const listText = async (page) => ascii((await page.textContent('[data-testid=move-list]')).replace(/\s+/g, ' '));
const varMoves = async (page) => (await page.$$eval('[data-testid=move-list] .var-move', (els) => els.map((e) => e.textContent))).map(ascii);
const current = async (page) => ascii(await page.textContent('[data-testid=move-list] .current'));
const center = async (page, sq) => {
  const b = await page.locator(`[data-testid=board] [data-square="${sq}"]`).boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
};
const arrow = async (page, from, to) => {
  const [x1, y1] = await center(page, from);
  const [x2, y2] = await center(page, to);
  await page.mouse.move(x1, y1);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(x2, y2, { steps: 3 });
  await page.mouse.up({ button: 'right' });
};
const download = async (page, testid) => {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid=${testid}]`)]);
  return fs.readFileSync(await dl.path(), 'utf8');
};
const fresh = async (opts = {}) => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]', ...opts });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  return page;
};
const paste = pasteGame;

// Built once by clicking, shared by the tests that read it back.
let built;

test('a tree built by clicking: two variations, a comment, a mark and an arrow; a reload keeps it', async () => {
  const page = await fresh();
  await playMoves(page, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  // From an earlier position the board asks; "new variation" keeps the main line.
  await page.click('[data-testid=move-list] [data-ply="1"]');
  await playMoves(page, ['b9c7']);
  await page.click('[data-testid=confirm-variation]');
  // The variation goes on without asking.
  await playMoves(page, ['b0c2']);
  assert.equal(await page.locator('[data-testid=confirm]').count(), 0);
  await page.click('[data-testid=move-list] [data-ply="2"]');
  await playMoves(page, ['c3c4']);
  await page.click('[data-testid=confirm-variation]');
  assert.deepEqual(await varMoves(page), ['马2进3', '马八进七', '兵七进一']);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 4, 'the main line stays');
  assert.equal(await page.locator('[data-testid=variations]').count(), 2);
  // A comment, a mark and an arrow on 兵七进一.
  await page.fill('[data-testid=comment]', '仙人指路式的变化');
  await page.click('[data-testid=mark-5]');
  await arrow(page, 'b0', 'c2');
  assert.equal(await page.locator('.mark-arrow').count(), 1);
  assert.match(await listText(page), /兵七进一\s*!\?\s*仙人指路式的变化/);
  // The arrow belongs to the move: gone one move back, back with it.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('.mark-arrow').count(), 0);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('.mark-arrow').count(), 1);
  assert.equal(await page.inputValue('[data-testid=comment]'), '仙人指路式的变化');
  // ↑ goes to the main line's move at this point, ↓ back to the variation.
  await page.keyboard.press('ArrowUp');
  assert.equal(await current(page), '马二进三');
  await page.keyboard.press('ArrowDown');
  assert.match(await current(page), /兵七进一/);
  const before = await listText(page);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await listText(page), before);
  assert.match(await current(page), /兵七进一/);
  assert.equal(await page.locator('.mark-arrow').count(), 1);
  // Promote, make main and delete act on the move shown.
  await page.click('[data-testid=move-list] .var-move >> nth=0');
  await page.click('[data-testid=promote]');
  assert.equal(ascii(await page.textContent('[data-testid=move-list] [data-ply="2"]')), '马2进3');
  await page.click('[data-testid=move-list] [data-ply="2"]');
  await page.keyboard.press('ArrowDown');
  await page.click('[data-testid=make-main]');
  assert.equal(ascii(await page.textContent('[data-testid=move-list] [data-ply="2"]')), '马8进7');
  assert.equal(await listText(page), before, 'the same tree after promoting back');
  built = { before, pgn: await download(page, 'export-tree-iccs'), dhtml: await download(page, 'export-tree-dhtmlxq') };
  assert.match(built.pgn, /\(/);
  assert.match(built.pgn, /\{[^}]*仙人指路式的变化/);
  assert.match(built.pgn, /\$5/);
  assert.match(built.pgn, /\[%cal Gb0c2\]/);
  // Kept as a named study, listed with its date; renamed, then deleted.
  await page.$eval('[data-testid=studies]', (d) => { d.open = true; });
  await page.fill('[data-testid=study-name]', '第一课');
  await page.click('[data-testid=study-save]');
  assert.match(await page.textContent('[data-testid=study]'), /第一课 \d{4}-\d\d-\d\d \d\d:\d\d/);
  await page.fill('[data-testid=study-name]', '中炮');
  await page.click('[data-testid=study-rename]');
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  await page.$eval('[data-testid=studies]', (d) => { d.open = true; });
  assert.match(await page.textContent('[data-testid=study]'), /^中炮/);
  const all = await download(page, 'studies-export');
  assert.match(all, /\[Event "中炮"\]/);
  await page.click('[data-testid=study-delete]');
  assert.equal(await page.locator('[data-testid=study]').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('the export opens as the same tree in a fresh browser: PGN pasted, DhtmlXQ dropped on the board', async () => {
  assert.ok(built, 'the tree was built');
  const page = await fresh();
  await paste(page, built.pgn);
  assert.equal(await listText(page), built.before);
  await page.click('[data-testid=move-list] .var-move >> text=兵七进一');
  assert.equal(await page.locator('.mark-arrow').count(), 1);
  assert.equal(await page.inputValue('[data-testid=comment]'), '仙人指路式的变化');
  const other = await fresh();
  const dt = await other.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'lesson.txt', { type: 'text/plain' }));
    return d;
  }, built.dhtml);
  await other.dispatchEvent('.board-wrap', 'drop', { dataTransfer: dt });
  await other.waitForSelector('[data-testid=move-list] .var-move');
  assert.deepEqual(await varMoves(other), ['马2进3', '马八进七', '兵七进一']);
  assert.match(await listText(other), /仙人指路式的变化/);
  // A file that is no game file is said, in the user's language.
  const junk = await other.evaluateHandle(() => {
    const d = new DataTransfer();
    d.items.add(new File([new Uint8Array([0, 1, 2, 3, 255])], 'x.bin'));
    return d;
  });
  await other.dispatchEvent('.board-wrap', 'drop', { dataTransfer: junk });
  assert.match(await other.textContent('[data-testid=notice]'), /无法识别的文件/);
  assert.deepEqual(await varMoves(other), ['马2进3', '马八进七', '兵七进一'], 'the game on the board stays');
  assert.deepEqual([...page.errors, ...other.errors], []);
});

const LIBRARY = `[Event "全国赛"]
[Red "许银川"]
[Black "吕钦"]
1. 炮二平五 马８进７ 2. 马二进三 车９平８ *

[Event "甲级联赛"]
[Red "胡荣华"]
[Black "柳大华"]
1. 兵七进一 (1. 相三进五) 卒７进１ *

[Event "学生课"]
[Title "仙人指路"]
1. 兵三进一 *
`;

test('a library opens as a list; search filters it by player, event and title; a game opens and plays through', async () => {
  const page = await fresh();
  await page.setInputFiles('[data-testid=open-file]', { name: 'club.pgn', mimeType: 'text/plain', buffer: Buffer.from(LIBRARY) });
  await page.waitForSelector('[data-testid=library]');
  assert.equal(await page.locator('[data-testid=library-game]').count(), 3);
  for (const [q, n] of [['许银川', 1], ['联赛', 1], ['仙人', 1], ['赛', 2], ['nobody', 0]]) {
    await page.fill('[data-testid=library-search]', q);
    assert.equal(await page.locator('[data-testid=library-game]').count(), n, q);
  }
  // The headers panel names the game's opening from its moves.
  await page.fill('[data-testid=library-search]', '许银川');
  await page.click('[data-testid=library-game]');
  const headers = await page.textContent('[data-testid=game-headers]');
  for (const w of ['全国赛', '许银川', '吕钦']) assert.ok(headers.includes(w), headers);
  assert.match(headers, /开局\s*中炮/);
  await page.fill('[data-testid=library-search]', '胡荣华');
  await page.click('[data-testid=library-game]');
  assert.deepEqual(await varMoves(page), ['相三进五']);
  assert.match(await page.textContent('[data-testid=game-headers]'), /甲级联赛.*胡荣华.*柳大华/s);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  assert.equal(await current(page), '兵七进一');
  await page.keyboard.press('ArrowRight');
  assert.equal(await current(page), '卒7进1');
  // Play on from the end of the game opened.
  await playMoves(page, ['b0c2']);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 3);
  assert.deepEqual(page.errors, []);
});

test('projector at 1920×1080 shows the comment large; English; a phone', async () => {
  const page = await fresh({ viewport: { width: 1920, height: 1080 } });
  await paste(page, '{开局前} 1. 炮二平五 {当头炮，控制中路} 马８进７ (1... 炮８平５ {顺炮}) *');
  await page.click('[data-testid=move-list] [data-ply="1"]');
  await page.click('[data-testid=projector]');
  const big = page.locator('[data-testid=projector-comment]');
  assert.equal(await big.textContent(), '当头炮，控制中路');
  const size = await big.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(size >= 32, `comment at ${size}px`);
  const box = await big.boundingBox();
  const board = await page.locator('[data-testid=board]').boundingBox();
  assert.ok(box.x >= board.x + board.width - 1, 'beside the board');
  await page.click('[data-testid=move-list] .var-move');
  assert.equal(await big.textContent(), '顺炮');
  await page.screenshot({ path: path.join(OUT, 'study-projector-1920.png') });
  await page.keyboard.press('Escape');
  await page.click('[data-testid=lang-toggle]');
  assert.equal((await page.textContent('[data-testid=promote]')).trim(), 'Promote variation');
  assert.equal(await page.getAttribute('[data-testid=comment]', 'aria-label'), 'Comment on this move');
  await page.click('[data-testid=lang-toggle]');
  assert.equal((await page.textContent('[data-testid=promote]')).trim(), '变着上移');
  const phone = await fresh({ viewport: { width: 390, height: 844 } });
  await paste(phone, '1. 炮二平五 马８进７ (1... 炮８平５ {顺炮} 2. 马二进三) 2. 马二进三 *');
  const list = await phone.locator('[data-testid=move-list]').boundingBox();
  assert.ok(list.x >= 0 && list.x + list.width <= 390, JSON.stringify(list));
  await phone.click('[data-testid=move-list] .var-move >> nth=1');
  assert.equal(await current(phone), '马二进三');
  await phone.screenshot({ path: path.join(OUT, 'study-phone.png'), fullPage: true });
  assert.deepEqual([...page.errors, ...phone.errors], []);
});

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

test('the club archive: a keyed XQF dropped on the board opens with its variations, headers and opening; a CBL opens as a list and a game plays through', async () => {
  const page = await fresh();
  const xqf = [...fs.readFileSync(path.join(ROOT, 'tests/data/xqf/study-v12-keyed.xqf'))];
  const dt = await page.evaluateHandle((bytes) => {
    const d = new DataTransfer();
    d.items.add(new File([new Uint8Array(bytes)], 'lesson.xqf'));
    return d;
  }, xqf);
  await page.dispatchEvent('.board-wrap', 'drop', { dataTransfer: dt });
  await page.waitForSelector('[data-testid=move-list] .var-move');
  assert.ok((await varMoves(page)).includes('炮8平5'), (await varMoves(page)).join(' '));
  assert.match(await listText(page), /中炮，最常见的开局/);
  const headers = await page.textContent('[data-testid=game-headers]');
  for (const w of ['全国象棋个人赛', '北京', '许银川', '吕钦', '中炮']) assert.ok(headers.includes(w), headers);
  await page.setInputFiles('[data-testid=open-file]', { name: 'club.cbl', mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(ROOT, 'tests/data/cbr/club.cbl')) });
  await page.waitForSelector('[data-testid=library]');
  assert.equal(await page.locator('[data-testid=library-game]').count(), 2);
  await page.fill('[data-testid=library-search]', '顺炮');
  await page.click('[data-testid=library-game]');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  assert.equal(await current(page), '炮二平五');
  assert.deepEqual(page.errors, []);
});

// Issue 55 on #/play at a laptop's 1366×768, in both languages: playing a different move mid-game
// offers a new variation first and names what the cut deletes, and every deletion from the tree
// can be undone (button and Ctrl+Z); a game file's result opens the game as over; a file's warning
// names it and goes when the next file opens; a library comes into view with its search focused;
// the move list follows the move shown and folds a long opening comment; a mark keeps the board
// and the editing controls on the screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp, playMoves, pasteGame } from './harness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LAPTOP = { width: 1366, height: 768 };
// A real 120-ply game (World Championships 1997) from the test set; it ends 0-1 by no rule.
const record = fs.readFileSync(path.join(ROOT, 'tests/data/games/games.jsonl'), 'utf8')
  .split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((g) => g.id === 'g169');

/** The record as PGN in ICCS with `extra` tags, result `result`, and an optional opening comment. */
function pgnOf(result, extra = '', intro = '') {
  const tags = Object.entries(record.tags).map(([k, v]) => `[${k} "${v}"]`).join('\n');
  const moves = record.moves_iccs.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m)).join(' ');
  return `${tags}\n[Result "${result}"]\n${extra}\n${intro ? `{${intro}}\n` : ''}${moves} ${result}\n`;
}

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const fresh = async (lang = 'zh') => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]', viewport: LAPTOP, lang });
  await page.evaluate(() => localStorage.clear());
  await page.evaluate((l) => localStorage.setItem('xq.lang', l), lang);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  return page;
};
const paste = pasteGame;
const plies = (page) => page.locator('[data-testid=move-list] [data-ply]').count();
const waitPlies = (page, n) => page.waitForFunction((k) => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === k, n);
const inView = async (page, selector) => {
  const b = await page.locator(selector).boundingBox();
  return b && b.y >= 0 && b.y + b.height <= LAPTOP.height && b.x >= 0 && b.x + b.width <= LAPTOP.width;
};

for (const lang of ['zh', 'en']) {
  test(`${lang}: a move mid-game offers a new variation first; the cut says what it deletes; every deletion is undone`, async () => {
    const page = await fresh(lang);
    await paste(page, pgnOf('*'));
    await waitPlies(page, 120);
    await page.click('[data-testid=move-list] [data-ply="2"]');
    await playMoves(page, ['a0a1']);
    await page.waitForSelector('[data-testid=confirm]');
    // The new variation is first, primary and focused (Enter takes it); the cut is named.
    const buttons = await page.$$eval('[data-testid=confirm] button', (bs) => bs.map((b) => [b.dataset.testid, b.className]));
    assert.deepEqual(buttons.map(([t]) => t), ['confirm-variation', 'confirm-yes', 'confirm-no']);
    assert.match(buttons[0][1], /primary/);
    assert.doesNotMatch(buttons[1][1], /primary/);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'confirm-variation');
    const cut = lang === 'zh' ? '删去此后 118 着' : 'Delete the 118 moves after this';
    assert.equal((await page.textContent('[data-testid=confirm-yes]')).trim(), cut);
    await page.click('[data-testid=confirm-yes]');
    await waitPlies(page, 3);
    // Ctrl+Z brings the 118 moves back, and the cut move goes.
    await page.keyboard.press('Control+z');
    await waitPlies(page, 120);
    assert.equal(await page.locator('[data-testid=move-list] .var-move').count(), 0);

    // Delete variation and delete from here, each undone with the button.
    await page.click('[data-testid=move-list] [data-ply="2"]');
    await playMoves(page, ['a0a1']);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=move-list] .var-move');
    await page.click('[data-testid=delete-variation]');
    assert.equal(await page.locator('[data-testid=move-list] .var-move').count(), 0);
    assert.match(await page.textContent('[data-testid=deleted]'), lang === 'zh' ? /已删去 1 着/ : /1 move deleted/);
    await page.click('[data-testid=undo-delete]');
    await page.waitForSelector('[data-testid=move-list] .var-move');
    await page.click('[data-testid=move-list] [data-ply="40"]');
    await page.click('[data-testid=delete-from]');
    await waitPlies(page, 39);
    await page.click('[data-testid=undo-delete]');
    await waitPlies(page, 120);
    assert.equal(await page.locator('[data-testid=undo-delete]').count(), 0, 'one undo per deletion');
    assert.deepEqual(page.errors, []);
  });

  test(`${lang}: a game file whose result is 0-1 opens as over, saying how, until continued`, async () => {
    const page = await fresh(lang);
    await page.setInputFiles('[data-testid=open-file]', {
      name: 'wxc1997.pgn', mimeType: 'text/plain', buffer: Buffer.from(pgnOf('0-1', '[Termination "resign"]')),
    });
    await waitPlies(page, 120);
    const status = page.locator('[data-testid=status]');
    await page.waitForSelector('[data-testid=status][data-result="0-1"]');
    assert.equal(await status.getAttribute('data-reason'), 'recorded');
    assert.equal((await status.textContent()).trim(),
      lang === 'zh' ? '终局（据棋谱）：黑胜（认输）' : 'Game over, as the file records: Black won (resign)');
    await page.waitForSelector('[data-testid=board-over]');
    for (const b of ['takeback', 'offer-draw', 'resign-red', 'resign-black']) {
      assert.ok(await page.locator(`[data-testid=${b}]`).isDisabled(), `${b} is off`);
    }
    // Continuing makes it a new line: the result goes, the game goes on.
    await page.click('[data-testid=continue-play]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=status]').dataset.result);
    assert.match(await status.textContent(), lang === 'zh' ? /第120着后，轮到红方走棋/ : /After ply 120: Red to move/);
    assert.ok(await page.locator('[data-testid=takeback]').isEnabled());
    assert.equal(await page.locator('[data-testid=board-over]').count(), 0);
    assert.deepEqual(page.errors, []);
  });
}

test('a keyed XQF with a stray record after a line opens with every variation; its warning names it and goes with the next file', async () => {
  const page = await fresh('zh');
  const stray = fs.readFileSync(path.join(ROOT, 'tests/data/xqf/junk-leaf-v18.xqf'));
  await page.setInputFiles('[data-testid=open-file]', { name: 'stray.xqf', mimeType: 'application/octet-stream', buffer: stray });
  const notice = page.locator('[data-testid=notice]');
  await notice.first().waitFor();
  // Both lines: the main line's four moves and the variation 1... 炮8平5 2. 马二进三.
  await waitPlies(page, 4);
  const vars = await page.$$eval('[data-testid=move-list] .var-move', (els) => els.map((e) => e.textContent.trim()));
  assert.deepEqual(vars.map((t) => t.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xFF10 + 48))), ['炮8平5', '马二进三']);
  assert.match(await notice.first().textContent(), /^stray\.xqf：XQF，第 1044 字节：第 5 步（e5–e6）不合规则.*其余变着均已读入/);
  await page.click('[data-testid=lang-toggle]');
  assert.match(await notice.first().textContent(), /^stray\.xqf: XQF, byte 1044: move 5 \(e5–e6\).*every other line is read/);
  await page.setInputFiles('[data-testid=open-file]', { name: 'lesson.xqf', mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(ROOT, 'tests/data/xqf/study-v18.xqf')) });
  await page.waitForFunction(() => ![...document.querySelectorAll('[data-testid=notice]')].some((n) => n.textContent.includes('stray.xqf')));
  assert.equal(await notice.count(), 0);
  assert.deepEqual(page.errors, []);
});

for (const lang of ['zh', 'en']) {
  test(`${lang}: a CBL library comes into view with its search box focused`, async () => {
    const page = await fresh(lang);
    await page.setInputFiles('[data-testid=open-file]', { name: 'club.cbl', mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(ROOT, 'tests/data/cbr/club.cbl')) });
    await page.waitForSelector('[data-testid=library]');
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'library-search');
    assert.ok(await inView(page, '[data-testid=library-search]'), `search at ${JSON.stringify(await page.locator('[data-testid=library-search]').boundingBox())}`);
    assert.ok(await inView(page, '[data-testid=library-game] >> nth=0'));
    assert.deepEqual(page.errors, []);
  });

  test(`${lang}: an opened game's list shows its last move; a long opening comment is folded`, async () => {
    const page = await fresh(lang);
    const intro = Array.from({ length: 12 }, (_, i) => `第${i + 1}段：本局双方布局稳健，中局红方多兵，残局黑方车马冷着取胜。`).join('\n');
    await paste(page, pgnOf('*', '', intro));
    await waitPlies(page, 120);
    const visibleIn = (sel) => page.$eval(sel, (el) => {
      const list = el.closest('[data-testid=move-list]').getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.top >= list.top - 1 && r.bottom <= list.bottom + 1;
    });
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid=move-list] .current');
      const list = document.querySelector('[data-testid=move-list]').getBoundingClientRect();
      const r = el?.getBoundingClientRect();
      return r && r.top >= list.top - 1 && r.bottom <= list.bottom + 1;
    });
    assert.equal(await page.getAttribute('[data-testid=move-list] .current', 'data-ply'), '120');
    // Stepping back to the start brings move 1 into view.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid=move-list] .current');
      const list = document.querySelector('[data-testid=move-list]').getBoundingClientRect();
      const r = el?.getBoundingClientRect();
      return r && r.top >= list.top - 1 && r.bottom <= list.bottom + 1;
    });
    assert.ok(await visibleIn('[data-testid=move-list] [data-ply="1"]'));
    // The comment takes a few lines, not the list; it unfolds on demand.
    const comment = page.locator('[data-testid=list-comment]').first();
    const lineHeight = await comment.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 18);
    assert.ok((await comment.boundingBox()).height <= lineHeight * 3.5, `folded: ${(await comment.boundingBox()).height}`);
    const toggle = page.locator('[data-testid=intro-toggle]');
    assert.equal((await toggle.textContent()).trim(), lang === 'zh' ? '展开全文' : 'Show all');
    await toggle.click();
    assert.ok((await comment.boundingBox()).height > lineHeight * 10);
    assert.equal((await toggle.textContent()).trim(), lang === 'zh' ? '收起' : 'Show less');
    assert.deepEqual(page.errors, []);
  });

  test(`${lang}: a mark on a move keeps the board and the editing controls on a laptop's screen`, async () => {
    const page = await fresh(lang);
    await paste(page, pgnOf('*'));
    await waitPlies(page, 120);
    // The view a player has while annotating: the record at the top of the window (not wherever
    // the paste box left the page, which moves with the height of the other columns).
    await page.locator('[data-testid=move-list]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.click('[data-testid=move-list] [data-ply="30"]');
    await page.click('[data-testid=mark-5]');
    assert.equal(await page.getAttribute('[data-testid=mark-5]', 'aria-pressed'), 'true');
    await page.waitForTimeout(100);
    for (const sel of ['[data-testid=board]', '[data-testid=mark-5]', '[data-testid=comment]', '[data-testid=delete-from]']) {
      assert.ok(await inView(page, sel), `${sel} at ${JSON.stringify(await page.locator(sel).boundingBox())}, scrolled ${await page.evaluate(() => scrollY)}`);
    }
    assert.deepEqual(page.errors, []);
  });
}

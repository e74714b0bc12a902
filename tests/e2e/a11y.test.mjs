// Play without a mouse, and for everyone: an axe-core audit of every page in both languages, a
// whole game played from the keyboard (typed moves and the board's grid) with every move said in
// the live region, typed moves refused with the board's reasons, piece sets drawn at phone and
// projector sizes (screenshots under /tmp/a11y-shots), sound and reduced motion.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { startApp, clickPoint, selectStrongestLevel } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const SHOTS = '/tmp/a11y-shots';

const PAGES = [
  '#/play',
  '#/scoresheet',
  '#/clock',
  '#/tournament',
  '#/schedule',
  '#/schedule?print',
  '#/schedule?hall',
  '#/schedule?changes',
  '#/swiss',
];

test('axe-core: every page in both languages has no serious or critical violation', async () => {
  const page = await app.newPage('#/play', { waitFor: '#main' });
  const found = [];
  for (const lang of ['zh', 'en']) {
    await page.evaluate((l) => localStorage.setItem('xq.lang', l), lang);
    for (const hash of PAGES) {
      // A fresh load starts the hash's own bundle (and reads the language) at once.
      await page.goto('about:blank');
      await page.goto(app.base + 'index.html' + hash);
      await page.waitForSelector('#main > *', { timeout: 20000 });
      await page.waitForTimeout(300);
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        found.push(`${hash} (${lang}) ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      }
    }
  }
  assert.deepEqual(found, []);
  assert.deepEqual(page.errors, []);
});

// Red's chariots on a7 and b0 mate the black king on d9 in three moves; Black has a pawn to move.
const MATE_FEN = '3k5/9/R8/9/9/9/8p/9/9/1R2K4 w - - 0 1';

const said = (page) => page.textContent('[data-testid=announce]');

/** Types a move in the move box (focused with `/`) and plays it with Enter. */
async function typeMove(page, text) {
  const inBox = await page.evaluate(() => document.activeElement?.dataset.testid === 'move-box');
  if (!inBox) {
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('/');
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Moves the grid's focus to `to` (screen column, row) with the arrow keys, from `from`. */
async function walk(page, [c0, r0], [c1, r1]) {
  for (let c = c0; c !== c1; c += Math.sign(c1 - c0)) await page.keyboard.press(c1 > c0 ? 'ArrowRight' : 'ArrowLeft');
  for (let r = r0; r !== r1; r += Math.sign(r1 - r0)) await page.keyboard.press(r1 > r0 ? 'ArrowDown' : 'ArrowUp');
}

test('a whole game from the keyboard: typed moves and the grid, every move said', async () => {
  const page = await app.newPage('#/play?fen=' + encodeURIComponent(MATE_FEN), { waitFor: '[data-testid=board]' });
  const board = page.locator('[data-testid=board]');
  assert.equal(await board.getAttribute('role'), 'grid');
  assert.equal(await page.locator('[data-testid=board] [role=row]').count(), 10);
  assert.equal(await page.locator('[data-testid=board] [role=gridcell]').count(), 90);
  assert.equal(await page.getAttribute('[data-square=a7]', 'aria-label'), '红车 a7');

  // 1. Chinese, typed with completion shown in the chosen notation.
  await page.keyboard.press('/');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'move-box');
  await page.keyboard.type('车九');
  const options = await page.locator('[data-testid=move-option]').allTextContents();
  assert.ok(options.includes('车九进一') && options.every((o) => o.startsWith('车九')), options.join(' '));
  await page.keyboard.press('Escape');
  await typeMove(page, '车九进一');
  assert.equal(await page.getAttribute('[data-square=a8]', 'data-piece'), 'R');
  assert.match(await said(page), /红方 车九进一/);

  // 1... Black from the grid: Tab reaches the one focusable point (e0, bottom centre); the arrows
  // walk to i3, Enter picks the pawn, Down and Enter place it on i2.
  await page.locator('[data-testid=board] [role=gridcell][tabindex="0"]').focus();
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'e0');
  await walk(page, [4, 9], [8, 6]);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'i3');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('[data-square=i3]', 'aria-selected'), 'true');
  assert.match(await page.getAttribute('[data-square=i2]', 'aria-label'), /可走到此处/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('[data-square=i2]', 'data-piece'), 'p');
  assert.match(await said(page), /黑方 卒/);
  // The grid's arrows moved the focus, not the game back and forth.
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 2);

  // 2. ICCS with a dash; 2... the pawn again from the grid (focus is still on it).
  await typeMove(page, 'e0-f0');
  assert.equal(await page.getAttribute('[data-square=f0]', 'data-piece'), 'K');
  assert.match(await said(page), /红方 帅五平四/);
  await page.locator('[data-testid=board] [role=gridcell][tabindex="0"]').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('[data-square=h2]', 'data-piece'), 'p');
  assert.match(await said(page), /黑方 卒/);

  // 3. WXF mates: said in the chosen (Chinese) notation, the verdict assertively.
  await typeMove(page, 'R8+9');
  assert.match(await said(page), /红方 车八进九/);
  const loud = await page.textContent('[data-testid=announce-alert]');
  assert.match(loud, /将军/);
  assert.match(loud, /红方胜/);
  // After the end a typed move is refused with a reason.
  await typeMove(page, 'e9e8');
  assert.match(await page.textContent('[data-testid=move-box-error]'), /对局已结束/);

  // Stepping back through the record is said too.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowLeft');
  assert.match(await said(page), /黑方 卒/);
  // `t` asks for the clock: this game has none.
  await page.keyboard.press('t');
  assert.match(await said(page), /本局不计时/);
  assert.deepEqual(page.errors, []);
});

test('a typed move gets the board\'s reason, and is refused while the computer thinks', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  // The board's reason for the king's e0-e2.
  await clickPoint(page, 'e0');
  await clickPoint(page, 'e2');
  const board = (await page.textContent('[data-testid=message]')).trim();
  await page.keyboard.press('Escape');
  await typeMove(page, 'e0e2');
  assert.equal((await page.textContent('[data-testid=move-box-error]')).trim(), board);
  await page.fill('[data-testid=move-box]', '');
  await typeMove(page, '车二平五');
  assert.match(await page.textContent('[data-testid=move-box-error]'), /不止一种|没有这样的棋子|不合|蹩马腿|中间有子/);
  // The computer plays Red (out of any book, at full strength for half a minute): a move typed
  // while it thinks is refused, not queued.
  await page.goto(app.base + 'index.html#/play?fen=' + encodeURIComponent('rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/2P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'));
  await page.waitForSelector('[data-testid=board] [data-square=a4][data-piece=P]');
  await selectStrongestLevel(page);
  await page.selectOption('[data-testid=engine-time]', '30000');
  await page.selectOption('[data-testid=engine-side]', 'red');
  await page.fill('[data-testid=move-box]', '');
  await typeMove(page, '炮二平五');
  assert.match(await page.textContent('[data-testid=move-box-error]'), /电脑正在思考/);
  assert.equal(await page.getAttribute('[data-square=h2]', 'data-piece'), 'C', 'not played');
  assert.deepEqual(page.errors, []);
});

test('piece sets at phone and projector sizes; the western set is fetched only when chosen', async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['projector', { width: 1920, height: 1080 }]]) {
    const page = await app.newPage('#/play', { waitFor: '[data-testid=board]', viewport });
    const asked = [];
    page.on('request', (r) => { if (r.url().includes('pieces-western')) asked.push(r.url()); });
    await page.waitForTimeout(200);
    assert.deepEqual(asked, [], 'not part of the first visit');
    for (const set of ['traditional', 'western', 'contrast']) {
      const sprite = set === 'western' && page.waitForResponse((r) => r.url().includes('pieces-western') && r.ok());
      await page.selectOption('[data-testid=piece-set]', set);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.pieces), set);
      if (sprite) {
        await sprite;
        assert.equal(await page.locator('[data-square=e0] .piece use').count(), 1);
      }
      await page.waitForTimeout(150);
      await page.locator('[data-testid=board]').screenshot({ path: path.join(SHOTS, `${set}-${name}.png`) });
    }
    await page.selectOption('[data-testid=board-theme]', 'contrast');
    await page.reload();
    await page.waitForSelector('[data-testid=board]');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.pieces), 'contrast', 'remembered');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.board), 'contrast', 'remembered');
    assert.deepEqual(page.errors, []);
  }
});

test('sound turned on plays moves without a console error; reduced motion stops the slide', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  assert.equal(await page.isChecked('[data-testid=sound]'), false, 'off until turned on');
  await page.check('[data-testid=sound]');
  await typeMove(page, 'h2e2');
  await typeMove(page, 'h7e7');
  await page.waitForTimeout(300);
  assert.deepEqual(page.errors, []);
  // The piece slides unless the system asks for less motion.
  const slide = () => page.$eval('[data-square=e7] .piece-slot', (e) => getComputedStyle(e).animationName);
  assert.equal(await slide(), 'arrive');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  assert.equal(await slide(), 'none');
});

// A playable board — clicks, legal-move hints, reasons for illegal moves, complete games
// ending in checkmate and stalemate from positions loaded by URL, stepping, reload, the editor,
// sharing links, projector layout screenshots and the click-latency benchmark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { startApp, clickPoint, playMoves, boardPieces, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const fen = async (page) => (await page.textContent('[data-testid=fen]')).trim();
// Black's digits may be written full-width (８) as in published archives; compare them as ASCII.
const moveTexts = async (page) => page.$$eval('[data-testid=move-list] [data-ply]', (els) => els.map((e) => e.textContent.trim()
  .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xFF10 + 48))));
const legal = async (page) => page.$$eval('[data-testid=board] [data-legal=true]', (els) => els.map((e) => e.dataset.square).sort());
// Rare actions sit in the game group's menu.
const more = async (page) => page.$eval('[data-testid=more]', (d) => { d.open = true; });
const link = (f, moves = []) => '#/play?fen=' + encodeURIComponent(f) + (moves.length ? '&moves=' + moves.join(',') : '');

test('click a piece to see its legal moves, click a point to move; Chinese notation by default', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await clickPoint(page, 'h2');
  const targets = await legal(page);
  assert.ok(targets.includes('e2') && targets.includes('h9') && targets.length === 12, targets.join(' '));
  await clickPoint(page, 'e2');
  assert.deepEqual(await moveTexts(page), ['炮二平五']);
  await playMoves(page, ['h9g7']);
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7']);
  assert.equal(await fen(page), 'rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2');
  await page.selectOption('[data-testid=notation]', 'wxf');
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7']);
  await page.selectOption('[data-testid=notation]', 'iccs');
  assert.deepEqual(await moveTexts(page), ['h2e2', 'h9g7']);
  assert.deepEqual(page.errors, []);
});

test('an illegal click says why', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await playMoves(page, ['a0a5']);
  assert.equal((await page.textContent('[data-testid=message]')).trim(), '中间有子阻挡');
  assert.equal((await page.locator('[data-testid=move-list] [data-ply]').count()), 0);
  // The horse on b0 can go to c2 or a2 but not d1: its leg c0 is blocked by the elephant.
  await playMoves(page, ['b0d1']);
  assert.equal((await page.textContent('[data-testid=message]')).trim(), '蹩马腿');
  await page.click('[data-testid=lang-toggle]');
  await playMoves(page, ['b0d1']);
  assert.equal((await page.textContent('[data-testid=message]')).trim(), 'horse leg blocked');
  await page.click('[data-testid=lang-toggle]');
});

test('a game loaded by URL ends in checkmate by clicking', async () => {
  const page = await app.newPage(link('3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1'), { waitFor: '[data-testid=board]' });
  await playMoves(page, ['b7b9']);
  const status = page.locator('[data-testid=status]');
  assert.equal(await status.getAttribute('data-result'), '1-0');
  assert.equal(await status.getAttribute('data-reason'), 'checkmate');
  assert.match(await page.textContent('[data-testid=verdict]'), /将死/);
  // Nothing more can be played.
  await playMoves(page, ['d9d8']);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 1);
});

test('a game loaded by URL ends in stalemate, a loss for the stalemated side (article 4.1.3)', async () => {
  const page = await app.newPage(link('3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1'), { waitFor: '[data-testid=board]' });
  await playMoves(page, ['a7a8']);
  const status = page.locator('[data-testid=status]');
  assert.equal(await status.getAttribute('data-result'), '1-0');
  assert.equal(await status.getAttribute('data-reason'), 'stalemate');
});

test('step through the move list with clicks and keys; playing from the past asks before cutting', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7,h0g2,i9h9', { waitFor: '[data-testid=board]' });
  assert.equal((await moveTexts(page)).length, 4);
  await page.click('[data-testid=move-list] [data-ply="2"]');
  assert.equal((await boardPieces(page)).g7, 'n');
  assert.equal((await boardPieces(page)).g2, undefined);
  await page.keyboard.press('ArrowLeft');
  assert.equal((await boardPieces(page)).h9, 'n');
  await page.keyboard.press('End');
  assert.equal((await boardPieces(page)).h9, 'r');
  await page.keyboard.press('Home');
  assert.equal(await fen(page), 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await playMoves(page, ['b0c2']);
  assert.ok(await page.isVisible('[data-testid=confirm]'));
  await page.click('[data-testid=confirm-yes]');
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7', '马八进七']);
  // Takeback and redo.
  await page.click('[data-testid=takeback]');
  assert.equal((await moveTexts(page)).length, 2);
  await more(page);
  await page.click('[data-testid=redo]');
  assert.equal((await moveTexts(page)).length, 3);
  // `f` flips the board: a0 is now drawn at the top right.
  const before = await page.locator('[data-square=a0]').boundingBox();
  await page.keyboard.press('f');
  const after = await page.locator('[data-square=a0]').boundingBox();
  assert.ok(after.x > before.x && after.y < before.y);
  await page.keyboard.press('f');
});

test('the game survives a reload, and a corrupt saved state is reported and set aside', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  await playMoves(page, ['h2e2', 'h9g7', 'h0g2']);
  const before = await fen(page);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await fen(page), before);
  assert.equal((await moveTexts(page)).length, 3);
  // The bare address also restores it.
  await page.goto(app.base + 'index.html#/play');
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await fen(page), before);
  await page.evaluate(() => localStorage.setItem('xq.play.session', '{"version":1,"game":{"start":"bad fen"'));
  await page.goto(app.base + 'index.html');
  await page.waitForSelector('[data-testid=board]');
  assert.match(await page.textContent('[role=alert]'), /无法读取|could not be read/);
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('xq.play.session.corrupt.')).map((k) => localStorage.getItem(k)));
  assert.equal(aside.length, 1);
  assert.equal(aside[0].slice(0, 11), '{"version":');
  assert.deepEqual(page.errors, []);
});

test('the editor places pieces, validates, and starts play from the position', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await more(page);
  await page.click('[data-testid=edit]');
  await page.click('[data-testid=editor-clear]');
  await page.click('[data-testid=palette-K]');
  await clickPoint(page, 'e0');
  assert.match(await page.textContent('[data-testid=editor-error]'), /Black has no king|黑|no king/);
  assert.ok(await page.isDisabled('[data-testid=editor-start]'));
  await page.click('[data-testid=palette-k]');
  await clickPoint(page, 'e9');
  assert.match(await page.textContent('[data-testid=editor-error]'), /照面/);
  await clickPoint(page, 'e9'); // a second click removes it
  await clickPoint(page, 'd9');
  await page.click('[data-testid=palette-R]');
  await clickPoint(page, 'a7');
  await page.click('[data-testid=editor-start]');
  assert.equal(await fen(page), '3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1');
  await playMoves(page, ['a7a8']);
  assert.equal(await page.locator('[data-testid=status]').getAttribute('data-reason'), 'stalemate');
  // The address bar is a link to the game.
  assert.ok(decodeURIComponent(page.url()).includes('fen=3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1'));
  assert.ok(page.url().includes('moves=a7a8'));
});

test('click latency: a click on a point is answered within 50 ms (benchmark)', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7', { waitFor: '[data-testid=board]' });
  const samples = [];
  for (let i = 0; i < 30; i++) {
    const sq = ['h0', 'b0', 'e2', 'a3', 'i0'][i % 5];
    samples.push(await page.evaluate((sq) => new Promise((resolve) => {
      const el = document.querySelector(`[data-square="${sq}"]`);
      const t0 = performance.now();
      el.click();
      // The answer is drawn at the next frame after the DOM has changed.
      requestAnimationFrame(() => resolve(performance.now() - t0));
    }), sq));
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const worst = samples[samples.length - 1];
  fs.writeFileSync(path.join(OUT, 'click-latency.json'), JSON.stringify({ median, worst, samples }, null, 1));
  console.log(`click latency: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms`);
  assert.ok(median < 50, `median ${median}`);
});

test('screenshots of the normal and projector layouts at 1920x1080 and 390x844', async () => {
  for (const [w, h] of [[1920, 1080], [390, 844]]) {
    const page = await app.newPage('#/play?moves=h2e2,h9g7,h0g2', { waitFor: '[data-testid=board]', viewport: { width: w, height: h } });
    await page.screenshot({ path: path.join(OUT, `play-${w}x${h}.png`), fullPage: true });
    await page.click('[data-testid=projector]');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `projector-${w}x${h}.png`) });
    const box = await page.locator('[data-testid=board]').boundingBox();
    assert.ok(box.width > w * 0.45 || box.height > h * 0.8, `board fills the screen: ${JSON.stringify(box)}`);
  }
});

test('drag and drop moves a piece; a right-drag draws an arrow, a click clears it', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  const center = async (sq) => {
    const b = await page.locator(`[data-square=${sq}]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const [x1, y1] = await center('b2');
  const [x2, y2] = await center('e2');
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move((x1 + x2) / 2, y1, { steps: 4 });
  await page.mouse.move(x2, y2, { steps: 4 });
  await page.mouse.up();
  assert.deepEqual(await moveTexts(page), ['炮八平五']);
  const [x3, y3] = await center('h9');
  const [x4, y4] = await center('g7');
  await page.mouse.move(x3, y3);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(x4, y4, { steps: 3 });
  await page.mouse.up({ button: 'right' });
  assert.equal(await page.locator('.mark-arrow').count(), 1);
  await page.mouse.move(x4, y4);
  await page.mouse.down({ button: 'right' });
  await page.mouse.up({ button: 'right' });
  assert.equal(await page.locator('.mark-circle').count(), 1);
  await clickPoint(page, 'a0');
  assert.equal(await page.locator('.mark-arrow, .mark-circle').count(), 0);
});

test('opening a link or starting a new game keeps the previous game restorable', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  await playMoves(page, ['h2e2', 'h9g7']);
  await page.goto(app.base + 'index.html#/play?moves=b2e2');
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.deepEqual(await moveTexts(page), ['炮八平五']);
  await more(page);
  await page.click('[data-testid=restore-previous]');
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7']);
  // New game after confirming; the game it replaced can come back too.
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=confirm-yes]');
  assert.equal((await moveTexts(page)).length, 0);
  await more(page);
  await page.click('[data-testid=restore-previous]');
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7']);
  assert.deepEqual(page.errors, []);
});

// --- What users touch at the board -----------------------------------------------------------

test('after checkmate the status is one clear line and the board says the game is over (4.1.1)', async () => {
  const page = await app.newPage(link('3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1'), { waitFor: '[data-testid=board]' });
  await playMoves(page, ['b7b9']);
  const status = page.locator('[data-testid=status]');
  assert.equal((await status.textContent()).trim(), '将死 · 红方胜 (第4.1.1条)');
  assert.equal(await status.getAttribute('data-result'), '1-0');
  assert.ok(await page.isVisible('[data-testid=board-over]'));
  assert.doesNotMatch(await page.textContent('.side-panel'), /1-0 checkmate/, 'no raw summary on screen');
  await page.click('[data-testid=lang-toggle]');
  assert.match(await status.textContent(), /^Checkmate · Red wins/);
  await page.click('[data-testid=lang-toggle]');
  assert.deepEqual(page.errors, []);
});

test('resignation asks first, and a takeback after it removes only the resignation (4.1.9)', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7', { waitFor: '[data-testid=board]' });
  await page.click('[data-testid=resign-red]');
  assert.match(await page.textContent('[data-testid=confirm]'), /红方认输/);
  await page.click('[data-testid=confirm-no]');
  assert.equal(await page.locator('[data-testid=verdict]').count(), 0, 'no is no');
  await page.click('[data-testid=resign-red]');
  await page.click('[data-testid=confirm-yes]');
  assert.equal(await page.getAttribute('[data-testid=verdict]', 'data-summary'), '0-1 resign 4.1.9');
  await page.click('[data-testid=takeback]');
  assert.equal(await page.locator('[data-testid=verdict]').count(), 0);
  assert.equal((await moveTexts(page)).length, 2, 'the moves stay');
  assert.deepEqual(page.errors, []);
});

test('the draw offer is made by the side that just moved (23.1); a foul is explained before it is recorded (9.1.3)', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.ok(await page.isDisabled('[data-testid=offer-draw]'), 'no offer before a move');
  await playMoves(page, ['h2e2']);
  assert.equal((await page.textContent('[data-testid=offer-draw]')).trim(), '红方走完后提和');
  assert.match(await page.getAttribute('[data-testid=offer-draw]', 'title'), /23\.1/);
  await page.click('[data-testid=offer-draw]');
  assert.match(await page.textContent('[data-testid=offer]'), /红方提和/);
  await playMoves(page, ['h9g7']);
  assert.equal((await page.textContent('[data-testid=offer-draw]')).trim(), '黑方走完后提和');
  await playMoves(page, ['h0g2']);
  await page.click('[data-testid=offer-draw]');
  assert.match(await page.textContent('[data-testid=confirm]'), /已被拒绝.*9\.1\.3/);
  await page.click('[data-testid=confirm-no]');
  assert.equal(await page.locator('[data-testid=fouls]').count(), 0, 'nothing recorded on no');
  await page.click('[data-testid=offer-draw]');
  await page.click('[data-testid=confirm-yes]');
  assert.match(await page.textContent('[data-testid=fouls]'), /红方1次/);
  assert.deepEqual(page.errors, []);
});

test('bad links are reported in the user\'s language', async () => {
  const page = await app.newPage('#/play?fen=garbage', { waitFor: '[data-testid=board]' });
  const notice = page.locator('[data-testid=notice]');
  assert.match(await notice.textContent(), /链接中的局面无效/);
  assert.doesNotMatch(await notice.textContent(), /[a-z]{4,} [a-z]{4,}/, 'no English sentence in the Chinese UI');
  await page.click('[data-testid=lang-toggle]');
  assert.match(await notice.textContent(), /The link's position is invalid/);
  await page.click('[data-testid=lang-toggle]');
  const cut = await app.newPage('#/play?moves=h2e2,zzzz,h9g7', { waitFor: '[data-testid=board]' });
  assert.match(await cut.textContent('[data-testid=notice]'), /只载入了前 1 着.*第 2 着“zzzz”/);
  assert.equal((await moveTexts(cut)).length, 1);
  assert.deepEqual(page.errors, []);
});

test('both points of the last move are marked', async () => {
  const page = await app.newPage('#/play?moves=h2e2', { waitFor: '[data-testid=board]' });
  const marked = await page.$$eval('[data-testid=board] [data-last=true]', (els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(marked, ['e2', 'h2']);
});

test('an illegal-move message goes on Esc and on a flip; a pinned piece says it would expose the king', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await playMoves(page, ['a0a5']);
  assert.equal(await page.locator('[data-testid=message]').count(), 1);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[data-testid=message]').count(), 0);
  await playMoves(page, ['a0a5']);
  await page.click('[data-testid=flip]');
  assert.equal(await page.locator('[data-testid=message]').count(), 0);
  await page.click('[data-testid=flip]');
  const pin = await app.newPage(link('4k4/9/9/9/9/9/9/4r4/4R4/4K4 w - - 0 1'), { waitFor: '[data-testid=board]' });
  await playMoves(pin, ['e1d1']);
  const msg = (await pin.textContent('[data-testid=message]')).trim();
  assert.match(msg, /送将/);
  assert.doesNotMatch(msg, /被将军/);
  assert.deepEqual(page.errors, []);
});

test('the editor drags pieces and erases with a right-click; game actions are off while editing', async () => {
  const page = await app.newPage('#/play?moves=h2e2', { waitFor: '[data-testid=board]' });
  await more(page);
  await page.click('[data-testid=edit]');
  for (const id of ['offer-draw', 'resign-red', 'resign-black', 'takeback']) {
    assert.ok(await page.isDisabled(`[data-testid=${id}]`), `${id} is off`);
  }
  const center = async (sq) => {
    const b = await page.locator(`[data-testid=editor] [data-square=${sq}]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const [x1, y1] = await center('a0');
  const [x2, y2] = await center('a1');
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move(x2, y2, { steps: 5 });
  await page.mouse.up();
  const piece = (sq) => page.getAttribute(`[data-testid=editor] [data-square=${sq}]`, 'data-piece');
  assert.equal(await piece('a1'), 'R');
  assert.equal(await piece('a0'), null);
  await page.mouse.move(x2, y2);
  await page.mouse.down({ button: 'right' });
  await page.mouse.up({ button: 'right' });
  assert.equal(await piece('a1'), null, 'a right-click erases');
  await page.click('[data-testid=editor-cancel]');
  assert.ok(!(await page.isDisabled('[data-testid=offer-draw]')));
  assert.deepEqual(page.errors, []);
});

test('arrows take their colour from the modifier keys; drawing one again removes it', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  const center = async (sq) => {
    const b = await page.locator(`[data-square=${sq}]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const arrow = async (from, to, mods = []) => {
    for (const m of mods) await page.keyboard.down(m);
    const [a, b] = await center(from);
    const [c, d] = await center(to);
    await page.mouse.move(a, b);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(c, d, { steps: 3 });
    await page.mouse.up({ button: 'right' });
    for (const m of mods) await page.keyboard.up(m);
  };
  const marks = () => page.$$eval('[data-testid=mark]', (els) => els.map((e) => `${e.dataset.from}${e.dataset.to || ''}:${e.dataset.brush}`).sort());
  await arrow('h2', 'e2');
  await arrow('b0', 'c2', ['Shift']);
  await arrow('h0', 'g2', ['Alt']);
  assert.deepEqual(await marks(), ['b0c2:red', 'h0g2:blue', 'h2e2:green']);
  await arrow('h2', 'e2', ['Shift']);
  assert.deepEqual(await marks(), ['b0c2:red', 'h0g2:blue', 'h2e2:red'], 'another colour recolours');
  await arrow('h2', 'e2', ['Shift']);
  await arrow('b0', 'c2', ['Shift']);
  assert.deepEqual(await marks(), ['h0g2:blue'], 'the same arrow again removes it');
});

test('projector mode enlarges the panel and Esc leaves it', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7', { waitFor: '[data-testid=board]', viewport: { width: 1920, height: 1080 } });
  await page.click('[data-testid=projector]');
  assert.equal(await page.locator('.play.projector').count(), 1);
  const size = await page.$eval('[data-testid=move-list] .move', (e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(size >= 22, `move list at ${size}px`);
  // The character stays inside the piece's rim: as wide as at most the ring, centred on it.
  const fit = await page.$eval('[data-square=e0] .piece', (svg) => {
    const t = svg.querySelector('text').getBoundingClientRect();
    const c = svg.querySelector('.ring').getBoundingClientRect();
    const dx = Math.abs((t.left + t.right) / 2 - (c.left + c.right) / 2);
    const dy = Math.abs((t.top + t.bottom) / 2 - (c.top + c.bottom) / 2);
    return { ok: t.left >= c.left && t.right <= c.right && dx < c.width * 0.08 && dy < c.height * 0.12, t: [t.left, t.top, t.width, t.height], c: [c.left, c.top, c.width, c.height] };
  });
  assert.ok(fit.ok, `character inside the rim: ${JSON.stringify(fit)}`);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.play.projector').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('on a phone the header is at most two rows and the board as large as the short side', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]', viewport: { width: 390, height: 844 } });
  const header = await page.locator('.topbar').boundingBox();
  // Two rows since every section must be in view on a phone (issue 55.7; phone.test.mjs).
  assert.ok(header.height <= 80, `header ${header.height}px`);
  const board = await page.locator('[data-testid=board]').boundingBox();
  assert.ok(board.width >= 370, `board ${board.width}px wide`);
  const land = await app.newPage('#/play', { waitFor: '[data-testid=board]', viewport: { width: 844, height: 390 } });
  const lb = await land.locator('[data-testid=board]').boundingBox();
  assert.ok(lb.height >= 320 && lb.y + lb.height <= 390, `landscape board ${JSON.stringify(lb)}`);
  const fit = await land.$eval('[data-square=e0] .piece', (svg) => {
    const t = svg.querySelector('text').getBoundingClientRect();
    const c = svg.querySelector('.disc').getBoundingClientRect();
    return t.width < c.width;
  });
  assert.ok(fit, 'characters stay on the pieces');
});

test('one language at a time: the panel, the clock and the scoresheet controls hold no words of the other', async () => {
  const cjk = /[\u3400-\u9fff]/;
  const englishWords = /[A-Za-z]{4,} [A-Za-z]{4,}/;
  const panel = (page) => page.$eval('.side-panel', (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('.move-list, code, input').forEach((n) => n.remove());
    return copy.textContent;
  });
  const page = await app.newPage('#/play?moves=h2e2,h9g7', { waitFor: '[data-testid=board]' });
  assert.doesNotMatch(await panel(page), englishWords);
  await page.click('[data-testid=lang-toggle]');
  const en = await panel(page);
  assert.doesNotMatch(en, cjk, en.match(new RegExp(`.{0,20}${cjk.source}.{0,20}`))?.[0]);
  for (const [hash, sel] of [['#/clock', '.clock-page'], ['#/scoresheet?moves=h2e2', '.scoresheet-controls']]) {
    await page.goto(app.base + 'index.html' + hash);
    await page.waitForSelector(sel);
    const text = await page.textContent(sel);
    assert.doesNotMatch(text, cjk, `${hash}: ${text.match(new RegExp(`.{0,20}${cjk.source}.{0,20}`))?.[0]}`);
  }
  await page.click('[data-testid=lang-toggle]');
  assert.deepEqual(page.errors, []);
});

// --- What got in the way of new users ---------------------------------------------------------

test('a question goes when what it asks about is gone: another game imported, the previous game restored, a reload', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7,h0g2', { waitFor: '[data-testid=board]' });
  const ask = async (move) => {
    await page.click('[data-testid=move-list] [data-ply="1"]');
    await playMoves(page, [move]);
    assert.match(await page.textContent('[data-testid=confirm]'), /删除后面的 2 步/);
  };
  const asked = () => page.locator('[data-testid=confirm]').count();
  await ask('b9c7');
  await page.$eval('details.pgn', (d) => { d.open = true; });
  await page.fill('[data-testid=pgn-text]', '1. b2e2 b9c7 *');
  await page.click('[data-testid=pgn-import]');
  assert.deepEqual(await moveTexts(page), ['炮八平五', '马2进3']);
  assert.equal(await asked(), 0, 'gone after an import');
  await page.click('[data-testid=move-list] [data-ply="1"]');
  await playMoves(page, ['h9g7']);
  assert.equal(await asked(), 1);
  await more(page);
  await page.click('[data-testid=restore-previous]');
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7', '马二进三']);
  assert.equal(await asked(), 0, 'gone after restoring the previous game');
  await ask('b9c7');
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await asked(), 0, 'gone after a reload');
  assert.deepEqual(page.errors, []);
});

test('at 1366x768 the illegal-move message and the computer panel are on screen', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]', viewport: { width: 1366, height: 768 } });
  await playMoves(page, ['a0a5']);
  const box = async (sel) => JSON.stringify(await page.locator(sel).boundingBox());
  const inView = (sel) => page.$eval(sel, (el) => {
    const b = el.getBoundingClientRect();
    return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
  });
  assert.ok(await inView('[data-testid=message]'), `message at ${await box('[data-testid=message]')}`);
  assert.ok(await inView('[data-testid=engine-panel]'), `engine panel at ${await box('[data-testid=engine-panel]')}`);
  assert.ok(await inView('[data-testid=board]'), `board at ${await box('[data-testid=board]')}`);
  assert.deepEqual(page.errors, []);
});

test('in projector mode at 1920x1080 the board stays in view after flipping and analysing', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7', { waitFor: '[data-testid=board]', viewport: { width: 1920, height: 1080 } });
  await page.click('[data-testid=projector]');
  const boardInView = () => page.$eval('[data-testid=board]', (el) => {
    const b = el.getBoundingClientRect();
    return b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth ? '' : JSON.stringify(b);
  });
  assert.equal(await boardInView(), '');
  await page.click('[data-testid=flip]');
  assert.equal(await boardInView(), '', 'after a flip');
  await page.click('[data-testid=engine-analyse]');
  await page.waitForSelector('[data-testid=engine-eval]', { timeout: 30000 });
  assert.equal(await boardInView(), '', 'while analysing');
  await page.click('[data-testid=engine-stop]');
  assert.equal(await boardInView(), '', 'after stopping');
  // Reaching the panel's last group (as a wheel or a tab key would) moves the panel, not the board.
  await page.$eval('.share-group', (el) => el.scrollIntoView({ block: 'end' }));
  await page.click('[data-testid=copy-fen]');
  assert.equal(await boardInView(), '', 'after going to the end of the panel');
  assert.deepEqual(page.errors, []);
});

test('the editor: a cleared board is Red to move unless chosen; side and palette on screen at 1366x768', async () => {
  const page = await app.newPage('#/play?moves=h2e2', { waitFor: '[data-testid=board]', viewport: { width: 1366, height: 768 } });
  await more(page);
  await page.click('[data-testid=edit]');
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const id of ['palette-R', 'palette-P', 'palette-r', 'palette-p', 'palette-erase', 'editor-clear', 'editor-turn-red', 'editor-turn-black']) {
    const b = await page.locator(`[data-testid=${id}]`).boundingBox();
    assert.ok(b && b.y >= 0 && b.y + b.height <= 768 && b.x + b.width <= 1366, `${id} at ${JSON.stringify(b)}`);
  }
  assert.ok(await page.isChecked('[data-testid=editor-turn-black]'), 'the shown position: Black to move');
  await page.click('[data-testid=editor-clear]');
  assert.ok(await page.isChecked('[data-testid=editor-turn-red]'), 'a cleared board is Red to move');
  await page.check('[data-testid=editor-turn-black]');
  await page.click('[data-testid=editor-clear]');
  assert.ok(await page.isChecked('[data-testid=editor-turn-black]'), 'unless the side was chosen');
  assert.deepEqual(page.errors, []);
});

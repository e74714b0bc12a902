// Issue 17: the computer on the play page — a game against it played by clicking to its end, the
// page answering clicks while it thinks, hint (arrow + Chinese notation), analysis, threats, stop,
// and the engine's code loaded only on first use. Prints the browser's nodes per second.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves, selectStrongestLevel } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const link = (f) => '#/play?fen=' + encodeURIComponent(f);
const status = (page) => page.locator('[data-testid=status]');

test('the engine is not loaded until first used', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  assert.ok(!loaded.some((n) => n.includes('engine_worker')), loaded.join('\n'));
  assert.deepEqual(page.errors, []);
});

test('a game against the computer, played by clicking to its end', async () => {
  // Black (the player) must step the king aside; then the computer, playing Red, mates.
  const page = await app.newPage(link('3k5/R8/1R7/9/9/9/9/9/9/5K3 b - - 0 1'), { waitFor: '[data-testid=engine-panel]' });
  await page.selectOption('[data-testid=engine-time]', '500');
  await page.selectOption('[data-testid=engine-side]', 'red');
  await playMoves(page, ['d9e9']);
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.dataset.result === '1-0', null, { timeout: 30000 });
  assert.equal(await status(page).getAttribute('data-reason'), 'checkmate');
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 2);
  assert.deepEqual(page.errors, []);
});

test('the computer answers from the start at a weak level, and the page stays responsive', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  await page.selectOption('[data-testid=engine-level]', '1');
  await page.selectOption('[data-testid=engine-time]', '500');
  await page.selectOption('[data-testid=engine-side]', 'black');
  await playMoves(page, ['h2e2']);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 2, null, { timeout: 30000 });
  // Analysis runs until stopped; meanwhile a click on another control is handled at once.
  await page.click('[data-testid=engine-analyse]');
  await page.waitForSelector('[data-testid=engine-stats]', { timeout: 30000 });
  const ms = await page.evaluate(() => {
    const b = document.querySelector('[data-testid=notation]');
    const t = performance.now();
    b.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    b.focus();
    return performance.now() - t;
  });
  assert.ok(ms < 100, `click took ${ms} ms`);
  assert.ok(await page.isVisible('[data-testid=engine-thinking]'));
  await page.click('[data-testid=engine-stop]');
  await page.waitForSelector('[data-testid=engine-thinking]', { state: 'detached' });
  assert.ok(await page.isVisible('[data-testid=engine-eval]'));
  assert.match(await page.textContent('[data-testid=eval-number]'), /^[+-]\d+\.\d\d$|步杀|mates/);
  assert.ok((await page.textContent('[data-testid=engine-pv]')).trim().length > 0);
  assert.deepEqual(page.errors, []);
});

test('hint shows an arrow and Chinese notation; threats show what the other side would play', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  await page.selectOption('[data-testid=engine-time]', '500');
  await page.click('[data-testid=engine-hint-button]');
  await page.waitForSelector('[data-testid=engine-hint]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid=engine-hint]'), /提示: [车马炮相仕帅兵前后][一二三四五六七八九][进退平][一二三四五六七八九]/);
  assert.equal(await page.locator('.mark-arrow').count(), 1);
  await playMoves(page, ['h2e2']);
  // Black to move; Red's threat after 炮二平五 is to take the central pawn.
  await page.click('[data-testid=engine-threats]');
  await page.waitForSelector('[data-testid=engine-hint]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid=engine-hint]'), /威胁: /);
  assert.equal(await page.locator('.mark-arrow').count(), 1);
  assert.deepEqual(page.errors, []);
});

test('nodes per second in the browser (printed for the README)', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  await page.click('[data-testid=engine-analyse]');
  await page.waitForTimeout(5000);
  const stats = await page.textContent('[data-testid=engine-stats]');
  await page.click('[data-testid=engine-stop]');
  console.log(`browser analysis after 5 s from the start position: ${stats}`);
  assert.match(stats, /\d+k\/s/);
});

// Issue 22: against the computer the player offers a draw (rule 23.1: after their own move, while
// the computer thinks) and the computer answers by its search; it never offers for the player.
test('the computer never offers a draw for the player; it answers the player\'s offer', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=engine-panel]');
  const offer = page.locator('[data-testid=offer-draw]');
  const plies = () => page.locator('[data-testid=move-list] [data-ply]').count();
  // At full strength from the first move: the default level's noise sometimes answers h7h1,
  // which blocks the horse the player moves next (5.5 % of seeds).
  await selectStrongestLevel(page);
  await page.selectOption('[data-testid=engine-time]', '500');
  await page.selectOption('[data-testid=engine-side]', 'black');
  await playMoves(page, ['h2e2']);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 2, null, { timeout: 30000 });
  // The computer has just moved: nobody may offer for it; the player may arm one for their move.
  assert.match(await offer.textContent(), /下一着走后提和/);
  assert.doesNotMatch(await offer.textContent(), /黑方/);
  // The player moves and offers while the computer thinks (for half a minute); only the
  // computer answers.
  await page.selectOption('[data-testid=engine-time]', '30000');
  await playMoves(page, ['h0g2']);
  // The player's move is on the list (the stats of the last search may still be showing).
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 3, null, { timeout: 30000 });
  await page.waitForSelector('[data-testid=engine-stats]', { timeout: 30000 });
  assert.ok(await offer.isEnabled());
  await offer.click();
  assert.match(await page.textContent('[data-testid=offer]'), /电脑/);
  assert.equal(await page.locator('[data-testid=accept-draw]').count(), 0, 'the player cannot accept for the computer');
  // Three plies in: the computer plays on (it takes a draw only past the opening, and worse off).
  await page.click('[data-testid=engine-move-now]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 4, null, { timeout: 30000 });
  assert.match(await page.textContent('[data-testid=note]'), /电脑拒绝和棋/);
  assert.equal(await page.getAttribute('[data-testid=status]', 'data-result'), null);
  assert.equal(await plies(), 4);
  assert.deepEqual(page.errors, []);
});

test('analysis shows its best move and replaces a hint arrow; the score says its unit and side; times in the page language', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7', { waitFor: '[data-testid=engine-panel]' });
  assert.equal((await page.textContent('[data-testid=engine-time] option[value="500"]')).trim(), '0.5 秒');
  await page.selectOption('[data-testid=notation]', 'iccs');
  await page.selectOption('[data-testid=engine-time]', '500');
  // The arrows on the board and the first move of the analysis's line, read together.
  const state = () => page.evaluate(() => ({
    arrows: [...document.querySelectorAll('.mark-arrow')].map((e) => e.dataset.from + e.dataset.to),
    best: (document.querySelector('[data-testid=engine-pv]')?.textContent || '').trim().split(' ')[0],
  }));
  const inStep = async (why) => {
    const s = await state();
    assert.deepEqual(s.arrows, [s.best], `${why}: ${JSON.stringify(s)}`);
  };
  await page.click('[data-testid=engine-analyse]');
  await page.waitForSelector('[data-testid=engine-stats]', { timeout: 30000 });
  await inStep('analysis');
  assert.match(await page.textContent('[data-testid=eval-unit]'), /兵.*红方/);
  await page.click('[data-testid=engine-stop]');
  await page.click('[data-testid=engine-hint-button]');
  await page.waitForSelector('[data-testid=engine-hint]', { timeout: 30000 });
  assert.equal((await state()).arrows.length, 1);
  await page.click('[data-testid=engine-analyse]');
  await page.waitForTimeout(1500);
  await inStep('analysis after a hint');
  await page.waitForTimeout(1500);
  await inStep('analysis later');
  await page.click('[data-testid=engine-stop]');
  await page.click('[data-testid=lang-toggle]');
  assert.equal((await page.textContent('[data-testid=engine-time] option[value="500"]')).trim(), '0.5 s');
  assert.match(await page.textContent('[data-testid=eval-unit]'), /pawns.*Red/);
  await page.click('[data-testid=lang-toggle]');
  assert.deepEqual(page.errors, []);
});

// MultiPV: the analysis shows its best lines at once, each with its score and an arrow weighted by
// its rank (the best thickest).
test('analysis of 3 lines shows 3 lines with scores and 3 arrows of different weight, in both languages', async () => {
  const page = await app.newPage('#/play?moves=h2e2,h9g7', { waitFor: '[data-testid=engine-panel]' });
  const label = () => page.textContent('label:has([data-testid=engine-lines])');
  assert.match(await label(), /线路数/);
  await page.selectOption('[data-testid=notation]', 'iccs');
  await page.selectOption('[data-testid=engine-lines]', '3');
  await page.click('[data-testid=engine-analyse]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=engine-line]').length === 3
    && document.querySelectorAll('.mark-arrow').length === 3, null, { timeout: 30000 });
  await page.waitForTimeout(1000);
  await page.click('[data-testid=engine-stop]');
  await page.waitForSelector('[data-testid=engine-thinking]', { state: 'detached' });
  const read = () => page.evaluate(() => ({
    lines: [...document.querySelectorAll('[data-testid=engine-line]')].map((li) => ({
      score: li.querySelector('[data-testid=engine-line-score]').textContent.trim(),
      first: li.lastElementChild.textContent.trim().split(' ')[0],
    })),
    arrows: [...document.querySelectorAll('.mark-arrow')].map((e) => ({
      move: e.dataset.from + e.dataset.to,
      width: parseFloat(getComputedStyle(e).strokeWidth),
    })),
  }));
  const s = await read();
  assert.equal(s.lines.length, 3, JSON.stringify(s));
  for (const l of s.lines) assert.match(l.score, /^[+-]\d+\.\d\d$|步杀/, JSON.stringify(s));
  // Each line's first move is its arrow, in rank order; three moves, three weights, best heaviest.
  assert.deepEqual(s.arrows.map((a) => a.move), s.lines.map((l) => l.first), JSON.stringify(s));
  assert.equal(new Set(s.arrows.map((a) => a.move)).size, 3, JSON.stringify(s));
  const w = s.arrows.map((a) => a.width);
  assert.ok(w[0] > w[1] && w[1] > w[2], JSON.stringify(s));
  assert.equal((await page.textContent('[data-testid=engine-pv]')).trim().split(' ')[0], s.lines[0].first);
  await page.click('[data-testid=lang-toggle]');
  assert.match(await label(), /Lines/);
  const en = await read();
  assert.equal(en.lines.length, 3);
  for (const l of en.lines) assert.match(l.score, /^[+-]\d+\.\d\d$|mates/, JSON.stringify(en));
  await page.click('[data-testid=lang-toggle]');
  // Back to one line: one arrow of the ordinary weight.
  await page.selectOption('[data-testid=engine-lines]', '1');
  await page.click('[data-testid=engine-analyse]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=engine-line]').length === 0
    && document.querySelectorAll('.mark-arrow').length === 1, null, { timeout: 30000 });
  await page.click('[data-testid=engine-stop]');
  assert.deepEqual(page.errors, []);
});

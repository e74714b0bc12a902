// A perpetual-check loss played by clicking, a 60-move
// draw reached from a shared link plus one click, draw offers, fouls and resignation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startApp, playMoves, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

// Red: king e0, chariot a1. Black: king d9, horse h9.
const CHECK_FEN = '3k3n1/9/9/9/9/9/9/9/R8/4K4 w - - 0 1';
// Red: king e0, pawn e3, chariot a1. Black: king f9, advisor f7, chariot a6.
const WALK_FEN = '5k3/9/5a3/r8/9/9/4P4/9/R8/4K4 w - - 0 1';

/** 120 plies: two chariots walking closed loops of 18 and 17 moves (no capture, no check, no repeat). */
function walkMoves() {
  const f = 'abcdefghi';
  const red = [...[...f].map((c) => c + '1'), ...[...f].reverse().map((c) => c + '2')];
  const black = [...[...f].map((c) => c + '6'), 'i5', ...[...'gfedcba'].map((c) => c + '5')];
  const moves = [];
  for (let ply = 0; ply < 120; ply++) {
    const n = Math.floor(ply / 2);
    const path = ply % 2 === 0 ? red : black;
    const k = n % path.length;
    moves.push(path[k] + path[(k + 1) % path.length]);
  }
  return moves;
}

test('clicking a perpetual check ends the game: Red loses by rule 24.1, with the cycle listed', async () => {
  const page = await app.newPage('#/play?fen=' + encodeURIComponent(CHECK_FEN), { waitFor: '[data-testid=board]' });
  const moves = ['a1a9', 'd9d8', 'a9a8', 'd8d9', 'a8a9', 'd9d8', 'a9a8', 'd8d9'];
  await playMoves(page, moves);
  assert.equal(await page.locator('[data-testid=verdict]').count(), 0, 'twice is not yet a repetition');
  await playMoves(page, ['a8a9']);
  const verdict = page.locator('[data-testid=verdict]');
  assert.equal(await verdict.getAttribute('data-summary'), '0-1 perpetual-check 24.1');
  assert.match(await verdict.textContent(), /红方长将，判负（第24\.1条）/);
  const rows = page.locator('[data-testid=cycle] tbody tr');
  assert.equal(await rows.count(), 8);
  assert.match(await rows.nth(1).textContent(), /将.*28\.1/);
  // Further clicks play nothing once the game is decided.
  await playMoves(page, ['d9d8']);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 9);
  assert.equal(await page.getAttribute('[data-testid=status]', 'data-result'), '0-1');
  assert.equal(await page.getAttribute('[data-testid=status]', 'data-reason'), 'perpetual-check');
  // English explanation on the language switch.
  await page.click('[data-testid=lang-toggle]');
  assert.match(await verdict.textContent(), /Red checked perpetually and loses \(rule 24\.1\)/);
  assert.match(await rows.nth(1).textContent(), /check/);
  await page.screenshot({ path: path.join(OUT, 'judge-perpetual-check.png') });
  await page.click('[data-testid=lang-toggle]');
  // The game is saved and comes back on reload (from the bare address too).
  await page.goto(page.url().split('#')[0] + '#/play');
  await page.reload();
  await page.waitForSelector('[data-testid=verdict]');
  assert.equal(await page.getAttribute('[data-testid=verdict]', 'data-summary'), '0-1 perpetual-check 24.1');
  assert.deepEqual(page.errors, []);
});

test('60 moves without a capture are a draw by rule 4.2.4', async () => {
  const moves = walkMoves();
  const page = await app.newPage('#/play?fen=' + encodeURIComponent(WALK_FEN) + '&moves=' + moves.slice(0, 119).join(','),
    { waitFor: '[data-testid=board]' });
  assert.equal(await page.locator('[data-testid=verdict]').count(), 0, '119 plies: not yet');
  assert.match(await page.textContent('[data-testid=status]'), /第119着后/);
  // The 120th ply by clicking.
  await playMoves(page, [moves[119]]);
  const verdict = page.locator('[data-testid=verdict]');
  assert.equal(await verdict.getAttribute('data-summary'), '1/2-1/2 move-limit 4.2.4');
  assert.match(await verdict.textContent(), /连续60回合双方均未吃子，自然限着作和（第4\.2\.4条）/);
  // The limit is a setting: lowering it to 50 moves keeps the draw; taking back reopens the game.
  await page.click('[data-testid=takeback]');
  assert.equal(await verdict.count(), 0);
  await page.$eval('[data-testid=settings]', (d) => { d.open = true; });
  await page.fill('[data-testid=limit]', '50');
  await page.dispatchEvent('[data-testid=limit]', 'change');
  assert.equal(await verdict.getAttribute('data-summary'), '1/2-1/2 move-limit 4.2.4');
  assert.match(await verdict.textContent(), /连续50回合/);
  assert.deepEqual(page.errors, []);
});

test('draw offers follow rule 23.1 and resignation ends the game', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  await playMoves(page, ['h2e2']);
  await page.click('[data-testid=offer-draw]');
  assert.match(await page.textContent('[data-testid=offer]'), /红方提和/);
  // Black moves: the offer is declined. Red offers again: a foul (9.1.3).
  await playMoves(page, ['h9g7', 'h0g2']);
  assert.equal(await page.locator('[data-testid=offer]').count(), 0);
  await page.click('[data-testid=offer-draw]');
  // The foul is explained before it is recorded.
  assert.match(await page.textContent('[data-testid=confirm]'), /9\.1\.3/);
  await page.click('[data-testid=confirm-yes]');
  assert.match(await page.textContent('[data-testid=note]'), /9\.1\.3/);
  assert.match(await page.textContent('[data-testid=fouls]'), /红方1次/);
  // Black offers, Red accepts: agreed draw (4.2.2).
  await playMoves(page, ['i9h9']);
  await page.click('[data-testid=offer-draw]');
  await page.click('[data-testid=accept-draw]');
  assert.equal(await page.getAttribute('[data-testid=verdict]', 'data-summary'), '1/2-1/2 agreement 4.2.2');
  // Take back, then Black resigns.
  await page.click('[data-testid=takeback]');
  await page.click('[data-testid=resign-black]');
  await page.click('[data-testid=confirm-yes]');
  assert.equal(await page.getAttribute('[data-testid=verdict]', 'data-summary'), '1-0 resign 4.1.9');
  assert.deepEqual(page.errors, []);
});

test('a link whose moves break off opens the game up to there and says why', async () => {
  const page = await app.newPage('#/play?moves=h2e2,e0e2', { waitFor: '[data-testid=board]' });
  assert.match(await page.textContent('[role=alert]'), /第 2 着 e0e2 不合规则/);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 1);
  assert.deepEqual(page.errors, []);
});

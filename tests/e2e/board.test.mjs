// The foundation's contract: the app opens on #/play with the start position on the right points.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startApp, boardPieces, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

test('opens on #/play with 90 points and the 32 pieces of the start position', async () => {
  const page = await app.newPage('', { waitFor: '[data-testid=board]' });
  assert.match(page.url(), /#\/play$/, 'an empty hash is redirected to #/play');
  assert.equal(await page.locator('[data-testid=board] [data-square]').count(), 90);
  const pieces = await boardPieces(page);
  assert.equal(Object.keys(pieces).length, 32);
  const expected = {
    a0: 'R', b0: 'N', c0: 'B', d0: 'A', e0: 'K', f0: 'A', g0: 'B', h0: 'N', i0: 'R',
    b2: 'C', h2: 'C', a3: 'P', c3: 'P', e3: 'P', g3: 'P', i3: 'P',
    a9: 'r', b9: 'n', c9: 'b', d9: 'a', e9: 'k', f9: 'a', g9: 'b', h9: 'n', i9: 'r',
    b7: 'c', h7: 'c', a6: 'p', c6: 'p', e6: 'p', g6: 'p', i6: 'p',
  };
  assert.deepEqual(pieces, expected);
  assert.equal((await page.textContent('[data-testid=fen]')).trim(), START);
  // Red pieces are drawn in red with their Chinese characters.
  assert.equal((await page.textContent('[data-square=e0] .piece')).trim(), '帅');
  assert.equal((await page.textContent('[data-square=e9] .piece')).trim(), '将');
  await page.screenshot({ path: path.join(OUT, 'board-1280.png') });
  assert.deepEqual(page.errors, []);
});

test('a FEN in the link opens that position; a bad one is reported, not a blank page', async () => {
  const fen = '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1';
  const page = await app.newPage('#/play?fen=' + encodeURIComponent(fen), { waitFor: '[data-testid=board]' });
  assert.equal((await page.textContent('[data-testid=fen]')).trim(), fen);
  assert.equal(Object.keys(await boardPieces(page)).length, 2);
  const bad = await app.newPage('#/play?fen=' + encodeURIComponent('4k4/9/9/9/9/9/9/9/9/4K4 w'), { waitFor: '[data-testid=board]' });
  assert.match(await bad.textContent('[role=alert]'), /face each other/);
});

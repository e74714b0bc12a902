// #/play on a first visit: the lean board (page_play) is usable at once, the whole board
// (page_play_full) follows in the background and takes over when the page is quiet, with the game,
// the notices and nothing lost; never while a piece is picked up (public/boot.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves, clickPoint } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const bundle = (page) => page.getAttribute('section.play', 'data-bundle');

test('moves made on the lean board are on the whole board that takes over; a picked-up piece holds the swap', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]', lean: true });
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname.split('/').pop()));
  assert.equal(await bundle(page), 'lean');
  // The lean board has no study tools, no computer and no move box: they come with the whole one.
  assert.equal(await page.locator('[data-testid=move-box]').count(), 0);
  await playMoves(page, ['h2e2', 'h9g7']);
  // A piece picked up: the swap waits (it would drop the selection).
  await clickPoint(page, 'b2');
  await page.waitForTimeout(4000);
  assert.equal(await bundle(page), 'lean', 'swapped with a piece picked up');
  assert.ok(fetched.includes('page_play_full_bg.wasm'), 'the whole board was not fetched in the background');
  await page.keyboard.press('Escape');
  await page.waitForSelector('section.play[data-bundle=full]', { timeout: 20000 });
  assert.equal(await page.locator('section.play').count(), 1, 'both boards on the page');
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 2);
  await page.waitForSelector('[data-testid=move-box]');
  // The whole board plays on, and a reload in this tab starts it directly.
  await playMoves(page, ['b0c2']);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 3);
  await page.reload();
  assert.equal(await bundle(page), 'full');
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 3);
  assert.deepEqual(page.errors, []);
});

test('a notice shown on the lean board is still shown on the whole one, in the page language', async () => {
  const page = await app.newPage('#/play?moves=h2e2,e0e2', { waitFor: '[data-testid=board]', lean: true, lang: 'en' });
  await page.waitForSelector('[data-testid=notice]');
  await page.waitForSelector('section.play[data-bundle=full]', { timeout: 20000 });
  assert.match(await page.textContent('[data-testid=notice]'), /e0e2/);
  await page.click('[data-testid=lang-toggle]');
  assert.match(await page.textContent('[data-testid=notice]'), /第 2 着/);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 1);
  assert.deepEqual(page.errors, []);
});

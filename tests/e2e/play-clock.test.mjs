// On the board: the game's clock is chosen before the first move, pressed by each move,
// saved with the game, and a fallen flag ends the game with reason `timeout` (4.1.4, 22.1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

async function fresh() {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  return page;
}

test('moves press the clock; the clock and whose time runs survive a reload', async () => {
  const page = await fresh();
  await page.selectOption('[data-testid=time-control]', 'fischer-5-3');
  assert.equal((await page.textContent('[data-testid=clock-red]')).trim(), '5:00');
  await playMoves(page, ['h2e2']);
  assert.equal(await page.getAttribute('[data-testid=clock-black]', 'data-running'), 'true');
  assert.equal(await page.getAttribute('[data-testid=clock-red]', 'data-running'), 'false');
  // Red's first move started the clock and earned the 3 s increment.
  assert.equal((await page.textContent('[data-testid=clock-red]')).trim(), '5:03');
  assert.ok(await page.isDisabled('[data-testid=time-control]'), 'the control is fixed once the game has started');
  await page.waitForTimeout(1200);
  await page.reload();
  await page.waitForSelector('[data-testid=clock-black]');
  assert.equal(await page.getAttribute('[data-testid=clock-black]', 'data-running'), 'true');
  assert.equal(await page.inputValue('[data-testid=time-control]'), 'fischer-5-3');
  const blackMs = Number(await page.getAttribute('[data-testid=clock-black]', 'data-ms'));
  assert.ok(blackMs < 300_000 - 1000, `the time while reloading was charged to Black: ${blackMs}`);
  await playMoves(page, ['h9g7']);
  assert.equal(await page.getAttribute('[data-testid=clock-red]', 'data-running'), 'true');
  assert.deepEqual(page.errors, []);
});

test('a fallen flag loses on time', async () => {
  const page = await fresh();
  await page.fill('[data-testid=custom-control]', '2s');
  await page.dispatchEvent('[data-testid=custom-control]', 'change');
  await playMoves(page, ['h2e2']);
  await page.waitForSelector('[data-testid=status][data-reason=timeout]', { timeout: 6000 });
  assert.equal(await page.getAttribute('[data-testid=status]', 'data-result'), '1-0');
  assert.equal(await page.getAttribute('[data-testid=clock-black]', 'data-flag'), 'true');
  await playMoves(page, ['h9g7']);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 1, 'no move after the flag');
});

// Issue 55, point 9: how #/play comes up. On a phone the lean board shows the move box and the
// computer's controls at once, off and with a spinner, until the whole board swaps in, so the
// layout under the board does not jump; the engine's worker starts without wasm-bindgen's warning
// about deprecated initialisation parameters (nor the timetable solver's).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const PHONE = { width: 375, height: 812 };

for (const lang of ['zh', 'en']) {
  test(`a phone sees the move box and the computer's controls with the board, waiting (${lang})`, async () => {
    const context = await app.browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    await context.addInitScript((l) => { try { localStorage.setItem('xq.lang', l); } catch { /* none */ } }, lang);
    // The whole board's code is held back until the lean board has been looked at.
    let release;
    const held = new Promise((r) => { release = r; });
    await context.route('**/page_play_full_bg.wasm', async (route) => { await held; await route.continue(); });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(app.base + 'index.html#/play');
    await page.waitForSelector('section.play[data-bundle=lean] [data-testid=board]', { timeout: 20000 });
    // With the board, at once: the move box and the computer's group, off, each with a spinner.
    const box = page.locator('[data-testid=move-box-waiting]');
    const engine = page.locator('[data-testid=engine-waiting]');
    assert.ok(await box.isVisible(), 'the move box is there');
    assert.ok(await box.locator('input').isDisabled());
    assert.equal(await box.getAttribute('aria-busy'), 'true');
    assert.equal(await box.locator('.spinner').count(), 1);
    assert.equal(await engine.count(), 1, 'the computer group is there');
    assert.equal(await engine.getAttribute('aria-busy'), 'true');
    assert.equal(await engine.locator('.spinner').count(), 1);
    const buttons = engine.locator('button');
    assert.equal(await buttons.count(), 5);
    for (let i = 0; i < 5; i++) assert.ok(await buttons.nth(i).isDisabled());
    assert.equal(await engine.locator('select').count(), 4);
    const network = engine.locator('input[type=checkbox]');
    assert.equal(await network.count(), 1, 'the network switch is there too');
    assert.ok(await network.isDisabled());
    const where = () => page.evaluate(() => ({
      box: document.querySelector('.board-column > .move-box').getBoundingClientRect().top,
      game: document.querySelector('.game-group').getBoundingClientRect().top,
    }));
    const lean = await where();
    // The whole board arrives: the real controls in the same places.
    release();
    await page.waitForSelector('section.play[data-bundle=full] [data-testid=move-box]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=engine-panel]');
    assert.equal(await page.locator('[data-testid=move-box-waiting], [data-testid=engine-waiting]').count(), 0);
    const full = await where();
    assert.ok(Math.abs(full.box - lean.box) <= 2, `the move box stays: ${JSON.stringify({ lean, full })}`);
    assert.ok(Math.abs(full.game - lean.game) <= 2, `what follows it stays: ${JSON.stringify({ lean, full })}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the engine worker starts without a warning about deprecated parameters', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  const said = [];
  page.context().on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
  page.on('worker', (w) => w.on('console', (m) => said.push(`worker ${m.type()}: ${m.text()}`)));
  await page.selectOption('[data-testid=engine-time]', '500');
  await page.click('[data-testid=engine-hint-button]');
  await page.waitForSelector('[data-testid=engine-hint]', { timeout: 30000 });
  // Stop ends the worker; the next job starts a fresh one, which must start as quietly.
  await page.click('[data-testid=engine-hint-button]');
  await page.click('[data-testid=engine-stop]');
  await page.click('[data-testid=engine-hint-button]');
  await page.waitForSelector('[data-testid=engine-hint]', { timeout: 30000 });
  assert.deepEqual(said.filter((s) => /deprecated/i.test(s)), [], said.join('\n'));
  assert.deepEqual(page.errors, []);
});

test('the timetable solver\'s worker starts without a warning about deprecated parameters', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  const said = [];
  page.on('worker', (w) => w.on('console', (m) => said.push(`worker ${m.type()}: ${m.text()}`)));
  page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.deepEqual(said.filter((s) => /deprecated/i.test(s)), [], said.join('\n'));
});

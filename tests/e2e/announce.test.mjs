// Issue 55, point 8: what a screen reader is told on #/play. A quick computer's reply is queued
// after the player's own move instead of replacing it before it is read, and the language button
// rewords what the live regions hold.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const said = (page) => page.textContent('[data-testid=announce]');
const SIDES = { zh: ['红方', '黑方'], en: ['Red', 'Black'] };

for (const lang of ['zh', 'en']) {
  test(`the player's move is still there to be read after the computer's quick reply (${lang})`, async () => {
    const [red, black] = SIDES[lang];
    const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]', lang });
    await page.selectOption('[data-testid=engine-level]', '1');
    await page.selectOption('[data-testid=engine-time]', '500');
    await page.selectOption('[data-testid=engine-side]', 'black');
    await playMoves(page, ['h2e2']);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 2, null, { timeout: 30000 });
    await page.waitForFunction((b) => document.querySelector('[data-testid=announce]').textContent.includes(b), black);
    const text = await said(page);
    const own = text.indexOf(`${red} 炮二平五`);
    const reply = text.indexOf(`${black} `);
    assert.ok(own >= 0, `the player's move is kept: ${text}`);
    assert.ok(reply > own, `the reply comes after it: ${text}`);
    // Each announcement is an addition to the polite region, read in turn.
    assert.equal(await page.getAttribute('[data-testid=announce]', 'aria-live'), 'polite');
    assert.notEqual(await page.getAttribute('[data-testid=announce]', 'aria-atomic'), 'true');
    assert.deepEqual(page.errors, []);
  });
}

for (const [from, to] of [['zh', 'en'], ['en', 'zh']]) {
  test(`the live regions follow the language button (${from} to ${to})`, async () => {
    // Red's chariot checks the black king; the check is said in the assertive region.
    const page = await app.newPage('#/play?fen=' + encodeURIComponent('3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1'), { waitFor: '[data-testid=board]', lang: from });
    await playMoves(page, ['a0d0']);
    await page.waitForFunction((r) => document.querySelector('[data-testid=announce]').textContent.includes(r), SIDES[from][0]);
    const loudBefore = await page.textContent('[data-testid=announce-alert]');
    assert.ok(loudBefore.trim().length > 0, 'the check is said');
    await page.click('[data-testid=lang-toggle]');
    await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), to);
    const text = await said(page);
    assert.ok(text.includes(SIDES[to][0]), `said again in ${to}: ${text}`);
    assert.ok(!text.includes(SIDES[from][0]), `no word of ${from} left: ${text}`);
    const loud = await page.textContent('[data-testid=announce-alert]');
    assert.notEqual(loud, loudBefore, `the check in ${to}: ${loud}`);
    assert.deepEqual(page.errors, []);
  });
}

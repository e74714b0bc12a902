// Issue 55, point 2: against a quick computer (levels 3–6 answer in well under half a second) the
// player arms a draw offer before their move ("offer a draw with my next move"); their move makes
// it (rule 23.1: the offer is made after one's own move), and it stands until the computer has
// answered it, the answer shown with its clause. The decisions are the core's
// (`PlaySession::arm_offer`, tested natively); this checks the page wires them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const WORDS = {
  zh: { next: /下一着走后提和/, armed: /将随下一着提和/, declined: /电脑拒绝和棋，继续对局（第23\.1条）/ },
  en: { next: /Offer a draw with my next move/, armed: /Draw offer goes with your next move/, declined: /The computer declines the draw and plays on \(rule 23\.1\)/ },
};

const plies = (page) => page.locator('[data-testid=move-list] [data-ply]').count();
const waitPlies = (page, n) => page.waitForFunction((n) => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === n, n, { timeout: 30000 });

for (const lang of ['zh', 'en']) {
  test(`a draw offer armed before the move is made by it and answered by a quick computer (${lang})`, async () => {
    const w = WORDS[lang];
    const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]', lang });
    const offer = page.locator('[data-testid=offer-draw]');
    await page.selectOption('[data-testid=engine-level]', '4');
    await page.selectOption('[data-testid=engine-time]', '500');
    await page.selectOption('[data-testid=engine-side]', 'black');
    // Red, the player, is to move: the offer can be armed now, for the move to come; armed and
    // withdrawn before the move, nothing is offered and the computer just moves.
    assert.ok(await offer.isEnabled(), 'the offer can be armed before the move');
    assert.match(await offer.textContent(), w.next);
    assert.equal(await offer.getAttribute('aria-pressed'), 'false');
    await offer.click();
    assert.equal(await offer.getAttribute('aria-pressed'), 'true');
    assert.match(await offer.textContent(), w.armed);
    await offer.click();
    assert.equal(await offer.getAttribute('aria-pressed'), 'false');
    await playMoves(page, ['h2e2']);
    await waitPlies(page, 2);
    assert.equal(await page.locator('[data-testid=note]').count(), 0, 'no offer, no answer');

    // Armed while the player is to move: not offered yet; their move makes it, and the computer
    // answers it (declines, in the opening) before it moves.
    await offer.click();
    assert.equal(await offer.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.locator('[data-testid=offer]').count(), 0, 'not offered before the move');
    await playMoves(page, ['h0g2']);
    await waitPlies(page, 4);
    await page.waitForSelector('[data-testid=note]');
    assert.match(await page.textContent('[data-testid=note]'), w.declined);
    assert.equal(await page.getAttribute('[data-testid=status]', 'data-result'), null);
    assert.equal(await offer.getAttribute('aria-pressed'), 'false', 'the armed offer was used');
    assert.equal(await plies(page), 4);
    assert.deepEqual(page.errors, []);
  });
}

// The foundation's contract: the app opens on #/play with the start position on the right points.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
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
  assert.match(await bad.textContent('[role=alert]'), /照面/);
});

// Screenshots of every page at a phone, a laptop and a projector, in both languages, kept
// in test-results/screens/ (named page-size-lang.png) for anyone to look at after a run.
test('screenshots of every page at 390x844, 1366x768 and 1920x1080 projector, in both languages', async () => {
  const dir = path.join(OUT, 'screens');
  fs.mkdirSync(dir, { recursive: true });
  const pages = [
    ['play', '#/play?moves=h2e2,h9g7,h0g2,i9h9,b0c2', '[data-testid=board]'],
    ['play-over', '#/play?fen=' + encodeURIComponent('3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1') + '&moves=b7b9', '[data-testid=board-over]'],
    ['scoresheet', '#/scoresheet?moves=h2e2,h9g7,h0g2,i9h9', '[data-testid=scoresheet]'],
    ['clock', '#/clock', '[data-testid=clock-red]'],
    ['tournament', '#/tournament', '#main'],
    ['schedule', '#/schedule', '#main'],
  ];
  const sizes = [[390, 844, 'phone'], [844, 390, 'phone'], [1366, 768, 'laptop'], [1920, 1080, 'projector']];
  for (const lang of ['zh', 'en']) {
    for (const [w, h, kind] of sizes) {
      for (const [name, hash, ready] of pages) {
        const page = await app.newPage(hash, { lang, waitFor: ready, viewport: { width: w, height: h } });
        if (kind === 'projector' && name.startsWith('play')) {
          await page.click('[data-testid=projector]');
        }
        await page.waitForTimeout(150);
        await page.screenshot({ path: path.join(dir, `${name}-${w}x${h}-${lang}.png`) });
        assert.deepEqual(page.errors, [], `${name} ${w}x${h} ${lang}`);
        await page.context().close();
      }
    }
  }
});

// On a phone the header's sections either fit or show that there are more to scroll to,
// and the schedule does not scroll sideways.
test('on a phone the nav fits or fades where it scrolls, and #/schedule has no sideways scroll at 375 px', async () => {
  for (const lang of ['en', 'zh']) {
    const page = await app.newPage('#/play', { lang, waitFor: '.topbar nav', viewport: { width: 390, height: 844 } });
    const nav = () => page.$eval('.topbar nav', (n) => {
      const cs = getComputedStyle(n);
      const mask = cs.maskImage || cs.webkitMaskImage || 'none';
      const last = n.lastElementChild.getBoundingClientRect();
      const box = n.getBoundingClientRect();
      return { fits: n.scrollWidth <= n.clientWidth, mask, lastShown: last.right <= box.right + 0.5 };
    });
    // The fade is a scroll-driven animation whose timeline resolves on a frame after layout: on
    // a busy machine the first read can come before it, so wait (up to 3 s) for it to settle.
    await page.waitForFunction(() => {
      const n = document.querySelector('.topbar nav');
      const cs = getComputedStyle(n);
      return n.scrollWidth <= n.clientWidth || (cs.maskImage || cs.webkitMaskImage || 'none') !== 'none';
    }, null, { timeout: 3000 }).catch(() => {});
    const start = await nav();
    assert.ok(start.fits || start.mask !== 'none', `${lang}: a nav wider than the screen says so ${JSON.stringify(start)}`);
    if (!start.fits) {
      await page.$eval('.topbar nav', (n) => { n.scrollLeft = n.scrollWidth; });
      // The fade follows a scroll-driven animation, updated on a later frame: on a busy machine
      // that can be well past 100 ms, so wait (up to 3 s) for it rather than a fixed time.
      await page.waitForFunction(() => {
        const cs = getComputedStyle(document.querySelector('.topbar nav'));
        return (cs.maskImage || cs.webkitMaskImage || 'none') === 'none';
      }, null, { timeout: 3000 }).catch(() => {});
      const end = await nav();
      assert.ok(end.lastShown && end.mask === 'none', `${lang}: scrolled to its end ${JSON.stringify(end)}`);
    }
    await page.context().close();
  }
  // The schedule once solved: its figures and timetables are tables wider than a phone.
  const page = await app.newPage('#/schedule', { lang: 'en', waitFor: '[data-testid=solve]', viewport: { width: 375, height: 812 } });
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  const wide = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, win: innerWidth,
    widest: [...document.querySelectorAll('main *')].map((e) => [e.getBoundingClientRect().right, e.tagName + '.' + e.className])
      .sort((a, b) => b[0] - a[0]).slice(0, 3) }));
  assert.ok(wide.doc <= wide.win, `#/schedule is ${wide.doc} px wide in a ${wide.win} px window: ${JSON.stringify(wide.widest)}`);
  assert.deepEqual(page.errors, []);
});

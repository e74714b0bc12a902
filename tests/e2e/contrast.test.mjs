// Issue 55, point 1: the high-contrast piece set (for projectors and low vision) must show both
// colours' characters. Each piece's character colour against its disc colour, read from the
// rendered SVG, is at least 7:1 by the WCAG formula, and a screenshot shows the character: the
// inside of a black piece's ring has both dark (character) and light (disc) pixels.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

/** WCAG 2 relative luminance of `rgb(r, g, b)`. */
function luminance(css) {
  const [r, g, b] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Shares of dark (< 80) and light (> 175) pixels inside the ring of the piece on `square`. */
async function inkInsideRing(page, square) {
  const piece = page.locator(`[data-testid=board] [data-square="${square}"] .piece`);
  const png = await piece.screenshot();
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.width, img.height];
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const { data } = g.getImageData(0, 0, c.width, c.height);
    // The ring's radius is 39 of the drawing's 100; keep well inside it.
    const r = 0.3 * Math.min(c.width, c.height);
    let dark = 0, light = 0, all = 0;
    for (let y = 0; y < c.height; y++) {
      for (let x = 0; x < c.width; x++) {
        if ((x - c.width / 2) ** 2 + (y - c.height / 2) ** 2 > r * r) continue;
        const i = 4 * (y * c.width + x);
        const v = (data[i] + data[i + 1] + data[i + 2]) / 3;
        all++;
        if (v < 80) dark++;
        if (v > 175) light++;
      }
    }
    return { dark: dark / all, light: light / all };
  }, png.toString('base64'));
}

for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['laptop', { width: 1366, height: 768 }], ['projector', { width: 1920, height: 1080 }]]) {
  for (const lang of ['zh', 'en']) {
    test(`high-contrast pieces: both colours' characters read at 7:1 or more and show (${size}, ${lang})`, async () => {
      const page = await app.newPage('#/play', { waitFor: '[data-testid=board]', viewport, lang });
      await page.selectOption('[data-testid=piece-set]', 'contrast');
      await page.waitForTimeout(100);
      for (const square of ['e0', 'e9', 'h2', 'h7']) {
        const colours = await page.$eval(`[data-testid=board] [data-square="${square}"] .piece`, (svg) => ({
          text: getComputedStyle(svg.querySelector('text')).fill,
          disc: getComputedStyle(svg.querySelector('.disc')).fill,
          // What lies between the disc and the character: a ring filled over the disc hides it.
          ring: getComputedStyle(svg.querySelector('.ring')).fill,
        }));
        const r = ratio(colours.text, colours.disc);
        assert.ok(r >= 7, `${square}: ${JSON.stringify(colours)} ${r.toFixed(2)}:1`);
        assert.equal(colours.ring, 'none', `${square}: the ring is a line, not a disc over the character`);
      }
      for (const square of ['e0', 'e9']) {
        const ink = await inkInsideRing(page, square);
        assert.ok(ink.dark > 0.08 && ink.light > 0.08, `${square}: the character shows on its disc: ${JSON.stringify(ink)}`);
      }
      assert.deepEqual(page.errors, []);
    });
  }
}

// The standalone clock (#/clock): presses switch sides, the faces stay true to performance.now()
// through a hidden-tab period, and a running clock survives a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startApp, OUT } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const open = (control) =>
  app.newPage('#/clock?control=' + encodeURIComponent(control), { waitFor: '[data-testid=clock-red]' });

/** `0:09.4` → 9400, `4:59` → 299000, `1:29:59` → 5399000. */
function faceMs(text) {
  const m = text.trim().match(/^(?:(\d+):)?(\d+):(\d\d)(?:\.(\d))?$/);
  assert.ok(m, `not a clock face: ${text}`);
  const [, h = '0', min, s, tenth = '0'] = m;
  return ((Number(h) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(tenth) * 100;
}

/** Both faces and the page's own clock, read in one go. */
const read = (page) => page.evaluate(() => {
  const face = (side) => {
    const el = document.querySelector(`[data-testid=clock-${side}]`);
    return { text: el.textContent, ms: Number(el.dataset.ms), running: el.dataset.running, flag: el.dataset.flag };
  };
  return { now: performance.timeOrigin + performance.now(), red: face('red'), black: face('black') };
});

/** The saved clock's start instant (the app saves on every event). */
const startedAt = (page) => page.evaluate(() => {
  const saved = JSON.parse(localStorage.getItem('xq.clock.state'));
  return saved.clock.history[0].Start.at_ms;
});

/** Waits for the next animation frame (and the render it triggers). */
const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

/**
 * A hidden tab as the app sees it: `document.hidden`, a `visibilitychange`, and no animation
 * frames until it shows again. (Playwright's focus emulation keeps real tabs visible in headless
 * Chromium, so the page's own view of hiding is emulated.)
 */
const hide = (page) => page.evaluate(() => {
  const held = [];
  window.__realRaf = window.requestAnimationFrame;
  window.requestAnimationFrame = (cb) => { held.push(cb); return 0; };
  window.__held = held;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
});
const show = (page) => page.evaluate(() => {
  delete document.hidden;
  delete document.visibilityState;
  window.requestAnimationFrame = window.__realRaf;
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  const now = performance.now();
  for (const cb of window.__held.splice(0)) cb(now);
});

function assertTrue(face, truth, what) {
  // data-ms is the exact face; the text is floored to tenths, so its middle is compared.
  assert.ok(Math.abs(face.ms - truth) <= 100, `${what}: data-ms ${face.ms} vs truth ${truth.toFixed(0)}`);
  const shown = faceMs(face.text) + 50;
  assert.ok(Math.abs(shown - truth) <= 100, `${what}: shows ${face.text} vs truth ${truth.toFixed(0)}`);
}

test('after 3 s running and a 2 s hidden tab the face is within 100 ms of the truth', async () => {
  const page = await open('12s');
  assert.equal((await read(page)).red.text.trim(), '0:12');
  await page.click('[data-testid=clock-press-black]'); // Black's press starts Red's time
  const start = await startedAt(page);
  await sleep(3000);
  let r = await read(page);
  assert.equal(r.red.running, 'true');
  assertTrue(r.red, 12000 - (r.now - start), 'after 3 s');
  await hide(page);
  await sleep(2000);
  const held = await page.evaluate(() => window.__held.length);
  assert.ok(held > 0, 'frames were requested and held while hidden');
  await show(page);
  r = await read(page);
  assertTrue(r.red, 12000 - (r.now - start), 'right after the tab shows');
  await frame(page);
  r = await read(page);
  assertTrue(r.red, 12000 - (r.now - start), 'at the next frame');
  assert.equal(r.black.text.trim(), '0:12', "Black's time did not run");
  assert.deepEqual(page.errors, []);
});

test('presses switch sides; Space and the Shift keys press; the other half does nothing', async () => {
  const page = await open('5m+3s');
  const running = async () => {
    const r = await read(page);
    return { red: r.red.running, black: r.black.running };
  };
  assert.deepEqual(await running(), { red: 'false', black: 'false' });
  await page.click('[data-testid=clock-press-black]');
  assert.deepEqual(await running(), { red: 'true', black: 'false' });
  await page.click('[data-testid=clock-press-black]'); // not Black's turn: nothing
  assert.deepEqual(await running(), { red: 'true', black: 'false' });
  await page.click('[data-testid=clock-press-red]');
  assert.deepEqual(await running(), { red: 'false', black: 'true' });
  // The increment comes after Red's completed move: 5:00 - a moment + 3 s.
  assert.equal((await read(page)).red.text.trim(), '5:02');
  await page.keyboard.press('Space');
  assert.deepEqual(await running(), { red: 'true', black: 'false' });
  await page.keyboard.press('ShiftRight'); // Black's key, Red's turn: nothing
  assert.deepEqual(await running(), { red: 'true', black: 'false' });
  await page.keyboard.press('ShiftLeft');
  assert.deepEqual(await running(), { red: 'false', black: 'true' });
  await page.focus('[data-testid=clock-press-black]');
  await page.keyboard.press('Space'); // one press, not two
  assert.deepEqual(await running(), { red: 'true', black: 'false' });
  assert.match(await page.textContent('[data-testid=clock-press-red]'), /2\s*(着|moves)/);
  assert.match(await page.textContent('[data-testid=clock-press-black]'), /2\s*(着|moves)/);
  // Pause stops both; undo gives the turn back to the side that pressed last.
  await page.click('[data-testid=clock-pause]');
  assert.deepEqual(await running(), { red: 'false', black: 'false' });
  const paused = (await read(page)).red.ms;
  await sleep(300);
  assert.equal((await read(page)).red.ms, paused);
  await page.click('[data-testid=clock-pause]');
  await page.click('[data-testid=clock-undo]');
  assert.deepEqual(await running(), { red: 'false', black: 'true' });
  await page.screenshot({ path: path.join(OUT, 'clock-running.png') });
  assert.deepEqual(page.errors, []);
});

test('a reload keeps the running clock and charges the gap to the side to move', async () => {
  const page = await open('90m/40, 15m/10');
  await page.click('[data-testid=clock-press-black]');
  await sleep(200);
  await page.click('[data-testid=clock-press-red]');
  await sleep(300);
  await frame(page);
  const before = await read(page);
  assert.equal(before.black.running, 'true');
  await page.reload();
  await page.waitForSelector('[data-testid=clock-black][data-running=true]');
  await sleep(500);
  await frame(page);
  const afterReload = await read(page);
  assert.equal(afterReload.red.running, 'false');
  // Both readings are faces drawn at their last frame, so the slack covers two frames on a
  // loaded machine; a clock that lost the reload gap would be off by the whole second.
  const gap = afterReload.now - before.now;
  assert.ok(gap > 500);
  assert.ok(Math.abs(afterReload.black.ms - (before.black.ms - gap)) <= 250,
    `black ${afterReload.black.ms}, was ${before.black.ms} ${gap.toFixed(0)} ms before`);
  assert.equal(afterReload.red.ms, before.red.ms, "Red's time did not move");
  assert.match(await page.textContent('[data-testid=clock-press-red]'), /还差39着|39 to go/);
  assert.deepEqual(page.errors, []);
});

test('the flag falls at zero and says so; a corrupt save is reported and set aside', async () => {
  const page = await open('1500ms');
  await page.keyboard.press('Space');
  await page.waitForSelector('[data-testid=clock-red][data-flag=true]', { timeout: 5000 });
  const r = await read(page);
  assert.equal(r.red.text.trim(), '0:00.0');
  assert.equal(r.red.running, 'false');
  assert.match(await page.textContent('[data-testid=clock-status]'), /超时|lost on time/);
  await page.evaluate(() => localStorage.setItem('xq.clock.state', '{"preset":"x","clock":{"red":"9"}}'));
  await page.reload();
  await page.waitForSelector('[data-testid=clock-red]');
  // Set aside under its own timestamped key (one `.corrupt` slot lost earlier copies).
  assert.match(await page.textContent('[role=alert]'), /xq\.clock\.state\.corrupt\.\d+/);
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('xq.clock.state.corrupt.')).map((k) => localStorage.getItem(k)));
  assert.deepEqual(aside, ['{"preset":"x","clock":{"red":"9"}}']);
  assert.deepEqual(page.errors, []);
});

test('a preset is chosen from the list and a bad custom control is explained', async () => {
  const page = await app.newPage('#/clock', { waitFor: '[data-testid=clock-red]' });
  await page.selectOption('[data-testid=clock-preset]', 'byoyomi-20m-3x30s');
  assert.equal((await read(page)).red.text.trim(), '20:00');
  assert.match(await page.textContent('[data-testid=clock-press-red]'), /读秒3次|byo-yomi ×3/);
  await page.fill('[data-testid=clock-control-red]', '90m/0');
  await page.click('[data-testid=clock-apply]');
  assert.match(await page.textContent('[role=alert]'), /0 moves|90m\/0|'0'|0 着|“0”/);
  await page.fill('[data-testid=clock-control-red]', '1h30m');
  await page.click('[data-testid=clock-apply]');
  assert.equal((await read(page)).red.text.trim(), '1:30:00');
  assert.equal((await read(page)).black.text.trim(), '20:00');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: path.join(OUT, 'clock-phone.png') });
  assert.deepEqual(page.errors, []);
});

// A phone lying between two players. Both halves are on screen without fullscreen, in
// portrait and landscape, and each half's text faces its player.
test('the two halves fill the screen and face their players at 390x844 and 844x390', async () => {
  // rotate(θ) as the computed matrix(cos, sin, -sin, cos, 0, 0), rounded.
  const turn = (page, side) => page.$eval(`[data-testid=clock-press-${side}] .clock-half-inner`, (el) => {
    const t = getComputedStyle(el).transform;
    if (t === 'none') return 0;
    const [a, b] = t.slice(7, -1).split(',').map(Number);
    return Math.round(Math.atan2(b, a) * 180 / Math.PI);
  });
  for (const [w, h, black, red] of [[390, 844, 180, 0], [844, 390, 90, -90]]) {
    const page = await app.newPage('#/clock', { waitFor: '[data-testid=clock-red]', viewport: { width: w, height: h } });
    for (const side of ['red', 'black']) {
      const b = await page.locator(`[data-testid=clock-press-${side}]`).boundingBox();
      assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= w + 0.5 && b.y + b.height <= h + 0.5, `${side} half inside ${w}x${h}: ${JSON.stringify(b)}`);
      assert.ok(b.width * b.height > w * h * 0.2, `${side} half is large: ${JSON.stringify(b)}`);
      const face = await page.locator(`[data-testid=clock-${side}]`).boundingBox();
      assert.ok(face.y >= 0 && face.y + face.height <= h, `${side} face visible`);
    }
    assert.equal(Math.abs(await turn(page, 'black')), Math.abs(black), `black faces its end at ${w}x${h}`);
    assert.equal(await turn(page, 'red'), red, `red faces its end at ${w}x${h}`);
    const scroll = await page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(scroll <= h + 1, `no scrolling: ${scroll}`);
    assert.deepEqual(page.errors, []);
  }
});

// --- First use, phones and reloads --------------------------------------------------------------

test('while a game runs Space and the Shift keys press the clock, even after a button was clicked', async () => {
  const page = await open('5m+3s');
  const running = async () => {
    const r = await read(page);
    return r.red.running === 'true' ? 'red' : r.black.running === 'true' ? 'black' : 'none';
  };
  await page.keyboard.press('Space');
  assert.equal(await running(), 'red');
  const lang = async () => (await page.textContent('[data-testid=lang-toggle]')).trim();
  const before = await lang();
  await page.click('[data-testid=lang-toggle]');
  const switched = await lang();
  assert.notEqual(switched, before);
  await page.keyboard.press('Space');
  assert.equal(await running(), 'black', 'Space pressed the clock');
  assert.equal(await lang(), switched, 'and did not click the language button again');
  await page.click('[data-testid=clock-mute]');
  const muted = await page.getAttribute('[data-testid=clock-mute]', 'aria-pressed');
  await page.keyboard.press('ShiftRight');
  assert.equal(await running(), 'red');
  await page.keyboard.press('Space');
  assert.equal(await running(), 'black');
  assert.equal(await page.getAttribute('[data-testid=clock-mute]', 'aria-pressed'), muted, 'mute untouched');
  await page.click('[data-testid=lang-toggle]');
  assert.deepEqual(page.errors, []);
});

test('on a phone the bar shows every button whole, in both languages; controls are written in the page language', async () => {
  for (const lang of ['zh', 'en']) {
    const page = await app.newPage('#/clock', { lang, waitFor: '[data-testid=clock-red]', viewport: { width: 390, height: 844 } });
    for (const id of ['clock-pause', 'clock-undo', 'clock-finish', 'clock-new', 'clock-mute', 'clock-fullscreen']) {
      const r = await page.$eval(`[data-testid=${id}]`, (el) => {
        const b = el.getBoundingClientRect();
        const bar = el.closest('.clock-bar').getBoundingClientRect();
        const inside = b.left >= 0 && b.right <= innerWidth && b.top >= 0 && b.bottom <= innerHeight
          && b.top >= bar.top && b.bottom <= bar.bottom && b.left >= bar.left && b.right <= bar.right;
        return { inside, clipped: el.scrollWidth > el.clientWidth + 1, b: [b.left, b.top, b.right, b.bottom], bar: [bar.left, bar.top, bar.right, bar.bottom] };
      });
      assert.ok(r.inside && !r.clipped, `${lang} ${id}: ${JSON.stringify(r)}`);
    }
    await page.selectOption('[data-testid=clock-preset]', 'byoyomi-20m-3x30s');
    const control = await page.inputValue('[data-testid=clock-control-red]');
    const help = await page.textContent('.clock-help');
    if (lang === 'zh') {
      assert.equal(control, '20分 读秒 3×30秒');
      assert.doesNotMatch(help, /byo|delay|\d[ms]\b/, help);
      await page.fill('[data-testid=clock-control-red]', '5分 延时 5秒');
      await page.click('[data-testid=clock-apply]');
      assert.equal((await read(page)).red.text.trim(), '5:00');
    } else {
      assert.equal(control, '20m byo 3x30s');
    }
    await page.screenshot({ path: path.join(OUT, `clock-390x844-${lang}.png`) });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

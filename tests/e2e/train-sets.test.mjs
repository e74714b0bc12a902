// #/train's teacher's sets (issue 53.4): positions picked from the trainer into a named set,
// commented and reordered; its link opens the set in a fresh browser (no server, nothing shared
// but the link); the class view steps through "show the move" and "show the line" at
// 1920×1080; damaged, newer and too-big links and files get their typed message in both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';
import { routeData } from './train-data.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

async function open(hash, { lang = 'zh', viewport } = {}) {
  const context = await app.browser.newContext({ viewport: viewport || { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript((l) => { if (localStorage.getItem('xq.lang') === null) localStorage.setItem('xq.lang', l); }, lang);
  await routeData(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(app.base + 'index.html' + hash);
  await page.waitForSelector('[data-testid=train]', { state: 'attached' });
  return page;
}

async function puzzleOpen(page, rating) {
  await page.waitForFunction((r) => document.querySelector('[data-testid=puzzle-rating]')?.textContent === String(r), rating);
  await page.waitForSelector('.board-wrap[data-stage=solving]');
}

test('a set made from the trainer, commented and reordered, opens from its link in a fresh browser; class steps at 1920×1080', async () => {
  const page = await open('#/train');
  await puzzleOpen(page, 1500);
  await page.click('[data-testid=train-add-to-set]');
  assert.match(await page.textContent('[data-testid=set-note]'), /已加入题集“我的题集”/);
  await page.click('[data-testid=train-next]');
  await puzzleOpen(page, 1300);
  await page.click('[data-testid=train-add-to-set]');
  await page.click('[data-testid=mode-sets]');
  const fens = () => page.$$eval('[data-testid=set-item]', (li) => li.map((l) => l.dataset.fen));
  const before = await fens();
  assert.equal(before.length, 2);
  await page.fill('[data-testid=set-comment] >> nth=1', '先走王');
  await page.press('[data-testid=set-comment] >> nth=1', 'Tab');
  await page.click('[data-testid=set-up] >> nth=1');
  assert.deepEqual(await fens(), [before[1], before[0]]);
  assert.equal(await page.inputValue('[data-testid=set-comment] >> nth=0'), '先走王');
  await page.click('[data-testid=set-make-link]');
  const link = await page.inputValue('[data-testid=set-link]');
  assert.match(link, /#\/train\?set=[A-Za-z0-9_-]+$/);
  assert.equal(await page.locator('[data-testid=set-qr] svg').count(), 1, 'a QR code of the link');
  // Kept through a reload.
  await page.reload();
  await page.click('[data-testid=mode-sets]');
  assert.deepEqual(await fens(), [before[1], before[0]]);
  assert.deepEqual(page.errors, []);
  await page.context().close();

  // Another browser: nothing but the link, on a projector.
  const hash = link.slice(link.indexOf('#'));
  const screen = await open(hash, { lang: 'en', viewport: { width: 1920, height: 1080 } });
  await screen.waitForSelector('[data-testid=class-view]');
  assert.match(await screen.textContent('[data-testid=class-counter]'), /Position 1 of 2/);
  assert.equal(await screen.textContent('[data-testid=class-comment]'), '先走王');
  const box = await screen.locator('[data-testid=class-view] [data-testid=board]').boundingBox();
  assert.ok(box.height >= 850 && box.y + box.height <= 1080, `the board fills the projector's height: ${JSON.stringify(box)}`);
  assert.equal(await screen.locator('[data-testid=class-view] [data-last=true]').count(), 0, 'the question: no move shown');
  assert.match(await screen.textContent('[data-testid=class-turn]'), /^Black to move/);
  await screen.click('[data-testid=class-show-move]');
  assert.equal(await screen.getAttribute('[data-testid=class-view] [data-square=e8]', 'data-piece'), 'k', 'the first move, e9e8');
  assert.match(await screen.textContent('[data-testid=class-turn]'), /^Black to move/, 'the question stays asked of the side that solves it');
  await screen.click('[data-testid=class-show-line]');
  assert.equal(await screen.getAttribute('[data-testid=class-view] [data-square=e7]', 'data-piece'), 'k', 'the whole line');
  assert.equal(await screen.getAttribute('[data-testid=class-view] [data-square=d2]', 'data-piece'), 'K');
  await screen.click('[data-testid=class-next]');
  assert.match(await screen.textContent('[data-testid=class-counter]'), /Position 2 of 2/);
  assert.equal(await screen.getAttribute('[data-testid=class-view] [data-square=f9]', 'data-piece'), 'k', 'the second question');
  await screen.click('[data-testid=class-show-move]');
  assert.equal(await screen.getAttribute('[data-testid=class-view] [data-square=a9]', 'data-piece'), 'R');
  await screen.click('[data-testid=class-keep]');
  await screen.click('[data-testid=class-close]');
  await screen.click('[data-testid=mode-sets]');
  assert.equal(await screen.locator('[data-testid=set-item]').count(), 2, 'kept on this device');
  assert.deepEqual(screen.errors, []);
  await screen.context().close();
});

const BAD_LINKS = [
  ['a damaged link', 'Zm9v!', /题集已损坏/, /damaged|not/i],
  ['a link from a newer version', 'CQ', /较新版本/, /newer/i],
  ['a link too long', 'A'.repeat(2100), /题集太大/, /too big|too long/i],
];

for (const [what, payload, zh, en] of BAD_LINKS) {
  test(`${what} is refused with its message in both languages, and nothing kept is lost`, async () => {
    const page = await open('#/train?set=' + payload);
    await page.waitForSelector('[data-testid=set-note][data-kind=bad]');
    assert.match(await page.textContent('[data-testid=set-note]'), zh);
    await page.click('[data-testid=lang-toggle]');
    const said = await page.textContent('[data-testid=set-note]');
    assert.match(said, en);
    assert.doesNotMatch(said, /[\u4e00-\u9fff]/);
    assert.equal(await page.locator('[data-testid=class-view]').count(), 0);
    await puzzleOpen(page, 1500);
    await page.context().close();
  });
}

test('on a phone (375×667) a set, its link, its QR code and the class view it opens fit the width', async () => {
  for (const lang of ['zh', 'en']) {
    const page = await open('#/train', { lang, viewport: { width: 375, height: 667 } });
    await puzzleOpen(page, 1500);
    await page.click('[data-testid=train-add-to-set]');
    await page.click('[data-testid=mode-sets]');
    await page.click('[data-testid=set-make-link]');
    await page.waitForSelector('[data-testid=set-qr] svg');
    const wide = await page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(wide <= 375, `${lang}: page ${wide}px wide`);
    for (const id of ['set-item', 'set-link', 'set-qr', 'set-make-link']) {
      const box = await page.locator(`[data-testid=${id}]`).first().boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `${lang}: ${id} ${JSON.stringify(box)}`);
    }
    const qr = await page.locator('[data-testid=set-qr] svg').boundingBox();
    assert.ok(qr.width >= 150, `${lang}: the QR code is big enough to scan: ${JSON.stringify(qr)}`);
    // The link opened on the phone: the class view, its board and steps fit the width too.
    const link = await page.inputValue('[data-testid=set-link]');
    await page.goto(app.base + 'index.html' + link.slice(link.indexOf('#')));
    await page.waitForSelector('[data-testid=class-view]');
    assert.match(await page.textContent('[data-testid=class-turn]'), lang === 'zh' ? /红方走/ : /^Red to move/);
    await page.click('[data-testid=class-show-move]');
    await page.waitForSelector('[data-testid=class-view] [data-square=a9][data-piece=R]');
    assert.match(await page.textContent('[data-testid=class-turn]'), lang === 'zh' ? /红方走/ : /^Red to move/);
    const classWide = await page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(classWide <= 375, `${lang}: the class view is ${classWide}px wide`);
    for (const sel of ['[data-testid=class-view] [data-testid=board]', '[data-testid=class-show-move]', '[data-testid=class-show-line]', '[data-testid=class-next]', '[data-testid=class-close]']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `${lang}: ${sel} ${JSON.stringify(box)}`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('a set file that is not a set is refused with its message', async () => {
  const page = await open('#/train');
  await page.click('[data-testid=mode-sets]');
  await page.setInputFiles('[data-testid=set-open-file]', { name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"version":1,"name":') });
  await page.waitForSelector('[data-testid=sets-note][data-kind=bad]');
  assert.match(await page.textContent('[data-testid=sets-note]'), /题集已损坏/);
  await page.setInputFiles('[data-testid=set-open-file]', { name: 'y.json', mimeType: 'application/json', buffer: Buffer.from('{"version":7,"name":"x","items":[]}') });
  await page.waitForFunction(() => /较新版本/.test(document.querySelector('[data-testid=sets-note]').textContent));
  assert.equal(await page.locator('[data-testid=set-item]').count(), 0);
  await page.context().close();
});

// The opening explorer on #/play (issue 54.2): opened beside the board, it shows the master
// games' moves from the position shown with their counts (炮二平五 the most played from the
// start), a click on one plays it and the panel follows the board, with the opening's ECCO code
// and the top games; it fetches one shard of the static explorer built with the app (dist/explorer/)
// per position, and follows the language button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

/** The explorer's move rows: [{ move, text, count }]. */
const rows = (page) => page.$$eval('[data-testid=explorer-move]', (trs) => trs.map((tr) => ({
  move: tr.getAttribute('data-move'),
  text: tr.querySelector('button').textContent.trim(),
  count: Number(tr.querySelector('td.count').textContent),
})));

/** Waits until the panel shows the moves of a position other than `before` (by its first rows). */
async function followed(page, before) {
  await page.waitForFunction((b) => {
    const trs = [...document.querySelectorAll('[data-testid=explorer-move]')];
    return trs.length > 0 && trs.map((t) => t.getAttribute('data-move')).join() !== b;
  }, before, { timeout: 10000 });
}

test('the explorer shows the start\'s moves with counts, plays a click, follows the board and the language', async () => {
  const page = await app.newPage('#/play', { lang: 'zh' });
  const shards = [];
  page.on('request', (r) => { if (r.url().includes('/explorer/')) shards.push(new URL(r.url()).pathname.split('/').pop()); });
  assert.equal(await page.locator('[data-testid=explorer-moves]').count(), 0, 'closed until asked');
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move]');
  assert.equal(shards.length, 1, 'one shard fetched for the position');

  const start = await rows(page);
  assert.ok(start.length >= 5, `several first moves: ${JSON.stringify(start)}`);
  assert.deepEqual(start[0].move, 'h2e2');
  assert.equal(start[0].text, '炮二平五');
  assert.ok(start[0].count > 10000, `炮二平五 played in most games: ${start[0].count}`);
  for (let i = 1; i < start.length; i++) assert.ok(start[i - 1].count >= start[i].count, 'the most played first');
  const total = await page.textContent('[data-testid=explorer-total]');
  assert.match(total, /^[\d]+ 局 · 平均 \d{4} 年/);
  assert.ok(Number(total.split(' ')[0]) >= start.reduce((s, r) => s + r.count, 0));
  assert.equal(await page.locator('[data-testid=explorer-total] .explorer-bar span').count(), 3, 'a Red / draw / Black bar');
  assert.ok(await page.locator('[data-testid=explorer-game]').count() > 0, 'top games');
  assert.match(await page.textContent('.explorer-credit'), /Chinese Chess Practical Dataset/);

  // A click plays the move: the board has it, and the panel shows Black's answers.
  await page.click('[data-testid=explorer-move][data-move=h2e2] button');
  await page.waitForSelector('[data-testid=board] [data-square="e2"][data-piece]');
  await followed(page, start.map((r) => r.move).join());
  const answers = await rows(page);
  assert.equal(answers[0].text, '马８进７', `屏风马 the commonest answer: ${JSON.stringify(answers.slice(0, 3))}`);
  assert.ok(answers[0].count < start[0].count);
  assert.match(await page.textContent('[data-testid=explorer-opening]'), /^[A-E]\d\d /, 'the ECCO code of the line');

  // The board moved by hand: the panel follows too (another shard).
  await playMoves(page, ['h9g7', 'h0g2']);
  await followed(page, answers.map((r) => r.move).join());
  assert.match((await rows(page))[0].text, /车９平８|卒７进１|马２进３/);
  assert.ok(shards.length >= 2 && shards.length <= 4, `a shard per new position: ${shards}`);

  // The language button: the panel's words in English, the counts unchanged.
  const zh = await rows(page);
  await page.click('[data-testid=lang-toggle]');
  await page.waitForFunction(() => /Games/.test(document.querySelector('[data-testid=explorer-moves] thead')?.textContent || ''));
  assert.match(await page.textContent('[data-testid=explorer-total]'), /^\d+ games · average year \d{4}/);
  assert.match(await page.textContent('[data-testid=explorer-opening]'), /^[A-E]\d\d [A-Za-z]/);
  assert.doesNotMatch(await page.textContent('[data-testid=explorer] thead'), /[\u4e00-\u9fff]/);
  assert.deepEqual((await rows(page)).map((r) => r.count), zh.map((r) => r.count));
  assert.deepEqual(page.errors, []);
});

test('a position the book does not hold says so', async () => {
  // Both sides' rooks out and back: a position no master game reached in its first fifteen moves.
  const page = await app.newPage('#/play?fen=' + encodeURIComponent('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1'), { lang: 'en' });
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-none]');
  assert.match(await page.textContent('[data-testid=explorer-none]'), /Not in the book/);
  assert.match(await page.textContent('[data-testid=explorer-opening]'), /not yet named/);
  assert.deepEqual(page.errors, []);
});

test('a shard the panel fetched is kept offline; the service worker fetches none ahead', async () => {
  const ctx = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(app.base + 'index.html#/play');
  // The rest of the build is kept in the background (keepAll): the explorer's shards are not.
  await page.waitForSelector('[data-testid=offline-status][data-state=all]', { state: 'attached', timeout: 180000 });
  await page.waitForSelector('section.play[data-bundle=full]', { timeout: 60000 });
  const kept = () => page.evaluate(async () => {
    let n = 0;
    for (const k of await caches.keys()) n += (await (await caches.open(k)).keys()).filter((r) => r.url.includes('/explorer/')).length;
    return n;
  });
  assert.equal(await kept(), 0, 'no shard kept before the panel asks');
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move]');
  await page.waitForFunction(async () => {
    for (const k of await caches.keys()) if ((await (await caches.open(k)).keys()).some((r) => r.url.includes('/explorer/'))) return true;
    return false;
  }, null, { timeout: 10000 });
  assert.equal(await kept(), 1, 'the one shard fetched');

  // Offline, the same position's moves come from the kept shard.
  await ctx.setOffline(true);
  await page.reload();
  await page.waitForSelector('section.play[data-bundle=full]', { timeout: 60000 });
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move][data-move=h2e2]');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

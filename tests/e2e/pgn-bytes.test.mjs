// On #/play: a UTF-8 game file with one stray byte imports every move (with a
// warning naming where, decoded by the browser's TextDecoder path), a file whose moves cannot be
// read is refused and the board keeps its game, and an import never loses the game it replaces
// (恢复上一局 brings it back). GBK and Big5 files decode through the browser's TextDecoder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const moveCount = (page) => page.locator('[data-testid=move-list] [data-ply]').count();
/** Opens #/play with its import/export panel unfolded. */
async function playPage() {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.click('details.pgn > summary');
  return page;
}
const upload = (page, bytes, name = 'game.pgn') =>
  page.setInputFiles('[data-testid=pgn-file]', { name, mimeType: 'text/plain', buffer: Buffer.from(bytes) });

const GAME = '[Event "club"]\n1. 炮二平五 马８进７\n2. 马二进三 车９平８\n*\n';

test('a stray byte in a UTF-8 file keeps every move, with a warning naming the place', async () => {
  const page = await playPage();
  await playMoves(page, ['b0c2']);
  const bytes = Buffer.from(GAME, 'utf8');
  const at = bytes.indexOf(Buffer.from('马二进三', 'utf8'));
  const damaged = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at)]);
  await upload(page, damaged);
  await page.waitForSelector('[data-testid=pgn-warning]');
  assert.match(await page.textContent('[data-testid=pgn-warning]'), new RegExp(`第 3 行（第 ${at} 字节）`));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 4);
  // The game it replaced comes back (恢复上一局 sits in the "more actions" menu).
  await page.$eval('[data-testid=more]', (d) => { d.open = true; });
  await page.click('[data-testid=restore-previous]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 1);
  assert.deepEqual(page.errors, []);
});

test('move text with no readable move is refused and the board keeps its game', async () => {
  const page = await playPage();
  await playMoves(page, ['h2e2', 'h9g7']);
  // UTF-8 moves seen through GBK: the numbers survive, the moves do not.
  const mojibake = await page.evaluate((text) => {
    const bytes = new TextEncoder().encode(text);
    return new TextDecoder('gb18030').decode(bytes);
  }, '1. 炮二平五 马８进７\n');
  await page.fill('[data-testid=pgn-text]', mojibake);
  await page.click('[data-testid=pgn-import]');
  await page.waitForSelector('[data-testid=pgn-error]');
  // Said in the page's language (Chinese here), not in the CLI's English.
  assert.match(await page.textContent('[data-testid=pgn-error]'), /导入在第 0 步后停止：文件有着法文字，但一步也读不出来/);
  assert.equal(await moveCount(page), 2, 'the game on the board is kept');
  assert.deepEqual(page.errors, []);
});

test('a FEN tag without a side to move is read from the move text, and the user is told', async () => {
  const page = await playPage();
  await page.fill('[data-testid=pgn-text]', '[FEN "3k5/9/9/9/9/9/9/9/9/4K3R"]\n1. ... 将4进1 2. 帅5平4\n');
  await page.click('[data-testid=pgn-import]');
  await page.waitForSelector('[data-testid=pgn-warning]');
  assert.match(await page.textContent('[data-testid=pgn-warning]'), /没有写明轮到哪方走，已按黑方先走读入/);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 2);
  await page.click('[data-testid=lang-toggle]');
  assert.match(await page.textContent('[data-testid=pgn-warning]'), /read with Black to move first/);
  assert.deepEqual(page.errors, []);
});

test('GBK and Big5 files decode through the browser', async () => {
  const page = await playPage();
  // 炮二平五 马８进７ in GBK, and 炮二平五 馬８進７ 馬二進三 in Big5 (bytes written out: the page only decodes).
  const gbk = Buffer.from('312e20c5dab6fec6bdcee520c2eda3b8bdf8a3b70a', 'hex');
  await upload(page, gbk, 'gbk.pgn');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 2);
  const big5 = Buffer.from('312e20acb6a447a5ada4ad20b0a8a2b7b669a2b620322e20b0a8a447b669a4540a', 'hex');
  await upload(page, big5, 'big5.pgn');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 3);
  assert.equal(await page.locator('[data-testid=pgn-warning]').count(), 0);
  assert.deepEqual(page.errors, []);
});

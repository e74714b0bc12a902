// Opening game files on #/play: the format is recognised from each format's structure (a PGN
// whose comment quotes CBF or DhtmlXQ stays a PGN) and said; a cut file says it is cut, keeping
// the moves before the cut; a file no format reads says each format tried and why, in the
// user's language (issue 57, points 1, 2 and 9).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './harness.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const ascii = (t) => t.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xFF10 + 48));
const moves = async (page) => ascii((await page.textContent('[data-testid=move-list]')).replace(/\s+/g, ' '));
const fresh = async (lang) => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]', lang });
  await page.evaluate(() => localStorage.clear());
  if (lang) await page.evaluate((l) => localStorage.setItem('xq.lang', l), lang);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  return page;
};
const choose = (page, name, buffer) =>
  page.setInputFiles('[data-testid=open-file]', { name, mimeType: 'application/octet-stream', buffer });

const NAMING = '[Event "讲座"]\n[Result "*"]\n\n'
  + '{Saved from <ChineseChessRecord Version="1.0"> and [DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]}\n'
  + '1. 炮二平五 马8进7 2. 马二进三 车9平8 *\n';

for (const [lang, said] of [['zh', '已按 PGN 格式打开：1 局'], ['en', 'Opened as PGN: 1 game']]) {
  test(`a PGN quoting CBF and DhtmlXQ in a comment opens as PGN with its moves, and says so (${lang})`, async () => {
    const page = await fresh(lang);
    await choose(page, 'named.pgn', Buffer.from(NAMING));
    await page.waitForSelector('[data-testid=message]');
    assert.equal(await page.textContent('[data-testid=message]'), said);
    const list = await moves(page);
    for (const m of ['炮二平五', '马8进7', '马二进三', '车9平8']) assert.ok(list.includes(m), list);
    assert.equal(await page.locator('[data-testid=notice]').count(), 0);
    assert.deepEqual(page.errors, []);
  });
}

test('a cut CBF keeps the moves before the cut and says where the file ends', async () => {
  const page = await fresh('zh');
  const cbf = fs.readFileSync(path.join(ROOT, 'tests/data/cbr/game.cbf'));
  await choose(page, 'cut.cbf', cbf.subarray(0, 544));
  await page.waitForSelector('[data-testid=notice]');
  // Named by its file (issue 55.6), then where it ends.
  assert.match(await page.textContent('[data-testid=notice]'), /^cut\.cbf：CBF，第 544 字节：文件提前结束/);
  assert.equal(await page.textContent('[data-testid=message]'), '已按 CBF 格式打开：1 局');
  assert.ok((await moves(page)).includes('炮二平五'));
  assert.deepEqual(page.errors, []);
});

for (const [lang, head, each] of [
  ['zh', '无法识别的文件', (f) => `${f}，第 0 字节：不是 ${f} 文件`],
  ['en', 'not a game file this app reads', (f) => `${f}, byte 0: not ${f};`],
]) {
  test(`a file of 0xFF bytes says each format tried, why and where (${lang})`, async () => {
    const page = await fresh(lang);
    await choose(page, 'ff.bin', Buffer.alloc(64, 0xff));
    await page.waitForSelector('[data-testid=notice]');
    const notice = await page.textContent('[data-testid=notice]');
    assert.ok(notice.includes(head), notice);
    for (const f of ['PGN', 'DhtmlXQ', 'XQF', 'CBR', 'CBL', 'CBF']) assert.ok(notice.includes(each(f)), `${f}: ${notice}`);
    await choose(page, 'empty.pgn', Buffer.alloc(0));
    // The next file's warning replaces the last one's (issue 55.6), named by its file.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=notice]')].some((n) => n.textContent.includes('empty.pgn')));
    assert.equal(await page.locator('[data-testid=notice]').count(), 1);
    const empty = await page.locator('[data-testid=notice]').textContent();
    assert.match(empty, lang === 'zh' ? /空的（0 字节）/ : /empty \(0 bytes\)/);
    assert.deepEqual(page.errors, []);
  });
}

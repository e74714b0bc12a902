// A PGN imported on #/play keeps every header and its result through a reload and an export
// (not empty headers and `*`), and the page says which variations and comments it does not show.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startApp } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const GAME = `[Event "全国象棋锦标赛"]
[Site "北京"]
[Date "2024.05.01"]
[Round "3"]
[Red "许银川"]
[Black "吕钦"]
[Result "1-0"]
[Opening "中炮对屏风马"]
[Annotator "教练"]
{赛前讲评}
1. 炮二平五 {当头炮} 马８进７ (1... 炮８平５ {顺炮} (1... 马２进３)) 2. 马二进三 {正着} 车９平８
1-0
`;

test('headers and result survive import, reload and export; what is not shown is said', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.click('details.pgn > summary');
  await page.fill('[data-testid=pgn-text]', GAME);
  await page.click('[data-testid=pgn-import]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 4);
  const notice = page.locator('[data-testid=notice]', { hasText: /变着|variations/ });
  assert.match(await notice.textContent(), /棋盘上未显示文件中的变着（2 个）和注释（3 条）/);
  await page.click('[data-testid=lang-toggle]');
  assert.match(await notice.textContent(), /Not shown on this board: the file's variations \(2\) and comments \(3\)/);

  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=move-list] [data-ply]').length === 4);
  await page.click('details.pgn > summary');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-chinese]')]);
  const text = fs.readFileSync(await dl.path(), 'utf8');
  for (const tag of ['[Event "全国象棋锦标赛"]', '[Site "北京"]', '[Date "2024.05.01"]', '[Round "3"]',
    '[Red "许银川"]', '[Black "吕钦"]', '[Result "1-0"]', '[Opening "中炮对屏风马"]', '[Annotator "教练"]']) {
    assert.ok(text.includes(tag), `${tag} missing from\n${text}`);
  }
  assert.match(text.trimEnd(), /车９平８\n1-0$/);
  assert.equal(dl.suggestedFilename(), '许银川-吕钦-chinese.pgn');
  assert.deepEqual(page.errors, []);
});

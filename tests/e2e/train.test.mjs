// #/train (issue 53.3): solve a puzzle right and wrong (with the refutation from the engine),
// the hint, a streak to its first mistake, the theme filter, the rating kept through a reload,
// a damaged saved state set aside, both languages and a phone. The puzzle data is served from
// the small set below (page.route), so the test does not depend on the shipped collection.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves, clickPoint } from './harness.mjs';
import { routeData } from './train-data.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

/** A fresh context on #/train with the test data and the language `lang`. */
async function train(lang = 'zh', viewport) {
  const context = await app.browser.newContext({ viewport: viewport || { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript((l) => { if (localStorage.getItem('xq.lang') === null) localStorage.setItem('xq.lang', l); }, lang);
  await routeData(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(app.base + 'index.html#/train');
  await page.waitForSelector('[data-testid=puzzle-count][data-count]');
  return page;
}

/** Waits until the puzzle rated `rating` is open and the solver is to move. */
async function puzzleOpen(page, rating) {
  await page.waitForFunction((r) => document.querySelector('[data-testid=puzzle-rating]')?.textContent === String(r), rating);
  await page.waitForSelector('.board-wrap[data-stage=solving]');
}

const status = (page) => page.textContent('[data-testid=train-status]');
const kind = (page) => page.getAttribute('[data-testid=train-status]', 'data-kind');
const rating = async (page) => parseInt(await page.textContent('[data-testid=player-rating]'), 10);

test('the count, the opponent\'s move first, a right move solves and raises the rating, kept after a reload', async () => {
  const page = await train('zh');
  assert.equal(await page.getAttribute('[data-testid=puzzle-count]', 'data-count'), '5');
  assert.match(await page.textContent('[data-testid=puzzle-count]'), /共 5 道题/);
  assert.match(await page.textContent('[data-testid=train-credit]'), /Chinese Chess Practical Dataset, CC BY 4\.0/);
  // A new player (1500) gets the puzzle nearest: 1500. Black's king steps to f9 by itself.
  await puzzleOpen(page, 1500);
  assert.equal(await page.getAttribute('[data-square=f9]', 'data-piece'), 'k');
  assert.equal(await page.getAttribute('[data-square=f9]', 'data-last'), 'true');
  assert.match(await status(page), /红方走/);
  assert.match(await page.textContent('[data-testid=train-source]'), /戊 – 己.*第 25 回合.*CC BY 4\.0/);
  await playMoves(page, ['a8a9']);
  await page.waitForSelector('.board-wrap[data-stage=solved]');
  assert.equal(await kind(page), 'good');
  assert.match(await status(page), /解出了！ 等级分 \+\d+/);
  const after = await rating(page);
  assert.ok(after > 1500, `rating ${after}`);
  await page.reload();
  await page.waitForSelector('[data-testid=puzzle-count][data-count]');
  assert.equal(await rating(page), after);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a wrong move says so, the engine shows its refutation, a retry then solves without rating it up', async () => {
  const page = await train('zh');
  await puzzleOpen(page, 1500);
  // Wrong: the king steps back instead of mating.
  await playMoves(page, ['d0d1']);
  await page.waitForSelector('.board-wrap[data-stage=wrong]');
  assert.equal(await kind(page), 'bad');
  assert.match(await status(page), /不对/);
  const down = await rating(page);
  assert.ok(down < 1500, `a miss lowers the rating: ${down}`);
  await page.click('[data-testid=train-refutation]');
  await page.waitForFunction(() => /对方的应着：/.test(document.querySelector('[data-testid=train-status]').textContent), null, { timeout: 20000 });
  assert.ok(await page.locator('[data-testid=mark][data-brush=red]').count() === 1, 'the answer drawn as an arrow');
  await page.click('[data-testid=train-retry]');
  await page.waitForSelector('.board-wrap[data-stage=solving]');
  // The other mating move is right too.
  await playMoves(page, ['i8i9']);
  await page.waitForSelector('.board-wrap[data-stage=solved]');
  assert.match(await status(page), /不计分/);
  assert.equal(await rating(page), down);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a line of two moves: the reply comes by itself; the hint circles the piece to move', async () => {
  const page = await train('en');
  await puzzleOpen(page, 1500);
  await page.click('[data-testid=train-next]');
  // 1500 used: the nearest left is 1300, the king walk.
  await puzzleOpen(page, 1300);
  assert.match(await status(page), /Black to move/);
  await page.click('[data-testid=train-hint]');
  await page.waitForSelector('[data-testid=mark][data-from=e9]');
  assert.match(await status(page), /Hint/);
  await playMoves(page, ['e9e8']);
  assert.match(await status(page), /Right/);
  await page.waitForSelector('[data-square=d2][data-piece=K]');
  await page.waitForSelector('.board-wrap[data-stage=solving]');
  await playMoves(page, ['e8e7']);
  await page.waitForSelector('.board-wrap[data-stage=solved]');
  assert.match(await status(page), /not counted/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the solution button plays the line out', async () => {
  const page = await train('en');
  await puzzleOpen(page, 1500);
  await page.click('[data-testid=train-solution]');
  await page.waitForSelector('.board-wrap[data-stage=solved]');
  assert.equal(await page.getAttribute('[data-square=a9]', 'data-piece'), 'R');
  await page.context().close();
});

test('a streak rises in rating until the first mistake, and the best streak is kept', async () => {
  const page = await train('zh');
  await puzzleOpen(page, 1500);
  await page.click('[data-testid=mode-streak]');
  await puzzleOpen(page, 1000);
  assert.equal(await page.locator('[data-testid=train-hint]').count(), 0, 'no hints in a streak');
  await playMoves(page, ['a1a0']);
  await page.waitForSelector('.board-wrap[data-stage=solved]');
  assert.equal(await page.getAttribute('[data-testid=train-streak]', 'data-count'), '1');
  await page.click('[data-testid=train-next]');
  await puzzleOpen(page, 1300);
  await playMoves(page, ['e9f9']);
  await page.waitForSelector('.board-wrap[data-stage=wrong]');
  assert.match(await status(page), /连胜结束：共解出 1 题/);
  assert.equal(await page.locator('[data-testid=train-retry]').count(), 0);
  assert.match(await page.textContent('[data-testid=train-next]'), /开始连胜/);
  assert.match(await page.textContent('[data-testid=train-history] summary'), /最佳连胜 1/);
  await page.click('[data-testid=train-next]');
  await puzzleOpen(page, 1000);
  assert.equal(await page.getAttribute('[data-testid=train-streak]', 'data-count'), '0');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the theme chips filter the puzzles, in the language shown', async () => {
  const page = await train('zh');
  await puzzleOpen(page, 1500);
  const chips = await page.$$eval('[data-testid=theme-chip]', (cs) => cs.map((c) => c.dataset.theme));
  assert.deepEqual(chips.sort(), ['double_chariot', 'endgame', 'mate_in_1']);
  await page.click('[data-testid=theme-chip][data-theme=endgame]');
  await puzzleOpen(page, 1300);
  assert.equal(await page.getAttribute('[data-testid=theme-chip][data-theme=endgame]', 'aria-pressed'), 'true');
  const zh = await page.textContent('[data-testid=theme-chip][data-theme=endgame]');
  assert.match(zh, /[\u4e00-\u9fff]/);
  await page.click('[data-testid=lang-toggle]');
  const en = await page.textContent('[data-testid=theme-chip][data-theme=endgame]');
  assert.doesNotMatch(en, /[\u4e00-\u9fff]/);
  assert.match(await page.textContent('[data-testid=puzzle-count]'), /5 puzzles/);
  // Only the endgame was on offer: when it is done, nothing is left under that theme.
  await page.click('[data-testid=train-next]');
  await page.waitForFunction(() => /Every puzzle of the chosen themes is done/.test(document.querySelector('[data-testid=train-status]').textContent));
  await page.click('[data-testid=theme-all]');
  await puzzleOpen(page, 1000);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('damaged saved progress is set aside with a message, and the trainer starts fresh', async () => {
  const context = await app.browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => { if (!sessionStorage.getItem('once')) { sessionStorage.setItem('once', '1'); localStorage.setItem('xq.train', '{"version":1,"player":'); } });
  await routeData(context);
  const page = await context.newPage();
  await page.goto(app.base + 'index.html#/train');
  await page.waitForSelector('[data-testid=storage-problem]');
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('xq.train.corrupt.')));
  assert.equal(kept.length, 1, 'the damaged value is kept aside');
  await puzzleOpen(page, 1500);
  assert.equal(await page.textContent('[data-testid=player-rating]'), '1500?');
  await context.close();
});

test('on a phone (375×667) the board and the controls fit the width', async () => {
  for (const lang of ['zh', 'en']) {
    const page = await train(lang, { width: 375, height: 667 });
    await puzzleOpen(page, 1500);
    const wide = await page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(wide <= 375, `${lang}: page ${wide}px wide`);
    const board = await page.locator('[data-testid=board]').boundingBox();
    assert.ok(board.width >= 300 && board.x >= 0 && board.x + board.width <= 375, `${lang}: board ${JSON.stringify(board)}`);
    const next = await page.locator('[data-testid=train-next]').boundingBox();
    assert.ok(next.x + next.width <= 375, `${lang}: next button in view`);
    await clickPoint(page, 'a8');
    await clickPoint(page, 'a9');
    await page.waitForSelector('.board-wrap[data-stage=solved]');
    await page.context().close();
  }
});

/** Plays ICCS moves on the endgame's board (the puzzle's board is on the page too, hidden). */
async function playEndgame(page, moves) {
  for (const m of moves) {
    await page.click(`[data-testid=endgame-board] [data-square="${m.slice(0, 2)}"]`);
    await page.click(`[data-testid=endgame-board] [data-square="${m.slice(2, 4)}"]`);
  }
}

test('a classic endgame is played out against the engine to the verdict', async () => {
  const page = await train('zh');
  await puzzleOpen(page, 1500);
  await page.click('[data-testid=mode-endgames]');
  await page.waitForSelector('[data-testid=endgame-board] [data-square=f0][data-piece=K]');
  assert.match(await page.textContent('[data-testid=endgame-status]'), /你执黑/);
  assert.match(await page.textContent('[data-testid=endgame-source]'), /双车杀王.*CC BY 4\.0/);
  // A quiet move: the engine answers by itself.
  await playEndgame(page, ['d9d8']);
  await page.waitForFunction(() => /你执黑/.test(document.querySelector('[data-testid=endgame-status]').textContent)
    && !document.querySelector('[data-testid=endgame-board] [data-square=d8][data-last=true]'), null, { timeout: 20000 });
  await page.click('[data-testid=endgame-restart]');
  await page.waitForSelector('[data-testid=endgame-board] [data-square=d9][data-piece=k]');
  await playEndgame(page, ['a1a0']);
  await page.waitForSelector('[data-testid=endgame-board][data-over=true]');
  const said = await page.textContent('[data-testid=endgame-status]');
  assert.match(said, /黑方胜/);
  assert.match(said, /你赢了/);
  await page.click('[data-testid=lang-toggle]');
  assert.match(await page.textContent('[data-testid=endgame-status]'), /You won/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an endgame\'s published solution: its next move as the hint, the record on request; a draw study held', async () => {
  const page = await train('zh');
  await puzzleOpen(page, 1500);
  await page.click('[data-testid=mode-endgames]');
  await page.waitForSelector('[data-testid=endgame-board] [data-square=f0][data-piece=K]');
  // The record's first move is Black's king d9d8: the hint circles the king.
  await page.click('[data-testid=endgame-hint]');
  await page.waitForSelector('[data-testid=endgame-board] [data-testid=mark][data-from=d9]');
  await page.click('[data-testid=endgame-show-solution]');
  const moves = (await page.innerText('[data-testid=endgame-solution-moves]')).split('\n');
  assert.equal(moves.length, 2, moves.join(' | '));
  assert.match(moves[0], /^1\. … 将[4４]进[1１]$/);
  assert.match(moves[1], /^2\. 帅四平五$/);
  assert.equal(await page.isVisible('[data-testid=endgame-off-record]'), false);
  // Off the record (a chariot move instead of the king's): no hint, and the panel says so.
  await playEndgame(page, ['a1a2']);
  await page.waitForSelector('[data-testid=endgame-board] [data-square=e0][data-piece=K]', { timeout: 20000 });
  await page.waitForSelector('[data-testid=endgame-off-record]', { state: 'visible' });
  assert.equal(await page.isDisabled('[data-testid=endgame-hint]'), true);
  // The next study is a draw study: Red holds it by taking the chariot (two bare kings).
  await page.click('[data-testid=endgame-next]');
  await page.waitForSelector('[data-testid=endgame-board] [data-square=e1][data-piece=r]');
  assert.equal(await page.isVisible('[data-testid=endgame-solution]'), false, 'the solution is hidden again');
  assert.match(await page.textContent('[data-testid=endgame-status]'), /和局：你执红，守住和棋/);
  await playEndgame(page, ['e0e1']);
  await page.waitForSelector('[data-testid=endgame-board][data-over=true]');
  assert.match(await page.textContent('[data-testid=endgame-status]'), /守和成功/);
  assert.equal(await page.getAttribute('[data-testid=endgame-status]', 'data-kind'), 'good');
  await page.click('[data-testid=lang-toggle]');
  assert.match(await page.textContent('[data-testid=endgame-status]'), /You held the draw/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

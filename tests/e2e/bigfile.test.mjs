// Large game files on #/play open in the game-file worker (src/bin/file_worker.rs): a progress
// line (games and kilobytes read) with a cancel button, in both languages; a library of 40,000
// games opens as a list; a game's tree comes back flat and is built a slice at a time, and its
// move list is drawn a block at a time. The page's main thread never runs a task of 50 ms or more
// meanwhile (PerformanceObserver 'longtask'). The files are made here (tests/e2e/bigfiles.mjs),
// not kept in the repository.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';
import { library, dhtmlxq, longMainTasks, watchTasks, longTasks, prepare, chosen } from './bigfiles.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const open = (page, name, buffer) =>
  page.setInputFiles('[data-testid=open-file]', { name, mimeType: 'text/plain', buffer });

// A fresh browser context each: nothing saved from another test.
const fresh = (lang = 'zh') => app.newPage('#/play', { waitFor: '[data-testid=open-file]', lang });

// What the page's code does while the library opens: the worker's progress, the rows 250 a message,
// the list drawn and, at the next frame, scrolled to and its search focused. Asserted: no task of
// 50 ms or more (the 'longtask' observer, from the choice to the game picked); reported: the same
// from a Chromium trace, each task as 'script' or 'rendering' (paint and commit, which a starved
// CPU stretches most).
test('a 40,000-game PGN opens in the worker with its progress, as a list to search; no main-thread task reaches 50 ms', async () => {
  const page = await fresh();
  const pgn = library(40000);
  await prepare(page, 'club.pgn', pgn.toString());
  await watchTasks(page);
  await app.browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
  const t0 = Date.now();
  await chosen(page);
  // The progress counts games as they are read.
  await page.waitForFunction(() => /已读 [1-9]\d* 局/.test(document.querySelector('[data-testid=file-progress]')?.textContent || ''));
  assert.equal(await page.locator('[data-testid=file-progress] progress').count(), 1);
  await page.waitForSelector('[data-testid=library]', { timeout: 60000 });
  const opened = Date.now() - t0;
  await page.waitForTimeout(500);
  const traced = longMainTasks(JSON.parse((await app.browser.stopTracing()).toString()).traceEvents);
  assert.equal(await page.locator('[data-testid=file-progress]').count(), 0, 'the progress is gone');
  assert.match(await page.textContent('[data-testid=library]'), /棋谱库 \(40000\)/);
  // The list shows its first 200 and says how many more a search would find.
  assert.equal(await page.locator('[data-testid=library-game]').count(), 200);
  assert.match(await page.textContent('[data-testid=library-more]'), /显示前 200 局，共 40000 局相符/);
  await page.fill('[data-testid=library-search]', 'red 39999');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=library-game]').length === 1);
  await page.click('[data-testid=library-game]');
  await page.waitForFunction(() => /Red 39999/.test(document.querySelector('[data-testid=game-headers]')?.textContent || ''));
  assert.match(await page.textContent('[data-testid=game-headers]'), /Black 39999/);
  assert.equal(await page.locator('[data-testid=move-list] [data-ply]').count(), 4);
  const tasks = await longTasks(page);
  console.log(`# 40,000-game PGN (${(pgn.length / 1048576).toFixed(1)} MB): library shown after ${opened} ms; long tasks ${JSON.stringify(tasks)} (to the game picked); traced to the list shown ${JSON.stringify(traced)}`);
  assert.deepEqual(tasks, [], 'no main-thread task of 50 ms or more');
  assert.deepEqual(page.errors, []);
});

test('cancel stops a large file being read, in English; the game on the board stays', async () => {
  const page = await fresh('en');
  await open(page, 'one.pgn', Buffer.from('[Red "Before"]\n\n1. 炮二平五 马８进７ *\n'));
  await page.waitForFunction(() => /Before/.test(document.querySelector('[data-testid=game-headers]')?.textContent || ''));
  await open(page, 'club.pgn', library(40000));
  await page.waitForFunction(() => /Reading the game file: [1-9]\d* games read \(\d+ of \d+ KB\)/.test(document.querySelector('[data-testid=file-progress]')?.textContent || ''));
  assert.equal(await page.textContent('[data-testid=file-cancel]'), 'Cancel');
  await page.click('[data-testid=file-cancel]');
  assert.equal(await page.locator('[data-testid=file-progress]').count(), 0);
  // Long enough for the worker to have finished, had it not been ended.
  await page.waitForTimeout(4000);
  assert.equal(await page.locator('[data-testid=library]').count(), 0, 'no library after cancel');
  assert.match(await page.textContent('[data-testid=game-headers]'), /Before/);
  assert.deepEqual(page.errors, []);
});

// A lesson of 10 KB (156 branches, 320 moves) is read on the page and its move list drawn a
// block at a time around the move shown, each block's moves written as one piece of HTML.
// Asserted: no task of 50 ms or more from the choice until the game is shown ('longtask'
// observer). Before the blocks were written whole (2026-12-07), one task of 52-63 ms in 2 of 4
// runs: the page's update drawing a block as a view per move, each with its listener and mark.
test('a DhtmlXQ of ordinary size opens with its branches without a long task', async () => {
  const page = await fresh();
  const small = dhtmlxq(2);
  await watchTasks(page);
  await open(page, 'lesson.txt', Buffer.from(small.text));
  await page.waitForFunction(() => /红方甲/.test(document.querySelector('[data-testid=game-headers]')?.textContent || ''));
  await page.waitForSelector('[data-testid=move-list] .var-move');
  const smallTasks = await longTasks(page);
  console.log(`# DhtmlXQ of ${small.branches} branches (${(small.text.length / 1024).toFixed(0)} KB): long tasks ${JSON.stringify(smallTasks)}`);
  assert.deepEqual(smallTasks, [], 'no main-thread task of 50 ms or more');
  assert.deepEqual(page.errors, []);
});

/**
 * Drops the 2 MB file of issue 57 (380 cycles give 29,640 branches, 59,288 moves) on the board of
 * a fresh page: it is read in the worker, its tree handed back flat and built in slices of about
 * 8 ms. Returns the page and the long tasks until the game is shown.
 */
async function dropBig() {
  const big = dhtmlxq(380);
  assert.equal(big.branches, 29640);
  assert.ok(Buffer.byteLength(big.text) > 1_900_000 && Buffer.byteLength(big.text) <= 2_000_000, String(Buffer.byteLength(big.text)));
  const other = await fresh();
  const dt = await other.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'big.txt', { type: 'text/plain' }));
    return d;
  }, big.text);
  await watchTasks(other);
  const t0 = Date.now();
  await other.dispatchEvent('.board-wrap', 'drop', { dataTransfer: dt });
  await other.waitForSelector('[data-testid=file-progress]');
  await other.waitForFunction(() => /红方甲/.test(document.querySelector('[data-testid=game-headers]')?.textContent || ''), null, { timeout: 120000 });
  const opened = Date.now() - t0;
  assert.equal(await other.locator('[data-testid=file-progress]').count(), 0);
  await other.waitForSelector('[data-testid=move-list] [aria-current]');
  const tasks = await longTasks(other);
  console.log(`# DhtmlXQ 2 MB, 29,640 branches: opened after ${opened} ms; long tasks ${JSON.stringify(tasks)}`);
  return { other, tasks };
}

test('a DhtmlXQ of 2 MB with 29,640 branches dropped on the board opens in the worker, its move list drawn a block at a time', async () => {
  const { other } = await dropBig();
  // The list draws the blocks around the move shown, not 59,288 buttons; the last move is shown
  // and in the list's view, with the variations beside it.
  const drawn = await other.locator('[data-testid=move-list] .move').count();
  assert.ok(drawn > 50 && drawn < 2000, String(drawn));
  assert.equal(await other.getAttribute('[data-testid=move-list] [aria-current]', 'data-ply'), '1520');
  // In the list's view once the list has scrolled to it (at the next frames).
  const inView = (page) => page.waitForFunction(() => {
    const el = document.querySelector('[data-testid=move-list] [aria-current]');
    if (!el) return false;
    const box = el.getBoundingClientRect();
    const list = el.closest('[data-testid=move-list]').getBoundingClientRect();
    return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
  }, null, { timeout: 5000 });
  await inView(other);
  assert.ok(await other.locator('[data-testid=move-list] .var-move').count() > 0);
  // Home then → steps to the first move: its block is drawn and scrolled to.
  await other.keyboard.press('Home');
  await other.keyboard.press('ArrowRight');
  await other.waitForFunction(() => document.querySelector('[data-testid=move-list] [aria-current]')?.dataset.ply === '1');
  await inView(other);
  // A variation's move is clicked: the board shows its line.
  await other.click('[data-testid=move-list] .var-move >> nth=0');
  await other.waitForFunction(() => document.querySelector('[data-testid=move-list] [aria-current]')?.classList.contains('var-move'));
  assert.deepEqual(other.errors, []);
});

/**
 * Starts recording the long tasks of every document the page loads from now on, from its start:
 * those of the page's own start (until the whole board is on the page and its first frame drawn)
 * in `window.startTasks`, those after it in `window.longTasks`.
 */
const watchFromStart = (page) => page.context().addInitScript(() => {
  window.longTasks = [];
  window.startTasks = [];
  window.started = Infinity;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      (e.startTime < window.started ? window.startTasks : window.longTasks).push(Math.round(e.duration));
    }
  }).observe({ type: 'longtask' });
  new MutationObserver((_, seen) => {
    if (!document.querySelector('section.play[data-bundle=full]')) return;
    seen.disconnect();
    // After the frame that first draws it (a timer set in a frame's callback runs after it).
    requestAnimationFrame(() => setTimeout(() => { window.started = performance.now(); }));
  }).observe(document, { childList: true, subtree: true });
});
/** The long tasks of the page's start, since `watchFromStart`. */
const startTasks = (page) => page.evaluate(() => window.startTasks);

// What the page's code does with the 2 MB file once the worker has read it: the message holding
// the flat tree (about 370 KB of JSON) read, the tree built in slices of about 8 ms, the game
// opened (its session made, the block of the move shown drawn), and in tasks of their own the
// tree's flat form written (when it changed), stored, and the address bar's link written.
// Measured: the main thread's tasks from the drop to a second after the game is shown
// ('longtask' observer). Before the blocks were written whole (2026-12-07): one task of 53-82 ms
// in 5 of 8 opens.
test('the 2 MB DhtmlXQ opens without a main-thread task of 50 ms or more', async () => {
  const { other } = await dropBig();
  await other.waitForTimeout(1000);
  const opened = await longTasks(other);
  console.log(`# DhtmlXQ 2 MB: long tasks opening, to a second after ${JSON.stringify(opened)}`);
  assert.deepEqual(opened, [], 'opening: no main-thread task of 50 ms or more');
  assert.deepEqual(other.errors, []);
});

// Once the 2 MB game is open (and saved, its tree apart in its flat form), a step (←, Home, End)
// saves the session's few hundred bytes, not the tree; and a reload shows the line being played,
// then reads the saved tree a slice at a time, as a file's. Measured: the main thread's tasks of
// each step, to 600 ms after the key; and of the reload from the page's start (the whole board
// on the page and its first frame drawn) to a second after the whole tree is back ('longtask'
// observer). The page's start itself is the next test's. Seen before the blocks were written
// whole and the board's points drawn by one effect each (2026-12-07): one task of 51-93 ms in
// 9 of 15 reloads, which a trace put in the page's start: its mount and its first frame.
test('a step in the 2 MB DhtmlXQ and a reload with it saved cost no main-thread task of 50 ms or more', async () => {
  const { other } = await dropBig();
  await other.waitForTimeout(1000);
  const steps = [];
  for (const key of ['ArrowLeft', 'Home', 'End']) {
    await other.evaluate(() => { window.longTasks = []; });
    await other.keyboard.press(key);
    await other.waitForTimeout(600);
    steps.push([key, await longTasks(other)]);
  }
  await other.waitForFunction(() => JSON.parse(localStorage.getItem('xq.play.session') || '{}').view === 1520);
  await watchFromStart(other);
  const t0 = Date.now();
  await other.reload();
  // The whole tree is back: the move shown and the variations beside it.
  await other.waitForFunction(() => document.querySelector('[data-testid=move-list] [aria-current]')?.dataset.ply === '1520' &&
    !!document.querySelector('[data-testid=move-list] .var-move'), null, { timeout: 60000, polling: 50 });
  const back = Date.now() - t0;
  await other.waitForTimeout(1000);
  const reloaded = await longTasks(other);
  console.log(`# DhtmlXQ 2 MB: long tasks of a step ${JSON.stringify(steps)}; reloaded, the tree back after ${back} ms, long tasks ${JSON.stringify(reloaded)} (the page's start: ${JSON.stringify(await startTasks(other))})`);
  assert.match(await other.textContent('[data-testid=game-headers]'), /红方甲/);
  assert.deepEqual(steps, steps.map(([k]) => [k, []]), 'a step: no main-thread task of 50 ms or more');
  assert.deepEqual(reloaded, [], 'reloading: no main-thread task of 50 ms or more');
  assert.deepEqual(other.errors, []);
});

// The page's own start, with nothing on the board: the whole board mounted (one task) and its
// first frame drawn (its style and layout, forced by the move list scrolling to the move shown,
// and its paint: another). Neither is a file's work, and both are there for every game. Seen on
// 2026-12-07 on a quiet machine, reloading #/play: the mount 33-50 ms and the first frame 38-48 ms
// in a trace; the observer saw one or two tasks of 51-74 ms in 7 of 10 reloads (before the
// board's points were drawn by one effect each: 54-104 ms in 8 of 10).
test('#/play starts without a main-thread task of 50 ms or more', { todo: 'the mount and the first frame: one or two tasks of 51-74 ms in 7 of 10 reloads (2026-12-07)' }, async () => {
  const page = await fresh();
  const seen = [];
  await watchFromStart(page);
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await page.waitForFunction(() => window.started !== Infinity);
    seen.push(await startTasks(page));
  }
  console.log(`# #/play's start, three reloads: long tasks ${JSON.stringify(seen)}`);
  assert.deepEqual(seen, [[], [], []]);
  assert.deepEqual(page.errors, []);
});

/** The stamp of the tree saved apart that the saved game `key` names (undefined when none). */
const named = (page, key = 'xq.play.session') =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) || '{}').tree_apart, key);
/** The keys of the trees saved apart, sorted. */
const treeKeys = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('xq.play.tree.')).sort());
/** Opens `text` as a file named `name` and waits until its game is saved with its tree apart. */
async function openSaved(page, name, text, before) {
  await prepare(page, name, text);
  await chosen(page);
  await page.waitForFunction((b) => {
    const t = JSON.parse(localStorage.getItem('xq.play.session') || '{}').tree_apart;
    return !!t && JSON.stringify(t) !== b;
  }, JSON.stringify(before ?? null), { timeout: 120000, polling: 100 });
  return named(page);
}
/** Waits until the move list shows ply `ply` with the variations beside it (the tree is back). */
const treeShown = (page, ply) => page.waitForFunction((p) => document.querySelector('[data-testid=move-list] [aria-current]')?.dataset.ply === p &&
  !!document.querySelector('[data-testid=move-list] .var-move'), String(ply), { timeout: 60000, polling: 50 });

// A game of 6,400 moves (over the 5,000 saved apart) is saved with its tree under a key of its
// own. When that key is gone (storage cleared by hand, another tool), or holds another text, a
// reload must not show the shorter game silently: it keeps the line being played (in the
// session's own save: here 8 moves, where the horses' shuffle ends the game by repetition; the
// file's main line goes on in the tree) and says what was lost, in Chinese and in English; a text
// that is there but wrong is set aside (the storage notice, with its download), never deleted
// (issue 57).
test('a tree saved apart that is gone or replaced is said in both languages; the line being played is kept', async () => {
  const text = dhtmlxq(40).text;
  const zh = await fresh();
  const stamp = await openSaved(zh, 'lesson.txt', text);
  const key = (await treeKeys(zh))[0];
  assert.equal((await treeKeys(zh)).length, 1);
  await treeShown(zh, 160);
  await zh.evaluate((k) => localStorage.removeItem(k), key);
  await zh.reload();
  await zh.waitForSelector('[data-testid=notice]');
  const said = await zh.textContent('[data-testid=notice]');
  assert.match(said, /变着与注释（另存于 xq\.play\.tree\.[0-9a-f]{16}-\d+）已不在浏览器存储中：只显示了正在下的 8 着，其余无法恢复/);
  assert.ok(said.includes(key), said);
  assert.equal(await zh.getAttribute('[data-testid=move-list] [aria-current]', 'data-ply'), '8');
  assert.equal(await zh.locator('[data-testid=move-list] [data-ply]').count(), 8);
  assert.equal(await zh.locator('[data-testid=move-list] .var-move').count(), 0);
  // Said once: the save no longer names the lost tree, so the next reload is quiet.
  await zh.waitForFunction(() => !JSON.parse(localStorage.getItem('xq.play.session') || '{}').tree_apart);
  assert.deepEqual(zh.errors, []);

  const en = await fresh('en');
  await openSaved(en, 'lesson.txt', text);
  assert.deepEqual(await treeKeys(en), [key], 'the same tree, the same key');
  assert.deepEqual(await named(en), stamp);
  await en.evaluate((k) => localStorage.setItem(k, '{"moves":"not this tree"}'), key);
  await en.reload();
  await en.waitForSelector('[data-testid=notice]');
  assert.match(await en.textContent('[data-testid=notice]'),
    /The saved game's variations and comments \(saved apart as xq\.play\.tree\.[0-9a-f]{16}-\d+\) were replaced by other data \(set aside\): only the 8 moves of the line being played are shown/);
  assert.equal(await en.getAttribute('[data-testid=move-list] [aria-current]', 'data-ply'), '8');
  // The wrong text is kept aside, and the storage notice offers it for download.
  await en.waitForSelector('[data-testid=storage-problem] [data-testid=storage-download]');
  assert.ok(await en.evaluate((k) => Object.keys(localStorage).some((x) => x.startsWith(k + '.corrupt.')), key));
  assert.deepEqual(en.errors, []);
});

// The 2 MB game (its tree saved apart), a game of 6,400 moves opened over it (saved apart too):
// both trees are kept, each under its own key, and the 2 MB game comes back whole from "restore
// the previous game". Then the hand-over #/games does (the game on the board saved as the
// previous one, the other put in its place), and a reload: the previous game's tree, saved apart,
// comes back whole again when it is restored, and a tree is deleted only once no saved game
// names it (issue 57).
test('the previous game keeps its whole tree when another large game is opened over it', async () => {
  const { other: page } = await dropBig();
  await page.waitForFunction(() => !!JSON.parse(localStorage.getItem('xq.play.session') || '{}').tree_apart, null, { timeout: 20000 });
  const big = await named(page);
  const small = await openSaved(page, 'lesson.txt', dhtmlxq(40).text, big);
  assert.notDeepEqual(small, big);
  assert.equal((await treeKeys(page)).length, 2, 'both trees kept');
  assert.deepEqual(await named(page, 'xq.play.previous'), big);
  await page.$eval('[data-testid=more]', (d) => { d.open = true; });
  await page.click('[data-testid=restore-previous]');
  await treeShown(page, 1520);
  await page.waitForFunction((b) => JSON.stringify(JSON.parse(localStorage.getItem('xq.play.session')).tree_apart) === b, JSON.stringify(big));
  assert.deepEqual(await named(page, 'xq.play.previous'), small);
  assert.equal((await treeKeys(page)).length, 2);
  // #/games' hand-over: the game on the board becomes the previous one, another takes its place.
  await page.evaluate(() => {
    const [now, before] = ['xq.play.session', 'xq.play.previous'].map((k) => localStorage.getItem(k));
    localStorage.setItem('xq.play.previous', now);
    localStorage.setItem('xq.play.session', before);
  });
  await page.reload();
  await treeShown(page, 160);
  assert.equal((await treeKeys(page)).length, 2);
  await page.$eval('[data-testid=more]', (d) => { d.open = true; });
  await page.click('[data-testid=restore-previous]');
  await treeShown(page, 1520);
  assert.match(await page.textContent('[data-testid=game-headers]'), /红方甲/);
  await page.waitForFunction((b) => JSON.stringify(JSON.parse(localStorage.getItem('xq.play.session')).tree_apart) === b, JSON.stringify(big));
  // A new game over it: the 2 MB game is the previous one now, the other's tree is deleted.
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=confirm-yes]');
  await page.waitForFunction(() => Object.keys(localStorage).filter((k) => k.startsWith('xq.play.tree.')).length === 1);
  assert.deepEqual(await named(page, 'xq.play.previous'), big);
  assert.equal(await page.locator('[data-testid=notice]').count(), 0);
  assert.deepEqual(page.errors, []);
});

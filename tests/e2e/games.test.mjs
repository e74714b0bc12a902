// #/games: the game database in the browser (issue 54). Imports a folder of real games (the
// Chinese Chess Practical Dataset, CC BY 4.0: tests/data/games-db/e2e/CREDIT.md) with one corrupt
// file, a .zip, duplicates; searches by a simplified-character name; opens a game on #/play; a
// reload mid-import resumes; storage full keeps what was imported; a newer database is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp, watchHandover, watchLongTasks, opfsFolder } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DATA = path.resolve(here, '../data/games-db/e2e');
const FOLDER = path.join(DATA, 'folder');
/** The folder's games: 12 real game files, all different, and one that is no game file. */
const GAMES = fs.readdirSync(FOLDER).filter((f) => f.endsWith('.pgn')).length;

let app;
before(async () => { app = await startApp(); });
after(async () => { await app.close(); });

const text = (page, id) => page.textContent(`[data-testid=${id}]`);
const count = async (page, id) => Number(await text(page, id));

/** Waits until the import shown has ended as `how` (Finished, Cancelled, Full). */
async function ended(page, how = 'Finished') {
  await page.waitForSelector(`[data-testid=games-run][data-ended=${how}]`, { timeout: 60000 });
}

/** Opens #/games and waits for the database to be open. */
async function open(lang = 'zh', opts = {}) {
  const page = await app.newPage('#/games', { lang, ...opts });
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=games-status]')?.textContent || ''), null, { timeout: 30000 });
  return page;
}

test('a folder imports with a progress bar, its corrupt file listed with its error, then counts as duplicates', async () => {
  const page = await open('zh');
  await page.setInputFiles('[data-testid=games-pick-folder]', FOLDER);
  await page.waitForSelector('[data-testid=games-progress]');
  await ended(page);
  assert.equal(await count(page, 'games-imported'), GAMES);
  assert.equal(await count(page, 'games-duplicates'), 0);
  assert.equal(await count(page, 'games-errors'), 1);
  const faults = await text(page, 'games-fault-list');
  assert.match(faults, /broken\.xqf/);
  assert.match(faults, /XQF/, 'the error names the format it failed in');
  const bar = await page.$eval('[data-testid=games-progress]', (p) => [p.value, p.max]);
  assert.deepEqual(bar, [GAMES + 1, GAMES + 1], 'every file read');
  assert.match(await text(page, 'games-status'), new RegExp(`库中共 ${GAMES} 局`));
  assert.match(await text(page, 'games-storage'), /MB/);
  assert.match(await text(page, 'games-ended'), /导入完成/);

  await page.setInputFiles('[data-testid=games-pick-folder]', FOLDER);
  await page.waitForFunction((n) => document.querySelector('[data-testid=games-duplicates]')?.textContent === String(n), GAMES);
  await ended(page);
  assert.equal(await count(page, 'games-imported'), 0);
  assert.equal(await count(page, 'games-duplicates'), GAMES);
  assert.match(await text(page, 'games-status'), new RegExp(`库中共 ${GAMES} 局`));
  assert.deepEqual(page.errors, []);
});

/** The folder's files as [path, bytes], Xu Yinchuan's games in a folder under it. */
const FOLDER_FILES = fs.readdirSync(FOLDER).map((f) => [f.startsWith('xu-') ? `xu/${f}` : f, fs.readFileSync(path.join(FOLDER, f))]);

/** The main thread's tasks over 50 ms since `window.pickedAt` (ms). */
const tasksSincePick = (page) => page.evaluate(() => window.longTasks.filter(([start]) => start >= window.pickedAt).map(([, d]) => Math.round(d)));

/** Clicks the folder button, its picker answered by the folder `opfsFolder` wrote. */
async function pickFolder(page) {
  await page.evaluate(() => { window.pickedAt = performance.now(); });
  await page.click('[data-testid=games-pick-folder]');
}

test('a folder picked through the browser\'s folder picker goes to the worker as a handle: imported whole, its corrupt file listed, then duplicates', async () => {
  const page = await open('zh');
  await opfsFolder(page, 'picked', FOLDER_FILES);
  await watchLongTasks(page);
  await pickFolder(page);
  await page.waitForSelector('[data-testid=games-progress]');
  await ended(page);
  assert.equal(await count(page, 'games-imported'), GAMES);
  assert.equal(await count(page, 'games-duplicates'), 0);
  assert.equal(await count(page, 'games-errors'), 1);
  assert.equal(await page.getAttribute('[data-testid=games-fault-list] li', 'data-file'), 'picked/broken.xqf', 'named by its path, as a folder input names it');
  assert.match(await text(page, 'games-fault-list'), /XQF/);
  assert.deepEqual(await page.$eval('[data-testid=games-progress]', (p) => [p.value, p.max]), [GAMES + 1, GAMES + 1], 'every file read, the subfolder\'s too');
  assert.match(await text(page, 'games-status'), new RegExp(`库中共 ${GAMES} 局`));

  await pickFolder(page);
  await page.waitForFunction((n) => document.querySelector('[data-testid=games-duplicates]')?.textContent === String(n), GAMES);
  await ended(page);
  assert.equal(await count(page, 'games-imported'), 0);
  assert.match(await text(page, 'games-status'), new RegExp(`库中共 ${GAMES} 局`));
  assert.deepEqual(await tasksSincePick(page), [], 'no main-thread task over 50 ms');
  assert.deepEqual(page.errors, []);
});

test('a folder of 3,000 files picked as a handle: no main-thread task over 50 ms, the pace shown, a reload in the middle goes on', async () => {
  const n = 3000;
  const files = manyFiles(n);
  const page = await open('en');
  await opfsFolder(page, 'many', files.map((f) => [path.basename(f), fs.readFileSync(f)]));
  await watchLongTasks(page);
  await pickFolder(page);
  await page.waitForFunction(() => {
    const run = document.querySelector('[data-testid=games-run]');
    const got = Number(document.querySelector('[data-testid=games-imported]')?.textContent || 0);
    return run && !run.dataset.ended && got > 0;
  }, null, { timeout: 60000, polling: 20 });
  assert.match(await text(page, 'games-pace'), /^\d+ of 3000 files read, \d+ games? new, \d+ games a second, about \d+ s left$/);
  assert.deepEqual(await tasksSincePick(page), [], 'no main-thread task over 50 ms from the click on');
  const before = await count(page, 'games-imported');
  assert.ok(before < n, `reloaded with ${before} of ${n} imported`);
  await page.reload();
  await page.waitForSelector('[data-testid=games-resumed]', { timeout: 30000 });
  await ended(page);
  assert.equal(await count(page, 'games-imported'), n, 'the counts go on from before the reload');
  assert.equal(await count(page, 'games-duplicates'), 0);
  assert.match(await text(page, 'games-status'), new RegExp(`${n} games in the database`));
  fs.rmSync(path.dirname(files[0]), { recursive: true });
  assert.deepEqual(page.errors, []);
});

test('a .zip is inflated by the browser, its duplicate member counted; in English', async () => {
  const page = await open('en');
  await page.setInputFiles('[data-testid=games-pick-files]', path.join(DATA, 'three.zip'));
  await ended(page);
  assert.equal(await count(page, 'games-imported'), 2);
  assert.equal(await count(page, 'games-duplicates'), 1);
  assert.equal(await count(page, 'games-errors'), 0);
  assert.match(await text(page, 'games-ended'), /The import is finished/);
  assert.match(await text(page, 'games-status'), /2 games in the database/);
  assert.deepEqual(page.errors, []);
});

/** The folder imported on a fresh #/games (in Chinese), then 吕钦 searched: its six games found. */
async function luQinFound() {
  const page = await open('zh');
  await page.setInputFiles('[data-testid=games-pick-folder]', FOLDER);
  await ended(page);
  await page.fill('[data-testid=games-player]', '吕钦');
  await page.click('[data-testid=games-find]');
  await page.waitForFunction(() => /找到 6 局/.test(document.querySelector('[data-testid=games-found]')?.textContent || ''));
  return page;
}

test('a player typed in simplified characters finds the traditional ones, and a click opens the game on #/play', async () => {
  const page = await luQinFound();
  const rows = await page.$$eval('[data-testid=games-row]', (trs) => trs.map((tr) => tr.textContent));
  assert.equal(rows.length, 6);
  for (const r of rows) assert.match(r, /呂欽/, 'each game found has 呂欽 (traditional) playing');

  // Sorted by the players, descending, then opened.
  await page.click('button[data-sort=Players]');
  await page.waitForSelector('th[aria-sort=ascending] button[data-sort=Players]');
  await page.click('button[data-sort=Players]');
  await page.waitForSelector('th[aria-sort=descending] button[data-sort=Players]');
  const red = await page.textContent('[data-testid=games-row] [data-testid=games-open]');
  await Promise.all([
    page.waitForURL(/#\/play/),
    page.click('[data-testid=games-row] [data-testid=games-open]'),
  ]);
  await page.waitForSelector('section.play[data-bundle=full]', { timeout: 30000 });
  await page.waitForSelector('[data-testid=move-list] [data-ply]');
  const headers = await text(page, 'game-headers');
  assert.ok(headers.includes(red), `#/play shows the game of ${red}: ${headers}`);
  const moves = await page.$$eval('[data-testid=move-list] [data-ply]', (m) => m.length);
  assert.ok(moves > 20, `the game's moves are on #/play (${moves})`);

  // Back on #/games, the position on #/play's board (that game's last) finds that game alone;
  // the same pieces anywhere (material only) find it too.
  await page.goto(page.url().replace(/#\/play.*$/, '#/games'));
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=games-status]')?.textContent || ''));
  await page.selectOption('[data-testid=games-board]', 'play');
  await page.click('[data-testid=games-find]');
  await page.waitForFunction(() => /找到 1 局/.test(document.querySelector('[data-testid=games-found]')?.textContent || ''));
  assert.equal(await page.textContent('[data-testid=games-row] [data-testid=games-open]'), red);
  await page.check('[data-testid=games-material]');
  await page.click('[data-testid=games-find]');
  await page.waitForSelector('[data-testid=games-found][data-seq="3"]');
  assert.match(await text(page, 'games-found'), /找到 \d+ 局/);
  const found = await page.$$eval('[data-testid=games-open]', (b) => b.map((x) => x.textContent));
  assert.ok(found.includes(red), `material only finds the game too: ${found}`);
  assert.deepEqual(page.errors, []);
});

/** `n` distinct one-game PGN files (the folder's first game, each with its own Red), in a temporary folder. */
function manyFiles(n) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xq-games-'));
  const base = fs.readFileSync(path.join(FOLDER, 'lu-qin-00000001.pgn'));
  const text = new TextDecoder('big5').decode(base).replace(/\[Red "[^"]*"\]/, '[Red "RED"]');
  return Array.from({ length: n }, (_, i) => {
    const file = path.join(dir, `many-${String(i).padStart(4, '0')}.pgn`);
    fs.writeFileSync(file, text.replace('RED', `Player ${i}`));
    return file;
  });
}

test('a reload in the middle of an import goes on with the files left, and says so', async () => {
  const n = 3000;
  const page = await open('zh');
  await page.setInputFiles('[data-testid=games-pick-files]', manyFiles(n));
  // After the first batch is written, before the last.
  await page.waitForFunction(() => {
    const run = document.querySelector('[data-testid=games-run]');
    const got = Number(document.querySelector('[data-testid=games-imported]')?.textContent || 0);
    return run && !run.dataset.ended && got > 0;
  }, null, { timeout: 60000, polling: 20 });
  const before = await count(page, 'games-imported');
  assert.ok(before < n, `reloaded with ${before} of ${n} imported`);
  await page.reload();
  await page.waitForSelector('[data-testid=games-resumed]', { timeout: 30000 });
  assert.match(await text(page, 'games-resumed'), /已接着导入剩下的文件/);
  await ended(page);
  assert.equal(await count(page, 'games-imported'), n, 'the counts go on from before the reload');
  assert.equal(await count(page, 'games-duplicates'), 0);
  assert.match(await text(page, 'games-status'), new RegExp(`库中共 ${n} 局`));
  assert.deepEqual(page.errors, []);
});

test('storage running full is said, and what was imported is kept', async () => {
  const page = await open('en');
  // The worker's IndexedDB refuses a seventh game, as a full disk would (QuotaExceededError).
  await page.route('**/games_worker_loader.js', (route) => route.fulfill({
    contentType: 'text/javascript',
    body: `let stored = 0;
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (...args) {
        if (this.name === 'games' && ++stored > 6) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
      importScripts('./games_worker.js');
      wasm_bindgen({ module_or_path: './games_worker_bg.wasm' });`,
  }));
  await page.reload();
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=games-status]')?.textContent || ''));
  const lu = fs.readdirSync(FOLDER).filter((f) => f.startsWith('lu-qin')).map((f) => path.join(FOLDER, f));
  const xu = fs.readdirSync(FOLDER).filter((f) => f.startsWith('xu-yinchuan')).map((f) => path.join(FOLDER, f));
  await page.setInputFiles('[data-testid=games-pick-files]', lu);
  await ended(page);
  assert.equal(await count(page, 'games-imported'), 6);
  await page.setInputFiles('[data-testid=games-pick-files]', xu);
  await ended(page, 'Full');
  assert.match(await text(page, 'games-ended'), /Storage is full/);
  assert.match(await text(page, 'games-ended'), /Every game imported so far is kept/);
  assert.match(await text(page, 'games-status'), /6 games in the database/);

  // Space freed (no stub) and the page reloaded: the six are there, the rest imports.
  await page.unroute('**/games_worker_loader.js');
  await page.reload();
  await page.waitForSelector('[data-testid=games-resumed]');
  await ended(page);
  assert.match(await text(page, 'games-status'), /12 games in the database/);
  assert.deepEqual(page.errors, []);
});

test('a database written by a newer version is refused and left as it is', async () => {
  const page = await app.newPage('#/clock', { lang: 'en' });
  await page.evaluate(() => new Promise((resolve, reject) => {
    const req = indexedDB.open('xq-games', 7);
    req.onupgradeneeded = () => req.result.createObjectStore('from-the-future');
    req.onsuccess = () => { req.result.close(); resolve(); };
    req.onerror = () => reject(req.error);
  }));
  await page.goto(page.url().replace('#/clock', '#/games'));
  await page.waitForSelector('[data-testid=games-problem]');
  assert.match(await text(page, 'games-problem'), /newer version of the app/);
  const kept = await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('xq-games');
    req.onsuccess = () => { const db = req.result; resolve([db.version, [...db.objectStoreNames]]); db.close(); };
  }));
  assert.deepEqual(kept, [7, ['from-the-future']]);
});

test("#/play's explorer counts the games imported here under 「我的棋谱库 / My games」", async () => {
  const page = await open('en');
  await page.setInputFiles('[data-testid=games-pick-folder]', FOLDER);
  await ended(page);
  await page.goto(page.url().replace('#/games', '#/play'));
  await page.click('[data-testid=explorer-toggle]');
  await page.click('[data-testid=explorer-mine]');
  await page.waitForSelector('[data-testid=explorer-total]', { timeout: 30000 });
  assert.match(await text(page, 'explorer-total'), new RegExp(`\\b${GAMES} games`), 'every game imported starts from the initial position');
  const counts = await page.$$eval('[data-testid=explorer-move] .count:nth-child(2)', (tds) => tds.map((td) => Number(td.textContent)));
  assert.equal(counts.reduce((a, b) => a + b, 0), GAMES, 'each game counted once, under its first move');
  assert.ok((await page.$$('[data-testid=explorer-game]')).length > 0, 'games shown');
  assert.equal(await page.$('.explorer-credit'), null, "the master games' credit is for the master games");
  // A click on a move follows it, and the counts follow the board.
  const first = await page.getAttribute('[data-testid=explorer-move]', 'data-move');
  await page.click('[data-testid=explorer-move] button');
  await page.waitForFunction((n) => {
    const t = document.querySelector('[data-testid=explorer-total]')?.textContent || '';
    return t && !t.includes(`${n} games`);
  }, GAMES);
  assert.ok(first);
  await page.click('[data-testid=explorer-master]');
  await page.waitForSelector('.explorer-credit');
  assert.deepEqual(page.errors, []);
});

test('handing a folder of 3,000 files to the worker runs no main-thread task over 50 ms', async () => {
  const files = manyFiles(3000);
  const dir = path.dirname(files[0]);
  const page = await open('en');
  await watchHandover(page);
  await page.setInputFiles('[data-testid=games-pick-folder]', dir);
  await page.waitForFunction(() => window.handedAt, null, { timeout: 120000 });
  await ended(page);
  assert.equal(await count(page, 'games-imported'), 3000);
  // The task that chose the files (the browser's, with the first slice in its change event) is
  // before `changedAt`; every task of the handover after it is measured.
  const tasks = await page.evaluate(() => window.longTasks
    .filter(([start]) => start >= window.changedAt && start <= window.handedAt)
    .map(([, d]) => Math.round(d)));
  assert.deepEqual(tasks, [], `main-thread tasks over 50 ms while handing the files over (${await page.evaluate(() => Math.round(window.handedAt - window.changedAt))} ms in all)`);
  assert.deepEqual(page.errors, []);
});

test('a pick over 1 GB in all is refused before any file is read, said in both languages', async () => {
  // 130 sparse files of 8.3 MB: each message of the handover is under 1 GB, the pick is not.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xq-games-big-'));
  for (let i = 0; i < 130; i++) {
    const file = path.join(dir, `big-${i}.pgn`);
    fs.writeFileSync(file, '');
    fs.truncateSync(file, 8_300_000);
  }
  const page = await open('en');
  await page.setInputFiles('[data-testid=games-pick-folder]', dir);
  await page.waitForSelector('[data-testid=games-problem]', { timeout: 60000 });
  const en = await text(page, 'games-problem');
  assert.match(en, /1029 MB in one import, over the limit of 1024 MB: none was read/);
  assert.equal(await page.$('[data-testid=games-run]'), null, 'no import started');
  assert.match(await text(page, 'games-status'), /0 games in the database/);
  await page.click('[data-testid=lang-toggle]');
  await page.waitForFunction((b) => document.querySelector('[data-testid=games-problem]')?.textContent !== b, en);
  assert.match(await text(page, 'games-problem'), /一次导入共 1029 MB，超过上限 1024 MB：未读取任何文件/);
  const pending = await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('xq-games');
    req.onsuccess = () => {
      const db = req.result;
      const r = db.transaction('pending').objectStore('pending').count();
      r.onsuccess = () => { resolve(r.result); db.close(); };
    };
  }));
  assert.equal(pending, 0, 'nothing kept to import');
  fs.rmSync(dir, { recursive: true });
  assert.deepEqual(page.errors, []);
});

test('files dropped on the page import (the drop path, as a DataTransfer of files)', async () => {
  const page = await open('en');
  const games = ['lu-qin-00000001.pgn', 'xu-yinchuan-00000001.pgn'].map((f) => [f, [...fs.readFileSync(path.join(FOLDER, f))]]);
  await page.evaluate((games) => {
    const dt = new DataTransfer();
    for (const [name, bytes] of games) dt.items.add(new File([new Uint8Array(bytes)], name));
    const zone = document.querySelector('[data-testid=games-drop]');
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, games);
  await ended(page);
  assert.equal(await count(page, 'games-imported'), 2);
  assert.match(await text(page, 'games-status'), /2 games in the database/);
  assert.deepEqual(page.errors, []);
});

test('a selection saved downloads one PGN with its games, which reads back', async () => {
  const page = await luQinFound();
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=games-save]')]);
  const pgn = fs.readFileSync(await download.path(), 'utf8');
  assert.equal(download.suggestedFilename(), 'games.pgn');
  const reds = [...pgn.matchAll(/^\[Red "([^"]*)"\]/gm)].map((m) => m[1]);
  const blacks = [...pgn.matchAll(/^\[Black "([^"]*)"\]/gm)].map((m) => m[1]);
  assert.equal(reds.length, 6, 'the six games found, no more');
  for (let i = 0; i < 6; i++) assert.ok(`${reds[i]} ${blacks[i]}`.includes('呂欽'), `game ${i + 1} has 呂欽 playing`);
  assert.equal((pgn.match(/^\[ECCO "[A-E]\d\d"\]/gm) || []).length, 6, 'each with its ECCO code');
  // The file reads back: imported into a fresh database, it gives the same six games.
  const again = await app.newPage('#/games', { lang: 'en' });
  await again.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=games-status]')?.textContent || ''));
  await again.setInputFiles('[data-testid=games-pick-files]', { name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(pgn) });
  await ended(again);
  assert.equal(await count(again, 'games-imported'), 6);
  assert.equal(await count(again, 'games-errors'), 0);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(again.errors, []);
});

test('reopening reads the saved catalogue; a damaged one is set aside, said, and rebuilt from the games', async () => {
  const page = await open('en');
  await page.setInputFiles('[data-testid=games-pick-folder]', FOLDER);
  await ended(page);
  const meta = (key) => page.evaluate((key) => new Promise((resolve) => {
    const req = indexedDB.open('xq-games');
    req.onsuccess = () => {
      const db = req.result;
      const r = db.transaction('meta').objectStore('meta').get(key);
      r.onsuccess = () => { resolve(r.result === undefined ? null : Array.from(new Uint8Array(r.result)).slice(0, 6)); db.close(); };
    };
  }), key);
  assert.deepEqual(await meta('catalogue'), [...Buffer.from('XQCAT\x01')], 'the snapshot is saved as the import ends');
  // Damage it: the magic kept, the rest cut.
  await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('xq-games');
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction('meta', 'readwrite');
      tx.objectStore('meta').put(new TextEncoder().encode('XQCAT\x01\x05\x03abc'), 'catalogue');
      tx.oncomplete = () => { db.close(); resolve(); };
    };
  }));
  await page.reload();
  await page.waitForSelector('[data-testid=games-problem]');
  assert.match(await text(page, 'games-problem'), /saved catalogue did not read .* set aside .* No game was lost/);
  await page.waitForFunction((n) => document.querySelector('[data-testid=games-status]')?.textContent.includes(`${n} games in the database`), GAMES);
  assert.deepEqual(await meta('catalogue-set-aside'), [...Buffer.from('XQCAT\x01')], 'kept aside');
  // The catalogue rebuilt from the records is saved again: the next opening is quiet.
  for (let i = 0; i < 50 && !(await meta('catalogue')); i++) await page.waitForTimeout(100);
  assert.deepEqual(await meta('catalogue'), [...Buffer.from('XQCAT\x01')]);
  await page.reload();
  await page.waitForFunction((n) => document.querySelector('[data-testid=games-status]')?.textContent.includes(`${n} games in the database`), GAMES);
  assert.equal(await page.$('[data-testid=games-problem]'), null);
  await page.fill('[data-testid=games-player]', '吕钦');
  await page.click('[data-testid=games-find]');
  await page.waitForFunction(() => /6 games found/.test(document.querySelector('[data-testid=games-found]')?.textContent || ''));
  assert.deepEqual(page.errors, []);
});

// "A page can never brick": garbage in every saved key of every page → the page renders,
// says so in the current language, offers the raw data for download, and keeps every corrupt copy
// under its own key; when storage is too full for the copy, nothing is deleted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, playMoves } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app.close(); });

const PAGES = [
  { hash: '#/play', ready: '[data-testid=board]', keys: ['xq.play.session', 'xq.play.settings'] },
  { hash: '#/clock', ready: '[data-testid=clock-red]', keys: ['xq.clock.state'] },
  { hash: '#/scoresheet', ready: '[data-testid=scoresheet]', keys: ['xq.scoresheet.pgn'] },
  { hash: '#/tournament', ready: '[data-testid=create-form]', keys: ['xq.tournament.event.e1'] },
  { hash: '#/schedule', ready: '[data-testid=solve]', keys: ['xq.schedule.state', 'xq.schedule.draft'] },
  { hash: '#/swiss', ready: '[data-testid=swiss-create]', keys: ['xq.swiss.event', 'xq.swiss.knockout'] },
];

const GARBAGE = ['{"version":1,"game":', '\u0000\uFFFD not json at all', '[1,2,3]', '1. 车一进九 {'];

async function asides(page, key) {
  return page.evaluate((k) => Object.keys(localStorage)
    .filter((x) => x.startsWith(k + '.corrupt.'))
    .sort()
    .map((x) => localStorage.getItem(x)), key);
}

async function put(page, key, value) {
  await page.evaluate(([k, v]) => {
    if (k.startsWith('xq.tournament.event.')) localStorage.setItem('xq.tournament.ids', JSON.stringify(['e1']));
    localStorage.setItem(k, v);
  }, [key, value]);
}

for (const { hash, ready, keys } of PAGES) {
  for (const key of keys) {
    test(`${hash}: garbage in ${key} is set aside, every copy kept, message in both languages`, async () => {
      const page = await app.newPage(hash, { waitFor: ready });
      await page.evaluate(() => localStorage.clear());
      // Chinese first (the default language).
      await put(page, key, GARBAGE[0]);
      await page.reload();
      await page.waitForSelector(ready);
      const msg = page.locator('[data-testid=storage-problem]');
      await msg.first().waitFor();
      const zh = await msg.first().textContent();
      assert.match(zh, /无法读取/);
      assert.ok(zh.includes(key), zh);
      assert.doesNotMatch(zh, /could not be read/);
      assert.ok(await page.locator('[data-testid=storage-download]').first().isVisible());
      assert.deepEqual(await asides(page, key), [GARBAGE[0]]);
      // The page keeps working: language switch re-says the message in English.
      await page.click('[data-testid=lang-toggle]');
      const en = await msg.first().textContent();
      assert.match(en, /could not be read; it was set aside as/);
      assert.doesNotMatch(en, /无法读取/);
      // The download offers the raw text.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('[data-testid=storage-download] >> nth=0'),
      ]);
      const path = await download.path();
      const fs = await import('node:fs');
      assert.equal(fs.readFileSync(path, 'utf8'), GARBAGE[0]);
      // A second corruption is set aside beside the first, not over it.
      await put(page, key, GARBAGE[1]);
      await page.reload();
      await page.waitForSelector(ready);
      await msg.first().waitFor();
      assert.deepEqual((await asides(page, key)).sort(), [GARBAGE[0], GARBAGE[1]].sort());
      assert.deepEqual(page.errors, []);
    });
  }
}

test('#/swiss: a knockout whose bracket does not add up is set aside, not drawn', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=ko-create]' });
  await page.evaluate(() => localStorage.clear());
  await page.fill('[data-testid=ko-entrants]', ['甲', '乙', '丙', '丁'].join('\n'));
  await page.click('[data-testid=ko-make]');
  await page.waitForSelector('[data-testid=bracket]');
  const key = 'xq.swiss.knockout';
  await page.waitForFunction((k) => localStorage.getItem(k)?.includes('"version":1'), key);
  // The final won before either semi-final was played: well-formed JSON, impossible bracket.
  const damaged = await page.evaluate((k) => {
    const ko = JSON.parse(localStorage.getItem(k));
    ko.bracket.matches[ko.bracket.matches.length - 1].winner = 'A';
    const text = JSON.stringify(ko);
    localStorage.setItem(k, text);
    return text;
  }, key);
  await page.reload();
  await page.waitForSelector('[data-testid=ko-create]');
  const msg = page.locator('[data-testid=storage-problem]').first();
  await msg.waitFor();
  assert.match(await msg.textContent(), /无法读取/);
  assert.equal(await page.locator('[data-testid=bracket]').count(), 0);
  assert.deepEqual(await asides(page, key), [damaged]);
  assert.deepEqual(page.errors, []);
});

test('every page survives each kind of garbage in each of its keys', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  for (const { hash, ready, keys } of PAGES) {
    for (const key of keys) {
      for (const g of GARBAGE) {
        await page.evaluate(() => localStorage.clear());
        await put(page, key, g);
        await page.goto(app.base + 'index.html' + hash);
        await page.reload();
        await page.waitForSelector(ready);
      }
    }
  }
  assert.deepEqual(page.errors, []);
});

test('storage full: nothing is deleted, the download comes first, discard starts fresh', async () => {
  const page = await app.newPage('#/clock', { waitFor: '[data-testid=clock-red]' });
  await page.evaluate(() => localStorage.clear());
  await page.evaluate(() => localStorage.setItem('xq.clock.state', '{"preset":'));
  // The copy aside is refused, as a full quota would.
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (String(k).includes('.corrupt.') && !window.__roomAgain) throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, k, v);
    };
  });
  await page.reload();
  await page.waitForSelector('[data-testid=clock-red]');
  const msg = page.locator('[data-testid=storage-problem]');
  await msg.waitFor();
  assert.match(await msg.textContent(), /原数据未删除/);
  assert.doesNotMatch(await msg.textContent(), /已另存为/);
  // The original is still there, even after the page has run a while (no save over it).
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => localStorage.getItem('xq.clock.state')), '{"preset":');
  assert.ok(await page.locator('[data-testid=storage-download]').isVisible());
  // Room again: "set it aside" now works and frees the key.
  await page.evaluate(() => { window.__roomAgain = true; });
  await page.click('[data-testid=storage-set-aside]');
  assert.deepEqual(await asides(page, 'xq.clock.state'), ['{"preset":']);
  assert.match(await msg.textContent(), /已另存为 xq\.clock\.state\.corrupt\.\d+/);
  assert.deepEqual(page.errors, []);
});

test('storage full, then discard: the user chooses to drop the unreadable data', async () => {
  const page = await app.newPage('#/scoresheet', { waitFor: '[data-testid=scoresheet]' });
  await page.evaluate(() => localStorage.clear());
  await page.evaluate(() => localStorage.setItem('xq.scoresheet.pgn', '1. 车一进九'));
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (String(k).includes('.corrupt.')) throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, k, v);
    };
  });
  await page.reload();
  await page.waitForSelector('[data-testid=storage-discard]');
  assert.equal(await page.evaluate(() => localStorage.getItem('xq.scoresheet.pgn')), '1. 车一进九');
  await page.click('[data-testid=storage-discard]');
  assert.equal(await page.locator('[data-testid=storage-problem]').count(), 0);
  assert.notEqual(await page.evaluate(() => localStorage.getItem('xq.scoresheet.pgn')), '1. 车一进九');
  assert.deepEqual(page.errors, []);
});

test('a corrupt tournament index does not hide the events still stored', async () => {
  const page = await app.newPage('#/tournament', { waitFor: '[data-testid=create-form]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=create-form]');
  await page.fill('[data-testid=event-name]', 'Kept');
  await page.click('[data-testid=create]');
  await page.fill('[data-testid=entrant-list]', 'A\nB\nC');
  await page.click('[data-testid=add-entrants]');
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('xq.tournament.event.')));
  await page.evaluate(() => localStorage.setItem('xq.tournament.ids', '["broken'));
  await page.reload();
  await page.waitForSelector('[data-testid=storage-problem]');
  assert.ok((await page.content()).includes('Kept'), 'the stored event is listed again');
  assert.deepEqual(await asides(page, 'xq.tournament.ids'), ['["broken']);
  const ids = await page.evaluate(() => JSON.parse(localStorage.getItem('xq.tournament.ids')));
  assert.equal(ids.length, 1);
  assert.deepEqual(page.errors, []);
});

test('every import control refuses an oversized file unread, in the current language', async () => {
  const big = { name: 'big.json', mimeType: 'application/json', buffer: Buffer.alloc(3 * 1024 * 1024, 0x7b) };
  const cases = [
    { hash: '#/scoresheet', ready: '[data-testid=scoresheet]', input: '[data-testid=pgn-file]', out: '[data-testid=pgn-error]' },
    { hash: '#/tournament', ready: '[data-testid=create-form]', input: '[data-testid=import-json]', out: '[data-testid=message]' },
    { hash: '#/schedule', ready: '[data-testid=solve]', input: '[data-testid=import-json]', out: '[data-testid=message]' },
  ];
  for (const { hash, ready, input, out } of cases) {
    const page = await app.newPage(hash, { waitFor: ready });
    await page.setInputFiles(`${input} >> nth=0`, big);
    await page.waitForSelector(out);
    assert.match(await page.textContent(out), /3072 KB，超过上限 2048 KB/, hash);
    await page.click('[data-testid=lang-toggle]');
    await page.setInputFiles(`${input} >> nth=0`, big);
    await page.waitForFunction((sel) => /over the limit of 2048 KB/.test(document.querySelector(sel)?.textContent || ''), out);
    assert.deepEqual(page.errors, [], hash);
  }
});

// --- A full storage: every page says it did not save, and no saved game is written over ----------

/** Fills localStorage (a real quota, no emulation) until only about `free` characters fit. */
async function fill(page, free) {
  await page.evaluate((free) => {
    const fits = (n) => {
      try { localStorage.setItem('zz.filler', 'x'.repeat(n)); return true; } catch { return false; }
    };
    let lo = 0;
    let hi = 1 << 23;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid)) lo = mid; else hi = mid - 1;
    }
    localStorage.setItem('zz.filler', 'x'.repeat(Math.max(0, lo - free)));
  }, free);
}

test('#/schedule with storage full: typing says it was not saved, in the page\'s language', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.evaluate(() => localStorage.clear());
  await fill(page, 20);
  await page.reload();
  await page.waitForSelector('[data-testid=solve]');
  await page.fill('[data-testid=entrants]', Array.from({ length: 30 }, (_, i) => `P${i + 1}`).join('\n'));
  await page.fill('[data-testid=event-name]', '周三晚循环赛');
  const refused = page.locator('[data-testid=storage-refused]');
  await refused.waitFor();
  assert.match(await refused.textContent(), /未能保存.*存储已满/);
  assert.doesNotMatch(await refused.textContent(), /[A-Za-z]{3}/, 'no English on a Chinese page');
  await page.click('[data-testid=lang-toggle]');
  assert.match(await refused.textContent(), /Not saved: the browser's storage is full/);
  // Room again: the next change is saved and the message goes.
  await page.evaluate(() => localStorage.removeItem('zz.filler'));
  await page.fill('[data-testid=event-name]', 'Wednesday');
  await refused.waitFor({ state: 'detached' });
  assert.match(await page.evaluate(() => localStorage.getItem('xq.schedule.draft')), /P30[\s\S]*Wednesday/);
  assert.deepEqual(page.errors, []);
});

test('#/play with storage full: a link never writes over the saved game it could not set aside', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=board]' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  await playMoves(page, ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']);
  await page.waitForFunction(() => (localStorage.getItem('xq.play.session') || '').includes('b9c7'));
  const saved = await page.evaluate(() => localStorage.getItem('xq.play.session'));
  await fill(page, 0);
  await page.goto(app.base + 'index.html#/play?moves=c3c4');
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  const moves = () => page.locator('[data-testid=move-list] [data-ply]').count();
  assert.equal(await moves(), 1, 'the link\'s game is shown');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => localStorage.getItem('xq.play.session')), saved, 'the saved game is untouched');
  const notice = page.locator('[data-testid=notice]');
  await notice.waitFor();
  assert.match(await notice.textContent(), /之前保存的对局无法另存/);
  await page.click('[data-testid=lang-toggle]');
  assert.match(await notice.textContent(), /the saved game could not be set aside, so it was kept/);
  // The saved game is one click away.
  await page.click('[data-testid=open-saved-game]');
  assert.equal(await moves(), 6);
  assert.equal(await page.evaluate(() => localStorage.getItem('xq.play.session')), saved);
  // A new game cannot set this one aside either: it stays on the board, and the page says why.
  await page.$eval('[data-testid=more]', (d) => { d.open = true; });
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=confirm-yes]');
  assert.equal(await moves(), 6);
  assert.match(await page.textContent('[data-testid=notice]'), /could not be set aside, so it was not replaced/);
  assert.equal(await page.evaluate(() => localStorage.getItem('xq.play.session')), saved);
  assert.deepEqual(page.errors, []);
});

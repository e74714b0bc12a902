// One catalogue of words. Every page, in each language, shows no word of the other one.
// Text that is the same in both languages is marked `translate="no"` (the board's pieces, Chinese
// move notation, people's names, the language button itself) and is not read here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

// Codes and abbreviations that are written the same in a Chinese interface.
const LATIN_OK = new Set([
  'FEN', 'PGN', 'ECCO', 'zip', 'ICCS', 'WXF', 'DhtmlXQ', 'XQF', 'CBR', 'CBL', 'CBF', 'CSV', 'TSV', 'JSON', 'FIDE', 'UTF', 'GBK', 'ICS', 'TRF', 'UCI', 'NNUE', 'A4', 'A3', 'PDF', 'Elo', 'ID',
  'W', 'O', 'vs', 'nps', 'kN', 'cp', 'KB', 'MB', 'ms', 's', 'min', 'h', 'x', 'iCalendar',
  // Keywords of the time-control syntax the clock reads (`20m byo 3x30s`, `5m delay 5s`).
  'byo', 'delay',
  // Keys on the keyboard are named by what is printed on them.
  'Shift', 'Space', 'Esc', 'Home', 'End', 'Enter', 'Ctrl', 'Alt',
]);

const PAGES = [
  '#/play',
  '#/play?fen=' + encodeURIComponent('3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1'),
  '#/scoresheet',
  '#/clock',
  '#/tournament',
  '#/schedule',
  '#/schedule?print',
  '#/schedule?changes',
  '#/schedule?hall',
  '#/swiss',
  '#/club',
  '#/train',
  '#/games',
];

/** Every visible text (text nodes, placeholders, titles, labels) outside `translate="no"`. */
async function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const skip = (el) => el.closest('[translate="no"], script, style, noscript, [hidden]');
    const shown = (el) => {
      const s = getComputedStyle(el);
      return s.display !== 'none' && s.visibility !== 'hidden' && el.getClientRects().length > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent.trim();
      if (text && el && !skip(el) && shown(el)) out.push(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
      if (skip(el) || !shown(el)) continue;
      for (const a of ['placeholder', 'title', 'aria-label']) {
        const v = el.getAttribute(a);
        if (v && v.trim()) out.push(v.trim());
      }
    }
    return out;
  });
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]/;
const foreignInChinese = (text) => (text.match(/[A-Za-z]{2,}/g) || []).filter((w) => !LATIN_OK.has(w));

for (const lang of ['zh', 'en']) {
  for (const hash of PAGES) {
    test(`${hash.replace(/\?fen=.*/, '?fen=…')} in ${lang === 'zh' ? 'Chinese' : 'English'} shows no word of the other language`, async () => {
      const page = await app.newPage(hash, { lang, waitFor: '#main' });
      await page.waitForSelector('#main > *', { timeout: 20000 });
      await page.waitForTimeout(300);
      const texts = await visibleTexts(page);
      assert.ok(texts.length > 5, `the page shows text (${texts.length})`);
      const bad = lang === 'zh'
        ? texts.filter((t) => foreignInChinese(t).length > 0)
        : texts.filter((t) => CJK.test(t));
      assert.deepEqual(bad, [], `${hash} (${lang}) shows words of the other language`);
      assert.deepEqual(page.errors, []);
    });
  }
}

// A message on screen is said again after the language button (issue 56.2): each page keeps
// what it has to say, not the sentence it once made.
const MESSAGES = [
  ['#/tournament', '[data-testid=import-json]', 'x.json', '[data-testid=message]', /导入失败/, /Import failed/],
  ['#/schedule', '[data-testid=import-json]', 'x.json', '[data-testid=message]', /导入失败/, /Import failed|not a|failed/i],
  ['#/swiss', '[data-testid=import-trf]', 'x.trf', '.t-error[role=alert]', /[\u4e00-\u9fff]/, /^[^\u4e00-\u9fff]+$/],
];

for (const [hash, input, name, shown, zh, en] of MESSAGES) {
  test(`${hash}: a message on screen follows the language button`, async () => {
    const page = await app.newPage(hash, { lang: 'zh', waitFor: input });
    await page.setInputFiles(input, { name, mimeType: 'text/plain', buffer: Buffer.from('\u0001 not a file of this kind\n') });
    await page.waitForSelector(shown);
    const before = await page.textContent(shown);
    assert.match(before, zh, `${hash}: said in Chinese first`);
    await page.click('[data-testid=lang-toggle]');
    await page.waitForFunction(([s, b]) => document.querySelector(s)?.textContent !== b, [shown, before], { timeout: 3000 }).catch(() => {});
    const after = await page.textContent(shown);
    assert.match(after, en, `${hash}: said again in English: ${after}`);
    assert.doesNotMatch(after, /[\u4e00-\u9fff]/, `${hash}: no Chinese left: ${after}`);
    await page.click('[data-testid=lang-toggle]');
    await page.waitForFunction(([s, b]) => document.querySelector(s)?.textContent !== b, [shown, after], { timeout: 3000 }).catch(() => {});
    assert.equal(await page.textContent(shown), before, `${hash}: and back in Chinese`);
    await page.context().close();
  });
}

test('#/club: a refusal on screen follows the language button', async () => {
  const page = await app.newPage('#/club', { lang: 'zh', waitFor: '[data-testid=member-name]' });
  await page.fill('[data-testid=member-name]', '王'.repeat(61));
  await page.click('[data-testid=add-member]');
  const before = await page.textContent('[data-testid=club-note]');
  assert.match(before, /[\u4e00-\u9fff]/);
  await page.click('[data-testid=lang-toggle]');
  await page.waitForFunction((b) => document.querySelector('[data-testid=club-note]')?.textContent !== b, before, { timeout: 3000 }).catch(() => {});
  const after = (await page.textContent('[data-testid=club-note]')).replaceAll('王', '');
  assert.doesNotMatch(after, /[\u4e00-\u9fff]/, `said again in English: ${after}`);
  await page.context().close();
});

/** Reads `shown` on `page` (Chinese first), switches the language, reads it in English, and back. */
async function saidAgain(page, shown, label) {
  const read = async () => (await page.textContent(shown)).trim();
  const before = await read();
  assert.match(before, /[\u4e00-\u9fff]/, `${label}: said in Chinese first: ${before}`);
  for (const was of [before, null]) {
    const now = was ?? await read();
    await page.click('[data-testid=lang-toggle]');
    await page.waitForFunction(([s, b]) => document.querySelector(s)?.textContent.trim() !== b, [shown, now], { timeout: 3000 }).catch(() => {});
    if (was !== null) {
      const after = await read();
      assert.match(after, /[A-Za-z]{3}/, `${label}: said again in English: ${after}`);
      assert.doesNotMatch(after, /[\u4e00-\u9fff]/, `${label}: no Chinese left: ${after}`);
    }
  }
  assert.equal(await read(), before, `${label}: and back in Chinese`);
}

test('#/play: the computer panel\'s message follows the language button', async () => {
  // Black to move in check: there are no threats to show (passing would leave the king to be taken).
  const fen = '4k4/9/4R4/9/9/9/9/9/9/3K5 b - - 0 1';
  const page = await app.newPage('#/play?fen=' + encodeURIComponent(fen), { lang: 'zh', waitFor: '[data-testid=engine-threats]' });
  await page.click('[data-testid=engine-threats]');
  const shown = '[data-testid=engine-panel] .message[role=alert]';
  await page.waitForSelector(shown);
  await saidAgain(page, shown, '#/play');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('#/scoresheet: the link\'s notice follows the language button', async () => {
  const page = await app.newPage('#/scoresheet?moves=h2e2zz', { lang: 'zh', waitFor: '[data-testid=scoresheet]' });
  const shown = '.scoresheet-page > .error[role=alert]';
  await page.waitForSelector(shown);
  await saidAgain(page, shown, '#/scoresheet');
  await page.context().close();
});

test('#/clock: the link\'s error follows the language button', async () => {
  const page = await app.newPage('#/clock?red=5m&black=nonsense', { lang: 'zh', waitFor: '[data-testid=clock-red]' });
  const shown = '.error[role=alert]';
  await page.waitForSelector(shown);
  await saidAgain(page, shown, '#/clock');
  await page.context().close();
});

test('#/games: an unreadable file\'s error follows the language button', async () => {
  // The worker says each fault in both languages (a typed `Said`); the page says it when drawn.
  const page = await app.newPage('#/games', { lang: 'zh', waitFor: '[data-testid=games-pick-files]' });
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=games-status]')?.textContent || ''), null, { timeout: 30000 });
  await page.setInputFiles('[data-testid=games-pick-files]', { name: 'broken.xqf', mimeType: 'application/octet-stream', buffer: Buffer.from('XQ\u0000\u0001 not a whole XQF file') });
  const shown = '[data-testid=games-fault-list] li';
  await page.waitForSelector(shown, { timeout: 30000 });
  await saidAgain(page, shown, '#/games');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

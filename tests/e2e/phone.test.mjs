// A phone (375×812), in both languages: every section of the header in view, and a round robin's
// entrants and pairings readable without a sideways scroll (issue 55, point 7).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

const PHONE = { width: 375, height: 812 };
let app;
before(async () => { app = await startApp(); });
after(async () => { await app.close(); });

test('on a phone every section of the header is in view, without scrolling it', async () => {
  for (const lang of ['zh', 'en']) {
    for (const hash of ['#/play', '#/tournament', '#/club', '#/train']) {
      const page = await app.newPage(hash, { lang, viewport: PHONE, waitFor: '.topbar nav' });
      const links = await page.$$eval('.topbar nav a', (as) => {
        const nav = as[0].parentElement.getBoundingClientRect();
        return as.map((a) => {
          const r = a.getBoundingClientRect();
          return { text: a.textContent, inView: r.left >= nav.left - 0.5 && r.right <= nav.right + 0.5 && r.right <= innerWidth && r.bottom <= nav.bottom + 0.5 };
        });
      });
      assert.equal(links.length, 9);
      assert.deepEqual(links.filter((l) => !l.inView), [], `${lang} ${hash}: sections cut off`);
      const header = await page.locator('.topbar').boundingBox();
      assert.ok(header.height <= 80, `${lang} ${hash}: header ${header.height}px, at most two rows`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  }
});

/** A round robin of `names` on a phone, drawn: the widths of its entrants and pairings tables. */
async function roundRobin(lang, names) {
  const page = await app.newPage('#/tournament', { lang, viewport: PHONE, waitFor: '[data-testid=create-form]' });
  await page.fill('[data-testid=event-name]', 'Club');
  await page.click('[data-testid=create]');
  await page.fill('[data-testid=entrant-list]', names.join('\n'));
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=number-as-listed]');
  await page.waitForSelector('[data-testid=round][data-round="1"] tbody tr');
  const tables = await page.$$eval('.t-entrants table, .t-pairings', (ts) => ts.map((t) => {
    const box = t.closest('.t-section').getBoundingClientRect();
    const r = t.getBoundingClientRect();
    return { what: t.className || 'entrants', width: Math.round(r.width), right: Math.round(r.right), room: Math.round(box.right) };
  }));
  await page.context().close();
  return tables;
}

test('on a phone a round robin\'s entrants and each round\'s pairings fit the screen', async () => {
  const clubNames = ['王天一', '郑惟桐', '许银川', '吕钦', '赵鑫鑫', '蒋川', '洪智', '孙勇征'];
  // Past 50 entrants a round is drawn in slices of fixed columns (src/ui/tournament/rounds.rs).
  const longNames = Array.from({ length: 60 }, (_, i) => `Player Number ${i + 1} of Guangdong`);
  for (const lang of ['zh', 'en']) {
    for (const names of [clubNames, longNames]) {
      const tables = await roundRobin(lang, names);
      assert.ok(tables.length >= 2, `${lang}: the entrants and at least one round drawn`);
      const wide = tables.filter((t) => t.right > t.room + 0.5);
      assert.deepEqual(wide, [], `${lang}, ${names.length} entrants: tables wider than the screen`);
    }
  }
});

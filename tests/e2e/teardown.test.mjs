// leaving a page never panics. A page is torn down when its route changes: for another
// bundle's route (the nav's #/play) the document reloads; for a route of the same bundle (another
// query) it lives on, and so do timers the page left behind. A timer or
// worker handler that reads the page's signals after that panics ("Tried to access a reactive
// value that has already been disposed"), which the harness sees as a console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

/** Goes to `hash` by clicking the link to it, waits for `ready`, and lets late timers run. */
async function leave(page, link, ready) {
  await page.click(link);
  await page.waitForSelector(ready, { timeout: 20000 });
  await page.waitForTimeout(1000);
}

async function solved(page) {
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
}

/** 128 entrants on 20 tables: the worker solves for many seconds. */
async function solving(page) {
  await page.fill('[data-testid=entrants]', Array.from({ length: 128 }, (_, i) => `P${i + 1}`).join('\n'));
  await page.fill('[data-testid=tables]', '20');
  await page.fill('[data-testid=sessions]', '110');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=timetable] [data-testid=match]', { timeout: 60000 });
  assert.equal(await page.getAttribute('[data-testid=progress]', 'data-state'), 'running');
}

/** Goes to `hash` of the same bundle (the page is torn down and built again in this document). */
async function stay(page, hash, ready) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForSelector(ready, { timeout: 20000 });
  await page.waitForTimeout(1000);
}

/** Moves a match of the solved 19-pair case to the last free place on the desk's late-changes
 *  screen (its own bundle) and leaves the change listed, waiting for accept or cancel. (A move
 *  re-solved the rest in timer slices before late changes became the fewest changes.) */
async function moving(page) {
  await solved(page);
  await page.click('[data-testid=changes-open]');
  await page.waitForSelector('[data-testid=move-match]');
  const matches = await page.$$eval('[data-testid=move-match] option', (os) => os.map((o) => o.value).filter(Boolean));
  await page.selectOption('[data-testid=move-match]', matches[0]);
  const places = await page.$$eval('[data-testid=move-target] option', (os) => os.map((o) => o.value));
  await page.selectOption('[data-testid=move-target]', places[places.length - 1]);
  await page.click('[data-testid=move]');
  await page.waitForSelector('[data-testid=change-preview]');
}

const SETUPS = [
  ['a solved event', solved, '#/schedule?again', '[data-testid=solve]'],
  ['a solve running in the worker', solving, '#/schedule?again', '[data-testid=solve]'],
  ['a moved match waiting for its accept', moving, '#/schedule?changes&again', '[data-testid=sessions-over]'],
];
for (const [what, setup, again, ready] of SETUPS) {
  test(`#/schedule with ${what}: leaving for #/play (another bundle) logs no error`, async () => {
    const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
    await setup(page);
    await leave(page, 'nav a[href="#/play"]', '[data-testid=board]');
    assert.deepEqual(page.errors, []);
  });

  test(`#/schedule with ${what}: another route of the same bundle (the page is torn down) logs no error`, async () => {
    const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
    await setup(page);
    await stay(page, again, ready);
    assert.deepEqual(page.errors, []);
  });
}

test('#/tournament while a 500-entrant draw is built a slice per task: leaving logs no error', async () => {
  const page = await app.newPage('#/tournament', { waitFor: '[data-testid=create-form]' });
  await page.fill('[data-testid=event-name]', 'teardown');
  await page.click('[data-testid=create]');
  await page.fill('[data-testid=entrant-list]', Array.from({ length: 500 }, (_, i) => `Player ${i + 1}`).join('\n'));
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=number-as-listed]');
  await page.waitForSelector('tr[data-round][data-red]');
  // The same bundle with another query: the page is torn down and built again in this document.
  await page.evaluate(() => { location.hash = '#/tournament?again'; });
  await page.waitForSelector('tr[data-round][data-red]', { timeout: 20000 });
  await page.waitForTimeout(1000);
  await leave(page, 'nav a[href="#/play"]', '[data-testid=board]');
  assert.deepEqual(page.errors, []);
});

test('#/swiss with an event: leaving for its bracket route and for #/play logs no error', async () => {
  const page = await app.newPage('#/swiss', { waitFor: '[data-testid=swiss-create]' });
  await page.fill('[data-testid=swiss-name]', 'teardown');
  await page.fill('[data-testid=swiss-rounds]', '5');
  await page.click('[data-testid=swiss-create-button]');
  await page.waitForSelector('[data-testid=swiss-entrants]');
  await page.fill('[data-testid=swiss-entrants]', Array.from({ length: 30 }, (_, i) => `P${i + 1}, ${2000 - i}`).join('\n'));
  await page.click('[data-testid=add-entrants]');
  await page.click('[data-testid=seed-rating]');
  await page.click('[data-testid=pair-round]');
  await page.evaluate(() => { location.hash = '#/swiss?again'; });
  await page.waitForTimeout(1000);
  await leave(page, 'nav a[href="#/play"]', '[data-testid=board]');
  assert.deepEqual(page.errors, []);
});

// Issue 58: the learned network in the browser. The engine worker scores the recorded positions
// exactly as native inference does (tests/data/nnue/scores.txt, which tests/nnue.rs checks
// natively); it fetches the weights with the first search, never with the page; and #/play's
// switch, on by default, turns the network off and says, in the page's language, when the weights
// could not be had.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RECORDED = fs.readFileSync(path.join(root, 'tests/data/nnue/scores.txt'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [score, fen] = l.split('\t');
    return { score: Number(score), fen };
  });
const WEIGHTS = /public\/engine\/ccpd\.nnue$/;

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

/** The network URLs the page's context fetches, the worker's included. */
function watchWeights(page) {
  const asked = [];
  page.context().on('request', (r) => { if (WEIGHTS.test(r.url())) asked.push(r.url()); });
  return asked;
}

test('the worker scores every recorded position as native inference does, to the bit', async () => {
  assert.ok(RECORDED.length >= 300, `${RECORDED.length} positions`);
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  const report = await page.evaluate((fens) => new Promise((resolve, reject) => {
    const worker = new Worker('./engine_worker_loader.js');
    worker.onerror = (e) => reject(new Error(String(e.message)));
    worker.onmessage = (ev) => {
      if (ev.data === 'ready') {
        worker.postMessage(JSON.stringify({ id: 5, network: true, evaluate: fens }));
        return;
      }
      worker.terminate();
      resolve(JSON.parse(ev.data));
    };
  }), RECORDED.map((r) => r.fen));
  assert.equal(report.id, 5);
  const differ = RECORDED
    .map((r, i) => ({ fen: r.fen, native: r.score, worker: report.scores[i] }))
    .filter((d) => d.worker?.Ok !== d.native);
  assert.deepEqual(differ, []);
  assert.equal(report.scores.length, RECORDED.length);
  assert.deepEqual(page.errors, []);
});

test('the network is on by default, its weights fetched once with the first search, never with the page', async () => {
  const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]' });
  const asked = watchWeights(page);
  assert.equal(await page.isChecked('[data-testid=engine-network]'), true);
  assert.deepEqual(asked, [], 'the page alone fetches no weights');
  await page.click('[data-testid=engine-hint-button]');
  await page.waitForSelector('[data-testid=engine-hint]', { timeout: 30000 });
  assert.equal(asked.length, 1, asked.join('\n'));
  // Turned off, the hand-written evaluation plays; nothing more is fetched either way.
  await page.uncheck('[data-testid=engine-network]');
  await page.click('[data-testid=engine-hint-button]');
  await page.waitForSelector('[data-testid=engine-thinking]', { state: 'detached', timeout: 30000 });
  await page.waitForSelector('[data-testid=engine-hint]', { timeout: 30000 });
  assert.equal(await page.isChecked('[data-testid=engine-network]'), false);
  assert.equal(asked.length, 1, asked.join('\n'));
  assert.equal(await page.locator('[data-testid=engine-message]').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('weights that cannot be had are said in both languages, and the hand-written evaluation plays', async () => {
  for (const [lang, words] of [['zh', /神经网络的权重无法载入/], ['en', /weights could not be loaded/]]) {
    const page = await app.newPage('#/play', { waitFor: '[data-testid=engine-panel]', lang });
    await page.context().route(WEIGHTS, (r) => r.fulfill({ status: 404, body: 'not found' }));
    await page.click('[data-testid=engine-hint-button]');
    await page.waitForSelector('[data-testid=engine-hint]', { timeout: 30000 });
    assert.match(await page.textContent('[data-testid=engine-message]'), words);
    assert.equal(await page.isChecked('[data-testid=engine-network]'), false);
    // The browser logs the failed download itself; nothing else may go wrong.
    assert.deepEqual(page.errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
  }
});

// Takes the README's pictures of each page from the built app: `node scripts/screenshots.mjs`
// after `trunk build` (or with XQ_DIST=… for another build). Writes docs/screenshots/*.png.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from '../tests/e2e/harness.mjs';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
fs.mkdirSync(out, { recursive: true });
const NAMES = ['王天一', '郑惟桐', '赵鑫鑫', '许银川', '蒋川', '洪智', '孙勇征', '汪洋'];
const OPENING = 'h2e2,h9g7,h0g2,i9h9,i0h0,b9c7,c3c4,b7b3,b0a2,c6c5,g3g4,h7h3,e3e4';

const app = await startApp();
const viewport = { width: 1100, height: 720 };
const shots = {
  play: async (page) => {
    await page.goto(app.base + 'index.html#/play?moves=' + OPENING);
    await page.waitForSelector('[data-testid=board]');
  },
  tournament: async (page) => {
    await page.fill('[data-testid=event-name]', '周末俱乐部循环赛');
    await page.click('[data-testid=create]');
    await page.fill('[data-testid=entrant-list]', NAMES.join('\n'));
    await page.click('[data-testid=add-entrants]');
    await page.click('[data-testid=number-as-listed]');
    // The rounds, not the form above them.
    return page.getByText('各轮对阵与结果');
  },
  swiss: async (page) => {
    await page.fill('[data-testid=swiss-name]', '周末积分编排赛');
    await page.fill('[data-testid=swiss-rounds]', '5');
    await page.click('[data-testid=swiss-create-button]');
    await page.fill('[data-testid=swiss-entrants]', NAMES.map((n, i) => `${n}, ${2600 - 25 * i}`).join('\n'));
    await page.click('[data-testid=add-entrants]');
    await page.click('[data-testid=seed-rating]');
    await page.click('[data-testid=pair-round]');
  },
  schedule: async (page) => {
    await page.click('[data-testid=solve]');
    await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 120000 });
  },
  clock: async () => {},
  scoresheet: async () => {},
  club: async (page) => {
    await page.fill('[data-testid=member-paste]', '姓名\t等级分\n' + NAMES.map((n, i) => `${n}\t${2600 - 25 * i}`).join('\n'));
    await page.click('[data-testid=paste-preview]');
    await page.click('[data-testid=import-confirm]');
  },
};
try {
  for (const [name, setUp] of Object.entries(shots).filter(([n]) => !process.argv[2] || process.argv.includes(n))) {
    const page = await app.newPage(`#/${name}`, { viewport });
    const shown = await setUp(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    if (shown) await shown.evaluate((e) => e.scrollIntoView());
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    console.log(`docs/screenshots/${name}.png`);
    await page.context().close();
  }
} finally {
  await app.close();
}

// (1) Xiangqi team matches as a scoring of the timetable: an organiser
// lists four teams with their players in board order (12.1), solves, enters every match board by
// board from the first-named team's side (a draw, a forfeited board and a forfeited match, 21.4),
// and sees the standings by match points (14.2) and the team tie-breaks (15.3); the rounds view
// (#/tournament) shows the same event with the same boards; the CSV carries each result.
// (2) A game-scored groups + knockout event opens as a bracket on #/swiss, the click landing
// while the last result's box still has the focus (the redraw-under-the-pointer bug of decfb23).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startApp } from './harness.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { await app?.close(); });

const TEAMS = [
  '红星: 张一, 张二, 张三, 张四, 张五',
  '蓝天: 李一, 李二, 李三, 李四',
  '青松: 王一, 王二, 王三, 王四',
  '白云: 赵一, 赵二, 赵三, 赵四',
];

/// Every match from the earlier-listed team's side: a draw on board 2 of 红星–蓝天, a forfeited
/// board in 青松–白云 (board 4, 21.4), 白云 forfeiting the whole match against 蓝天.
const MATCHES = {
  '红星 – 蓝天': '1 ½ 0 1',
  '青松 – 白云': '1 1 0 -',
  '红星 – 青松': '0 1 1 0',
  '蓝天 – 白云': '+ + + +',
  '红星 – 白云': '½ 1 0 0',
  '蓝天 – 青松': '1 0 0 1',
};
const flip = { '1': '0', '0': '1', '½': '½', '+': '-', '-': '+' };

/// The boards typed for the match labelled "a – b" as the timetable names it.
function boards(label) {
  if (MATCHES[label]) return MATCHES[label];
  const [a, b] = label.split(' – ');
  return MATCHES[`${b} – ${a}`].split(' ').map((x) => flip[x]).join(' ');
}

async function enter(page, fixture, text) {
  const input = page.locator(`[data-testid=score][data-fixture="${fixture}"]`);
  await input.fill(text);
  await input.dispatchEvent('change');
}

const rows = (page) => page.$$eval('table.result-entry tbody tr', (trs) =>
  trs.map((tr) => [tr.children[2].textContent, tr.querySelector('[data-testid=score]').dataset.fixture]));

test('a team event on #/schedule: boards entered per match, standings by 14.2 and 15.3, the rounds view and the CSV agree', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  assert.equal(await page.locator('[data-testid=boards]').count(), 0, 'no boards field for individual scorings');
  await page.selectOption('[data-testid=scoring]', 'xiangqi-team');
  await page.waitForSelector('[data-testid=boards]');
  assert.equal(await page.inputValue('[data-testid=boards]'), '4');
  await page.fill('[data-testid=entrants]', TEAMS.join('\n'));
  await page.fill('[data-testid=event-name]', '团体联赛');
  await page.fill('[data-testid=tables]', '2');
  await page.fill('[data-testid=sessions]', '3');
  await page.fill('[data-testid=session-minutes]', '180');
  await page.fill('[data-testid=match-minutes]', '180');
  await page.fill('[data-testid=first-date]', '2026-12-05');

  // Groups + knockout is refused for teams, in the page's language.
  await page.selectOption('[data-testid=format]', 'groups');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=message]');
  assert.match(await page.textContent('[data-testid=message]'), /团体赛按单循环或双循环进行/);
  await page.selectOption('[data-testid=format]', 'single');

  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.equal(await page.locator('[data-testid=message]').count(), 0, 'no refusal');
  const cells = await page.locator('[data-testid=timetable] [data-testid=match]').allTextContents();
  assert.equal(cells.length, 6);
  assert.match(await page.textContent('[data-testid=results] .hint'), /13\.2/);

  const all = await rows(page);
  assert.equal(all.length, 6);
  // A board that is not a result is named, and a match needs all four boards (14.2).
  await enter(page, all[0][1], '1 2 0 0');
  await page.waitForSelector('.score-error');
  assert.match(await page.textContent('.score-error'), /第 2 台/);
  await enter(page, all[0][1], '1 1');
  await page.waitForFunction(() => /4 台/.test(document.querySelector('.score-error')?.textContent || ''));
  for (const [label, fixture] of all) await enter(page, fixture, boards(label));
  await page.waitForFunction(() => !document.querySelector('.score-error'));
  const draw = all.find(([l]) => l.includes('红星') && l.includes('蓝天'))[1];
  assert.match(await page.inputValue(`[data-testid=score][data-fixture="${draw}"]`), /½-½/);

  // Every team has 3 match points (a win, a draw and a loss each, 14.2); 15.3 then orders them
  // by game points (蓝天 7½, 红星 6, 青松 6, 白云 4½) and boards won (青松 2+2+2 = 6 before
  // 红星 2+2+1 = 5).
  const table = await page.$$eval('[data-testid=standings] tbody tr', (trs) => trs.map((r) => [
    r.dataset.place, r.children[1].textContent, r.querySelector('td.points').textContent]));
  assert.deepEqual(table, [['1', '蓝天', '3'], ['2', '青松', '3'], ['3', '红星', '3'], ['4', '白云', '3']]);
  assert.match(await page.textContent('[data-testid=standings] thead'), /场分/);

  // The CSV's last column is the result as entered, board 1 first (exported on the desk's print
  // and export screen).
  await page.click('[data-testid=print-open]');
  await page.waitForSelector('[data-testid=export-csv]');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-csv]')]);
  const csv = fs.readFileSync(await dl.path(), 'utf8').trim().split('\n');
  assert.equal(csv[0], 'session,date,slot,start,table,stage,a,b,umpire,result');
  assert.equal(csv.length, 7);
  const forfeitRow = csv.find((l) => l.includes('蓝天') && l.includes('白云'));
  assert.match(forfeitRow, /,(\+\/- \+\/- \+\/- \+\/-|-\/\+ -\/\+ -\/\+ -\/\+)$/);

  // Back and a reload keep the form (scoring, boards), the boards entered and the standings.
  await page.click('[data-testid=desk-back]');
  await page.waitForSelector('[data-testid=score]');
  await page.reload();
  await page.waitForSelector('[data-testid=score]');
  assert.equal(await page.inputValue('[data-testid=boards]'), '4');
  assert.match(await page.inputValue(`[data-testid=score][data-fixture="${draw}"]`), /^(1-0 ½-½ 0-1 1-0|0-1 ½-½ 1-0 0-1)$/);
  assert.equal(await page.locator('[data-testid=standings] tbody tr').count(), 4);

  // The same event in the rounds view, with the registered players on the boards.
  await page.goto(app.base + 'index.html#/tournament');
  await page.waitForSelector('[data-testid=event-select]');
  const options = await page.$$eval('[data-testid=event-select] option', (os) => os.map((o) => [o.value, o.textContent]));
  const mine = options.find(([, name]) => name === '团体联赛');
  assert.ok(mine, JSON.stringify(options));
  await page.selectOption('[data-testid=event-select]', mine[0]);
  await page.waitForSelector('tr[data-round][data-red]');
  const entered = await page.$$eval('select[data-testid=result]', (ss) => ss.map((s) => s.value).filter((v) => v));
  assert.equal(entered.length, 24, 'six matches of four boards');
  // 12.1: the boards carry the registered players, board 1 first.
  const lineups = await page.locator('[data-testid=lineup]').allTextContents();
  assert.ok(lineups.some((l) => /张一.*李一|李一.*张一/.test(l)), lineups.join('|'));
  assert.ok(entered.includes('½-½'), entered.join());
  assert.ok(entered.includes('+/-') || entered.includes('-/+'), entered.join());
  // Teams numbered as listed: 蓝天 2, 青松 3, 红星 1, 白云 4.
  const order = await page.$$eval('[data-testid=standings] tr[data-entrant]', (trs) => trs.map((r) => r.dataset.entrant));
  assert.deepEqual(order, ['2', '3', '1', '4']);
  assert.deepEqual(page.errors, []);
});

test('a 12.3 team event: the board order chosen on #/schedule, a line-up set in the rounds view, a board result typed in the timetable, both kept in both views; team headings', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  assert.equal(await page.locator('[data-testid=board-order]').count(), 0, 'no board order for individual scorings');
  await page.selectOption('[data-testid=scoring]', 'xiangqi-team');
  await page.waitForSelector('[data-testid=board-order]');
  assert.equal(await page.inputValue('[data-testid=board-order]'), 'fixed', '12.1 unless chosen');
  const labels = await page.locator('[data-testid=board-order] option').allTextContents();
  assert.deepEqual(labels, ['分台定人制 (12.1)', '分台换人制 (12.2)', '临时定台制 (12.3)']);
  await page.selectOption('[data-testid=board-order]', 'per-match');
  await page.fill('[data-testid=entrants]', TEAMS.join('\n'));
  await page.fill('[data-testid=event-name]', '临时定台赛');
  await page.fill('[data-testid=tables]', '2');
  await page.fill('[data-testid=sessions]', '3');
  await page.fill('[data-testid=session-minutes]', '180');
  await page.fill('[data-testid=match-minutes]', '180');
  assert.equal(await page.inputValue('[data-testid=board-order]'), 'per-match', 'kept while the form is typed');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });
  assert.equal(await page.locator('[data-testid=message]').count(), 0, 'no refusal');

  // The standings say what a team event counts: matches, match points (14.2), board points (15.3).
  const heads = await page.$$eval('[data-testid=standings] thead th', (ths) => ths.map((th) => th.textContent));
  for (const h of ['场次', '胜场', '和场', '负场', '场分', '局分']) assert.ok(heads.includes(h), heads.join('|'));
  assert.ok(!heads.includes('局'), heads.join('|'));
  const match = (await rows(page)).find(([l]) => l.includes('红星') && l.includes('蓝天'));
  assert.ok(match, 'the match 红星 – 蓝天 is in the timetable');

  // 12.3 in the rounds view: no players on the boards until the line-ups are set; 张五 on board 1.
  await page.goto(app.base + 'index.html#/tournament');
  await page.waitForSelector('[data-testid=event-select]');
  const options = await page.$$eval('[data-testid=event-select] option', (os) => os.map((o) => [o.value, o.textContent]));
  const mine = options.find(([, name]) => name === '临时定台赛');
  assert.ok(mine, JSON.stringify(options));
  await page.selectOption('[data-testid=event-select]', mine[0]);
  const game = page.locator('tr[data-round][data-red="1"][data-black="2"], tr[data-round][data-red="2"][data-black="1"]');
  await game.waitFor();
  const [round, red] = await game.evaluate((tr) => [tr.dataset.round, tr.dataset.red]);
  const row = page.locator(`tr.t-lineup-row[data-round="${round}"][data-lineup-for="${red}"]`);
  assert.equal((await row.locator('[data-testid=lineup]').textContent()).trim(), '', 'nothing known before the line-ups');
  const [reds, blues] = [['5,3,1,2', '张五', '张三', '张一', '张二'], ['4,3,2,1', '李四', '李三', '李二', '李一']];
  const [first, second] = red === '1' ? [reds, blues] : [blues, reds];
  await row.locator('[data-testid=lineup-first]').fill(first[0]);
  await row.locator('[data-testid=lineup-second]').fill(second[0]);
  await row.locator('[data-testid=set-lineup]').click();
  const shown = (b) => `${b}: ${first[b]} – ${second[b]}`;
  await page.waitForFunction((want) => document.querySelector(want.sel)?.textContent.includes(want.text),
    { sel: `tr.t-lineup-row[data-round="${round}"][data-lineup-for="${red}"] [data-testid=lineup]`, text: shown(1) });

  // Back in the timetable: the boards typed from 红星's side (board 1 won by 张五).
  await page.goto(app.base + 'index.html#/schedule');
  await page.waitForSelector(`[data-testid=score][data-fixture="${match[1]}"]`);
  // The form comes back with the event's board order and players (a re-solve keeps them).
  assert.equal(await page.inputValue('[data-testid=board-order]'), 'per-match');
  assert.equal(await page.inputValue('[data-testid=entrants]'), TEAMS.join('\n'));
  const redFirst = match[0].startsWith('红星');
  await enter(page, match[1], redFirst ? '1 ½ 0 1' : '0 ½ 1 0');
  await page.waitForFunction(() => !document.querySelector('.score-error'));
  assert.match(await page.inputValue(`[data-testid=score][data-fixture="${match[1]}"]`), /^(1-0 ½-½ 0-1 1-0|0-1 ½-½ 1-0 0-1)$/);
  const points = await page.$$eval('[data-testid=standings] tbody tr', (trs) => trs.map((r) => [r.children[1].textContent, r.querySelector('td.points').textContent]));
  assert.deepEqual(points.find(([n]) => n === '红星'), ['红星', '2'], JSON.stringify(points));
  assert.deepEqual(points.find(([n]) => n === '蓝天'), ['蓝天', '0'], JSON.stringify(points));

  // The rounds view shows the result and still the line-up.
  await page.goto(app.base + 'index.html#/tournament');
  await page.waitForSelector('[data-testid=event-select]');
  await page.selectOption('[data-testid=event-select]', mine[0]);
  await game.waitFor();
  const results = await game.locator('select[data-testid=result]').evaluateAll((ss) => ss.map((s) => s.value));
  assert.deepEqual(results, red === '1' ? ['1-0', '½-½', '0-1', '1-0'] : ['0-1', '½-½', '1-0', '0-1']);
  const lineup = await row.locator('[data-testid=lineup]').textContent();
  for (const b of [1, 2, 3, 4]) assert.ok(lineup.includes(shown(b)), lineup);
  assert.deepEqual(page.errors, []);
});

const NAMES = ['王天一', '郑惟桐', '赵鑫鑫', '谢靖', '蒋川', '洪智', '汪洋', '孙勇征'];

test('a game-scored group stage opens as the crossover bracket, the click landing from a focused result box', async () => {
  const page = await app.newPage('#/schedule', { waitFor: '[data-testid=solve]' });
  await page.fill('[data-testid=entrants]', NAMES.join('\n'));
  await page.selectOption('[data-testid=scoring]', 'xiangqi');
  await page.selectOption('[data-testid=format]', 'groups');
  await page.fill('[data-testid=groups]', '2');
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=progress][data-state=done]', { timeout: 60000 });

  // Every group game: the one listed earlier wins, except a draw between the last two of group
  // A and a forfeit (21.4) in group B.
  const group = (await rows(page)).filter(([label]) => label.split(' – ').every((n) => NAMES.includes(n)));
  assert.equal(group.length, 12);
  for (const [label, fixture] of group) {
    assert.equal(await page.locator('[data-testid=open-bracket]').count(), 0, 'groups unfinished');
    const [a, b] = label.split(' – ').map((n) => NAMES.indexOf(n));
    const pair = [a, b].sort().join('-');
    const text = pair === '4-7' ? '和' : pair === '2-6' ? (a < b ? '+/-' : '-/+') : (a < b ? '1-0' : '0-1');
    const input = page.locator(`[data-testid=score][data-fixture="${fixture}"]`);
    await input.fill(text);
    await input.dispatchEvent('change');
  }
  await page.waitForSelector('[data-testid=open-bracket]');
  // The organiser retypes the last result the other way (`1:0` for `1-0`) and clicks the button
  // straight from the box: leaving it fires its change event with the same result, which must not
  // redraw the button away from under the pointer.
  const last = page.locator(`[data-testid=score][data-fixture="${group[group.length - 1][1]}"]`);
  const other = { '1-0': '1:0', '0-1': '0:1', '½-½': '和', '+/-': '+:-', '-/+': '-:+' };
  await last.fill(other[await last.inputValue()]);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'score');
  await page.click('[data-testid=open-bracket]');
  await page.waitForSelector('[data-testid=ko-handoff]', { timeout: 20000 });
  assert.match(page.url(), /#\/swiss\?bracket=groups$/);
  // Snake seeding: A = 1, 4, 5, 8 and B = 2, 3, 6, 7; places by 15.1 (蒋川 and 孙勇征 drew).
  assert.equal(await page.inputValue('[data-testid=ko-groups]'), 'A: 王天一, 谢靖, 蒋川, 孙勇征\nB: 郑惟桐, 赵鑫鑫, 洪智, 汪洋\n');
  assert.equal(await page.evaluate(() => localStorage.getItem('xq.swiss.groups-handoff')), null);
  assert.deepEqual(page.errors, []);
});

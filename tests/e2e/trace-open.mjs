// Where the time of opening a game file on #/play goes (a tool, prints, never fails): the file
// chosen in the open-file control, traced from the choice to a second after the game is shown;
// with `reload`, the 2 MB file opened and saved first, then the page reloaded, traced from the
// reload to a second after its whole tree is back.
// For each main-thread task of `min` ms or more (Chromium trace): its style, layout and paint, and
// a CPU profile's samples in it by what ran: the wasm's own code, and each browser call the page's
// glue made (localStorage's setItem, history's replaceState, the DOM's element and text calls).
// After a release build (`trunk build --release --offline --public-url ./`):
//   node tests/e2e/trace-open.mjs [lesson|big|reload] [runs=3] [min=30]
import { startApp } from './harness.mjs';
import { dhtmlxq, watchTasks, longTasks, prepare, chosen, taskSplit } from './bigfiles.mjs';

const which = process.argv[2] || 'lesson';
const runs = Number(process.argv[3] || 3);
const min = Number(process.argv[4] || 30);
const text = which === 'lesson' ? dhtmlxq(2).text : dhtmlxq(380).text;
const shown = () => !!document.querySelector('[data-testid=move-list] [aria-current]') && !document.querySelector('[data-testid=file-progress]') &&
  !!document.querySelector('[data-testid=move-list] .var-move') && /红方甲/.test(document.querySelector('[data-testid=game-headers]')?.textContent || '');

const app = await startApp();
try {
  for (let r = 0; r < runs; r++) {
    const page = await app.newPage('#/play', { waitFor: '[data-testid=open-file]', lang: 'zh' });
    await prepare(page, 'lesson.txt', text);
    if (which === 'reload') {
      await chosen(page);
      await page.waitForFunction(() => !!JSON.parse(localStorage.getItem('xq.play.session') || '{}').tree_apart, null, { timeout: 180000, polling: 100 });
      await page.waitForFunction(shown, null, { timeout: 180000, polling: 50 });
      await page.waitForTimeout(1000);
      // The observer from the new document's start.
      await page.context().addInitScript(() => {
        window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
        }).observe({ type: 'longtask' });
      });
    } else {
      await watchTasks(page);
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await app.browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing'] });
    await cdp.send('Profiler.start');
    if (which === 'reload') await page.reload();
    else await chosen(page);
    await page.waitForFunction(shown, null, { timeout: 180000, polling: 50 });
    await page.waitForTimeout(1000);
    const { profile } = await cdp.send('Profiler.stop');
    const events = JSON.parse((await app.browser.stopTracing()).toString()).traceEvents;
    const tasks = await longTasks(page);
    // The samples' times, and the function each ran (by its own frame).
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    let t = profile.startTime;
    const samples = profile.samples.map((id, i) => { t += profile.timeDeltas[i]; return [t, byId.get(id).callFrame]; });
    const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const runTasks = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.name === 'RunTask' && e.dur >= min * 1000);
    const splits = taskSplit(events, min);
    console.log(`run ${r + 1}: long tasks (observer) ${JSON.stringify(tasks)}`);
    runTasks.forEach((task, k) => {
      const inTask = samples.filter(([ts]) => ts >= task.ts && ts < task.ts + task.dur);
      const by = {};
      for (const [, f] of inTask) {
        const name = f.url.includes('.wasm') || f.functionName.startsWith('$') || /wasm-function/.test(f.functionName) ? 'wasm'
          : (f.functionName || '(' + (f.url ? 'js' : 'native') + ')');
        by[name] = (by[name] || 0) + 0.1;
      }
      const top = Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([n, ms]) => `${n} ${ms.toFixed(1)}`);
      // What started it: the first event of the page's code in it (a timer, a message, a frame).
      const by1 = events.find((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.ts >= task.ts && e.ts < task.ts + task.dur &&
        ['TimerFire', 'HandlePostMessage', 'FireAnimationFrame', 'EventDispatch', 'FunctionCall', 'EvaluateScript', 'v8.compile', 'ParseHTML'].includes(e.name));
      // `tdur`: the main thread's own CPU time in the task, which a loaded machine stretches less.
      console.log(`  task ${Math.round(task.dur / 1000)} ms (CPU ${task.tdur === undefined ? '?' : Math.round(task.tdur / 1000)} ms) ${JSON.stringify(splits[k])} from ${by1 ? by1.name + (by1.args?.data?.type ? ' ' + by1.args.data.type : '') : '?'}: samples ${top.join(', ')}`);
    });
    await page.context().close();
  }
} finally {
  await app.close();
}

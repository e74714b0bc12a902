// Large game files for #/play (tests/e2e/bigfile.test.mjs and bench-files.mjs): made here, not
// kept in the repository; and how the page's main-thread tasks are watched while one opens.

// Four short openings, each legal, so that every game reads whole.
const LINES = [
  '1. 炮二平五 马８进７ 2. 马二进三 车９平８ *',
  '1. 相三进五 炮８平５ 2. 马八进九 马８进７ 1-0',
  '1. 兵七进一 卒７进１ 2. 马八进七 马８进７ 0-1',
  '1. 马二进三 卒７进１ 2. 车一平二 马８进７ 1/2-1/2',
];

/** A PGN library of `n` games, each with its own players. */
export function library(n) {
  const games = [];
  for (let i = 0; i < n; i++) {
    games.push(`[Event "Club league ${i % 50}"]\n[Red "Red ${i}"]\n[Black "Black ${i}"]\n[Date "2026.01.${String(i % 28 + 1).padStart(2, '0')}"]\n\n${LINES[i % 4]}\n\n`);
  }
  return Buffer.from(games.join(''));
}

// DhtmlXQ points: `xy`, x the file from Red's left, y the row from Black's side.
const dx = (iccs) => [0, 2].map((k) => `${iccs.charCodeAt(k) - 97}${9 - Number(iccs[k + 1])}`).join('');
// Red's first moves from the start other than b0c2, and Black's mirrored (other than b9c7).
const RED = ['h2e2', 'h2d2', 'h2f2', 'h2g2', 'h2i2', 'h2h1', 'h2h3', 'h2h4', 'h2h5', 'h2h6',
  'b2e2', 'b2d2', 'b2f2', 'b2c2', 'b2a2', 'b2b1', 'b2b3', 'b2b4', 'b2b5', 'b2b6',
  'h0g2', 'h0i2', 'b0a2', 'a0a1', 'a0a2', 'i0i1', 'i0i2', 'c3c4', 'e3e4', 'g3g4', 'a3a4', 'i3i4',
  'c0e2', 'g0e2', 'c0a2', 'g0i2', 'd0e1', 'f0e1', 'e0e1'];
const BLACK = RED.map((m) => `${m[0]}${9 - Number(m[1])}${m[2]}${9 - Number(m[3])}`);

/**
 * A DhtmlXQ game: a main line of `cycles` × 4 horse moves out and back, and at each of its
 * first two plies of a cycle every other first move as a branch of two moves; the branch tags
 * listed last first; a comment on every third branch while the text stays under `max` bytes.
 * `dhtmlxq(2)` is a lesson of 10 KB (156 branches); `dhtmlxq(380)` the 2 MB file of issue 57
 * (29,640 branches, 59,280 moves in variations).
 */
export function dhtmlxq(cycles, max = 2_000_000) {
  const main = [];
  for (let i = 0; i < cycles; i++) main.push('b0c2', 'b9c7', 'c2b0', 'c7b9');
  const branches = [];
  for (let i = 0; i < cycles; i++) {
    for (const m of RED) branches.push([4 * i + 1, dx(m) + dx('b9c7')]);
    for (const m of BLACK) branches.push([4 * i + 2, dx(m) + dx('h0g2')]);
  }
  const head = `[DhtmlXQ][DhtmlXQ_title]分支测试[/DhtmlXQ_title][DhtmlXQ_red]红方甲[/DhtmlXQ_red][DhtmlXQ_black]黑方乙[/DhtmlXQ_black]` +
    `[DhtmlXQ_movelist]${main.map(dx).join('')}[/DhtmlXQ_movelist]`;
  const tags = branches.map(([ply, moves], k) => `[DhtmlXQ_move_0_${ply}_${k + 1}]${moves}[/DhtmlXQ_move_0_${ply}_${k + 1}]`).reverse();
  let text = head + tags.join('');
  for (let k = 3; k <= branches.length; k += 3) {
    const c = `[DhtmlXQ_comment${k}_1]变着${k}[/DhtmlXQ_comment${k}_1]`;
    if (Buffer.byteLength(text + c + '[/DhtmlXQ]') > max) break;
    text += c;
  }
  return { text: text + '[/DhtmlXQ]', branches: branches.length };
}

/**
 * The main-thread tasks of 50 ms or more in a Chromium trace, as [ms, kind]: 'script' when the
 * task ran the page's code (a message, an event, a timer or a frame callback), else 'rendering'
 * (style, layout, paint and their commit, which a starved CPU stretches most).
 */
export function longMainTasks(events) {
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const script = new Set(['FunctionCall', 'v8.callFunction', 'EventDispatch', 'HandlePostMessage', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'v8.compile', 'EvaluateScript']);
  const byThread = new Map();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (main.has(k) && e.ph === 'X') (byThread.get(k) || byThread.set(k, []).get(k)).push(e);
  }
  const out = [];
  for (const list of byThread.values()) {
    for (const t of list.filter((e) => e.name === 'RunTask' && e.dur >= 50000)) {
      const ran = list.some((e) => script.has(e.name) && e.ts >= t.ts && e.ts < t.ts + t.dur);
      out.push([Math.round(t.dur / 1000), ran ? 'script' : 'rendering']);
    }
  }
  return out;
}

/**
 * Where the time of a Chromium trace's main-thread tasks of `min` ms or more went, in ms: the
 * page's code, style, layout, paint and its commit, garbage collection; each event counted once
 * (an event inside another of the same kinds is not added again).
 */
export function taskSplit(events, min = 50) {
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const kinds = {
    FunctionCall: 'script', 'v8.callFunction': 'script', EventDispatch: 'script', TimerFire: 'script',
    FireAnimationFrame: 'script', HandlePostMessage: 'script', RunMicrotasks: 'script',
    UpdateLayoutTree: 'style', Layout: 'layout', Paint: 'paint', PrePaint: 'paint', Layerize: 'paint',
    Commit: 'paint', MajorGC: 'gc', MinorGC: 'gc', 'V8.GC_SCAVENGER': 'gc', 'V8.GC_MARK_COMPACTOR': 'gc',
  };
  const list = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X');
  const tasks = list.filter((e) => e.name === 'RunTask' && e.dur >= min * 1000);
  return tasks.map((t) => {
    const inside = list.filter((e) => kinds[e.name] && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur)
      .sort((a, b) => a.ts - b.ts);
    const split = { task: Math.round(t.dur / 1000) };
    let end = 0;
    for (const e of inside) {
      if (e.ts < end) continue;
      split[kinds[e.name]] = (split[kinds[e.name]] || 0) + e.dur / 1000;
      end = e.ts + e.dur;
    }
    for (const k of Object.keys(split)) split[k] = Math.round(split[k]);
    return split;
  });
}

/** Starts recording the main thread's long tasks (50 ms or more) from now. */
export async function watchTasks(page) {
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
}
/** The durations of the long tasks seen since `watchTasks`, in ms. */
export const longTasks = (page) => page.evaluate(() => window.longTasks);

/**
 * Makes `text` a file named `name` in the page, ready for `chosen`: playwright's setInputFiles
 * builds a large file from its bytes on the page's own thread (a task of about 2 s for 1.75 MB),
 * which is the test's work, not the app's, so it is done before the long tasks are watched.
 */
export const prepare = (page, name, text) => page.evaluate(([t, n]) => {
  const d = new DataTransfer();
  d.items.add(new File([t], n, { type: 'text/plain' }));
  window.prepared = d.files;
}, [text, name]);
/** Chooses the prepared file in the open-file control, as a visitor would. */
export const chosen = (page) => page.evaluate(() => {
  const input = document.querySelector('[data-testid=open-file]');
  input.files = window.prepared;
  input.dispatchEvent(new Event('change', { bubbles: true }));
});

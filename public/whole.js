// The lean #/play board (page_play) is up: the whole one (page_play_full, an ES module) downloads
// and compiles in the background with its stylesheet, starts beside it once the page is quiet
// (nothing a reload would lose: a piece picked up, a question, an open menu, typing, a click
// under way; `data-busy` on the page), and the lean one unmounts in the same task. Everything the
// board shows is saved, so the whole one opens on the same game; the notices shown are handed
// over, and the scroll position and the focused point or control carry over. Loaded by boot.js;
// plain script, allowed by the page's CSP.
(function () {
  'use strict';
  // Inputs before this script ran are at least a second old, but a sequence of clicks may go on.
  var lastInput = Date.now();
  var down = false;
  function input() { lastInput = Date.now(); }
  ['keydown', 'input', 'wheel', 'touchmove'].forEach(function (t) { window.addEventListener(t, input, true); });
  window.addEventListener('pointerdown', function () { down = true; input(); }, true);
  window.addEventListener('pointerup', function () { down = false; input(); }, true);
  window.addEventListener('pointercancel', function () { down = false; }, true);

  function quiet() {
    var play = document.querySelector('section.play[data-bundle=lean]');
    var a = document.activeElement;
    return !!play && !play.hasAttribute('data-busy') && !down && Date.now() - lastInput > 1500 &&
      !play.querySelector('details[open]') && !(a && /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName));
  }

  function focusKey(el) {
    if (!el || el === document.body) return null;
    var sq = el.getAttribute('data-square');
    if (sq) return '[data-square="' + sq + '"]';
    var id = el.getAttribute('data-testid');
    return id ? '[data-testid="' + id + '"]' : null;
  }

  var base = document.baseURI;
  var code = fetch('page_play_full_bg.wasm')
    .then(function (r) { return r.ok ? r.arrayBuffer() : Promise.reject(new Error('page_play_full_bg.wasm: ' + r.status)); })
    .then(function (b) { return WebAssembly.compile(b); });
  var css = new Promise(function (resolve, reject) {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = 'study.css';
    link.onload = resolve;
    link.onerror = reject;
    document.head.appendChild(link);
  });
  Promise.all([import(new URL('page_play_full.js', base).href), code, css]).then(function (got) {
    var lean = wasm_bindgen;
    (function swap() {
      if (!quiet()) return setTimeout(swap, 500);
      var y = window.scrollY;
      var focus = focusKey(document.activeElement);
      lean.hand_over();
      got[0].default({ module_or_path: got[1] }).then(function () {
        lean.unmount();
        window.xqPage = 'play_full';
        try { sessionStorage.setItem('xq.play', 'full'); } catch (e) { /* no storage */ }
        window.scrollTo(0, y);
        var el = focus && document.querySelector(focus);
        if (el) el.focus({ preventScroll: true });
      });
    })();
  }, function () {
    // Offline before it was kept, or a failed download: the lean board stays, and says nothing.
  });
})();

// Runs before the app: says so when WebAssembly cannot start (or, with no network, that the page
// is not kept for offline use yet), hides the loading screen once the app has mounted, and once
// the page has settled loads public/offline.js (the service worker and what the page says about
// it: not part of what a first visit needs before the page is usable). Plain script, no
// dependencies, allowed by the page's CSP.
(function () {
  'use strict';
  var started = false;

  function loading() { return document.getElementById('loading'); }

  // The loading screen turns into a message in both languages (the app's language is not known yet).
  // A download that failed with no network, or past a service worker that had no copy, means this
  // page is not kept for offline use yet: no fault of the browser.
  function fail(e) {
    if (started) return;
    var el = loading();
    if (!el) return document.addEventListener('DOMContentLoaded', function () { fail(e); });
    var download = e === 'download' || (e && (e.type === 'error' || e.reason instanceof TypeError || e instanceof TypeError));
    var offline = navigator.onLine === false || !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    if (el.className !== 'not-kept') el.className = download && offline ? 'not-kept' : 'failed';
  }

  var modules = 'noModule' in document.createElement('script');
  if (typeof WebAssembly !== 'object' || !modules) fail();

  // A script or the wasm that fails to download, or a start-up error, before the app is up.
  window.addEventListener('error', function (e) {
    var t = e.target;
    var needed = t && (t.tagName === 'SCRIPT' ||
      (t.tagName === 'LINK' && /^(modulepreload|preload|stylesheet)$/.test(t.rel)));
    if (needed) fail('download');
    else if (t === window) fail();
  }, true);
  window.addEventListener('unhandledrejection', fail);
  document.addEventListener('securitypolicyviolation', fail);

  // The page's bundle is up (index.html's inline loader), or could not start.
  window.xqStarted.then(function () {
    started = true;
    var el = loading();
    if (el) el.remove();
    // After the first second, when the browser is idle: never in the way of the first click.
    if (window.xqPage === 'play') setTimeout(function () { idle(wholeBoard, 2000); }, 1000);
    settled(function () {
      var s = document.createElement('script');
      s.src = 'public/offline.js';
      document.head.appendChild(s);
    });
  }, fail);

  // The lean #/play board is up: the whole one (page_play_full) downloads and compiles in the
  // background, starts beside it once the page is quiet (nothing a reload would lose: a piece
  // picked up, a question, an open menu, typing, a click under way), and the lean one unmounts.
  // Everything the board shows is saved, so the whole one opens on the same game; the scroll
  // position and the focused control carry over.
  // The user's last input, watched from the start.
  var lastInput = 0;
  var down = false;
  function input() { lastInput = Date.now(); }
  ['keydown', 'input', 'wheel', 'touchmove'].forEach(function (t) { window.addEventListener(t, input, true); });
  window.addEventListener('pointerdown', function () { down = true; input(); }, true);
  window.addEventListener('pointerup', function () { down = false; input(); }, true);
  window.addEventListener('pointercancel', function () { down = false; }, true);

  function wholeBoard() {
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
    var code = fetch('page_play_full_bg.wasm')
      .then(function (r) { return r.ok ? r.arrayBuffer() : Promise.reject(new Error('page_play_full_bg.wasm: ' + r.status)); })
      .then(function (b) { return WebAssembly.compile(b); });
    Promise.all([import(new URL('page_play_full.js', document.baseURI).href), code]).then(function (got) {
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
  }

  // A few seconds after the app is up, when the browser is idle: the service worker never competes
  // with the first visit's own downloads (which stay within 300 KB).
  function settled(fn) {
    setTimeout(function () { idle(fn, 5000); }, 3000);
  }

  function idle(fn, timeout) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: timeout });
    else fn();
  }
})();

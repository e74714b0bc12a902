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
    // The lean #/play board: public/whole.js swaps in the whole one, from a second after, when
    // the browser is idle (never in the way of the first click).
    if (window.xqPage === 'play') setTimeout(function () { idle(function () { script('public/whole.js'); }, 2000); }, 1000);
    settled(function () { script('public/offline.js'); });
  }, fail);

  // A few seconds after the app is up, when the browser is idle: the service worker never competes
  // with the first visit's own downloads (which stay within 300 KB).
  function settled(fn) {
    setTimeout(function () { idle(fn, 5000); }, 3000);
  }

  function script(src) {
    var s = document.createElement('script');
    s.src = src;
    document.head.appendChild(s);
  }

  function idle(fn, timeout) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: timeout });
    else fn();
  }
})();

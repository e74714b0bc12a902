// Runs before the app: says so when WebAssembly cannot start, hides the loading screen once the
// app has mounted, registers the service worker once the page has settled (offline after one
// visit) and offers to reload when a new build is deployed. Plain script, no dependencies, allowed
// by the page's CSP.
(function () {
  'use strict';
  var started = false;

  function loading() { return document.getElementById('loading'); }

  // The loading screen turns into a message in both languages (the app's language is not known yet).
  function fail() {
    if (started) return;
    var el = loading();
    if (el) el.className = 'failed';
    else document.addEventListener('DOMContentLoaded', fail);
  }

  var modules = 'noModule' in document.createElement('script');
  if (typeof WebAssembly !== 'object' || !modules) fail();

  // A script or the wasm that fails to download, or a start-up error, before the app is up.
  window.addEventListener('error', function (e) {
    var t = e.target;
    var needed = t && (t.tagName === 'SCRIPT' ||
      (t.tagName === 'LINK' && /^(modulepreload|preload|stylesheet)$/.test(t.rel)));
    if (needed) fail();
    else if (t === window) fail();
  }, true);
  window.addEventListener('unhandledrejection', fail);
  document.addEventListener('securitypolicyviolation', fail);

  // The page's bundle is up (index.html's inline loader), or could not start.
  window.xqStarted.then(function () {
    started = true;
    var el = loading();
    if (el) el.remove();
    settled(register);
  }, fail);

  // A few seconds after the app is up, when the browser is idle: the service worker never competes
  // with the first visit's own downloads (which stay within 300 KB).
  function settled(fn) {
    setTimeout(function () {
      if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 5000 });
      else fn();
    }, 3000);
  }

  // --- offline: the service worker next to index.html (relative scope, any sub-folder) ----------

  function say(zh, en) {
    var lang = null;
    try { lang = localStorage.getItem('xq.lang'); } catch (e) { /* storage blocked */ }
    return lang === 'en' ? en : zh;
  }

  function offerUpdate(reg) {
    if (!reg.waiting || !navigator.serviceWorker.controller || document.getElementById('update-prompt')) return;
    var bar = document.createElement('div');
    bar.id = 'update-prompt';
    bar.setAttribute('role', 'alert');
    bar.setAttribute('data-testid', 'update-prompt');
    bar.className = 'update-prompt no-print';
    var text = document.createElement('span');
    text.textContent = say('新版本已就绪。', 'A new version is ready.');
    var button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('data-testid', 'update-reload');
    button.textContent = say('重新载入', 'Reload');
    button.addEventListener('click', function () {
      if (reg.waiting) reg.waiting.postMessage('skipWaiting');
      else location.reload();
    });
    bar.appendChild(text);
    bar.appendChild(button);
    document.body.appendChild(bar);
  }

  function register() {
    if (!('serviceWorker' in navigator)) return;
    var reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', function () {
      // Only when the user asked (the worker never skips waiting on its own).
      if (reloading || !document.getElementById('update-prompt')) return;
      reloading = true;
      location.reload();
    });
    navigator.serviceWorker.register('sw.js', { scope: './' }).then(function (reg) {
      var watch = function (next) {
        if (next) next.addEventListener('statechange', function () {
          if (next.state === 'installed') offerUpdate(reg);
        });
      };
      // The files this page loaded before the worker controlled it: the worker keeps them (from
      // the HTTP cache) and says when, so the page opens offline from then on.
      navigator.serviceWorker.addEventListener('message', function (e) {
        if (e.data === 'kept') document.documentElement.setAttribute('data-offline', 'ready');
      });
      navigator.serviceWorker.ready.then(function (ready) {
        var loaded = [location.href].concat(performance.getEntriesByType('resource').map(function (e) { return e.name; }));
        if (ready.active) ready.active.postMessage({ loaded: loaded });
      });
      offerUpdate(reg);
      watch(reg.installing);
      reg.addEventListener('updatefound', function () { watch(reg.installing); });
      // Look for a new build now and then while the page stays open (a club evening is long).
      setInterval(function () { reg.update().catch(function () {}); }, 30 * 60 * 1000);
    }).catch(function () {
      // No service worker (a debug build, a private window): the app works online as before.
    });
  }
})();

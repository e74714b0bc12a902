// Loaded by boot.js once the page has settled (so it never competes with a first visit's own
// downloads, which stay within 300 KB): registers the service worker, hands it the files this page
// has loaded (offline after one visit), then has it keep the rest of the app in the background and
// says at the end of the page whether all of the app works offline; offers to reload when a new
// build is deployed. Plain script, no dependencies, allowed by the page's CSP.
(function () {
  'use strict';

  function settled(fn) {
    setTimeout(function () {
      if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 5000 });
      else fn();
    }, 3000);
  }

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

  // --- whether all of the app works offline: a line at the end of every page -------------------

  var status = null;

  // Both languages, the one the app shows (html[lang]) visible; the stylesheet is index.html's.
  function words(el, zh, en) {
    el.textContent = '';
    [['zh-CN', zh], ['en', en]].forEach(function (w) {
      var span = document.createElement('span');
      span.lang = w[0];
      span.textContent = w[1];
      el.appendChild(span);
    });
  }

  function show(state, kept, of, ask) {
    if (!status) {
      status = document.createElement('p');
      status.className = 'offline-status no-print';
      status.setAttribute('data-testid', 'offline-status');
      status.setAttribute('role', 'status');
      document.body.appendChild(status);
    }
    status.setAttribute('data-state', state);
    var n = ' (' + kept + '/' + of + ')';
    if (state === 'all') words(status, '✓ 全部页面均可离线使用', '✓ Every page works offline');
    else if (state === 'keeping') words(status, '正在保存全部页面以供离线使用…' + n, 'Keeping every page for offline use…' + n);
    else words(status, '仅已打开过的页面可离线使用' + n, 'Only the pages already opened work offline' + n);
    if (state === 'some') {
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'link-button';
      button.setAttribute('data-testid', 'offline-keep-all');
      words(button, '保存全部页面以供离线使用', 'Keep every page for offline use');
      button.addEventListener('click', ask);
      status.appendChild(document.createTextNode(' '));
      status.appendChild(button);
    }
  }

  // Once this page is kept and has settled: the rest of the build in the background, unless the
  // browser asks to save data (then a button does it).
  function keepAll(worker) {
    var ask = function () { worker.postMessage('keepAll'); };
    navigator.serviceWorker.addEventListener('message', function (e) {
      var o = e.data && e.data.offline;
      if (o) show(o.kept >= o.of ? 'all' : o.busy ? 'keeping' : 'some', o.kept, o.of, ask);
    });
    var c = navigator.connection;
    worker.postMessage(c && c.saveData ? 'status' : 'keepAll');
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
      navigator.serviceWorker.ready.then(function (ready) {
        var worker = ready.active;
        if (!worker) return;
        navigator.serviceWorker.addEventListener('message', function (e) {
          if (e.data !== 'kept' || document.documentElement.getAttribute('data-offline')) return;
          document.documentElement.setAttribute('data-offline', 'ready');
          settled(function () { keepAll(worker); });
        });
        var loaded = [location.href].concat(performance.getEntriesByType('resource').map(function (e) { return e.name; }));
        worker.postMessage({ loaded: loaded });
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

  register();
})();

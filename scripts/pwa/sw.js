// The app's service worker (template: scripts/pwa/postbuild.mjs fills BUILD and FILES).
// Cache-first for the build's own files so that after one visit every page opens offline; a new
// build installs beside the old one and waits until the page's reload prompt is accepted, so a
// page never mixes two versions. Scope and URLs are relative: any sub-folder of any static host.
'use strict';
const BUILD = '__BUILD__';
const FILES = __FILES__;
const PREFIX = 'xq-club:' + self.registration.scope + ':';
const CACHE = PREFIX + BUILD;
const INDEX = new URL('index.html', self.registration.scope).href;

self.addEventListener('install', (event) => {
  // After the page is up its files are in the HTTP cache: this adds what it did not load yet
  // (the other pages' bundles, the workers, icons). Every file is revalidated (a 304 costs no
  // body): file names carry no hash, so a stale copy of a new build's file must not slip in.
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(FILES.map((f) => {
    const url = new URL(f, self.registration.scope).href;
    return fetch(url, { cache: 'no-cache' }).then((res) => {
      if (!res.ok) throw new Error(url + ': ' + res.status);
      return cache.put(url, res);
    });
  }))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !req.url.startsWith(self.registration.scope)) return;
  // Every page is index.html with a #route: a navigation anywhere in scope gets this build's.
  const key = req.mode === 'navigate' ? INDEX : req.url.split('#')[0];
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(key, { ignoreSearch: req.mode === 'navigate' })
    .then((hit) => hit || fetch(req))));
});

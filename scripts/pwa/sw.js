// The app's service worker (template: scripts/pwa/postbuild.mjs fills BUILD and FILES).
// Cache-first for the build's own files. A first visit downloads only its own page (at
// most 300 KB): the page hands this worker the files it has just loaded, which it copies from the
// browser's HTTP cache without downloading them again (with the rest of each bundle it names: a
// worker started before this one ran fetched its .wasm unseen), and every other file of the build
// is cached when it is first fetched. Once the page has settled it asks for the rest of the build
// (`keepAll`), one file at a time, and is told how far it got; with the browser asked to save data
// it only asks how much is kept (`status`) and leaves the rest to a button. A new build installs beside
// the old one, refreshing every file the old one held, and waits until the page's reload prompt
// is accepted, so a page never mixes two versions. Scope and URLs are relative: any sub-folder of
// any static host.
'use strict';
const BUILD = '__BUILD__';
const FILES = __FILES__;
const PREFIX = 'xq-club:' + self.registration.scope + ':';
const CACHE = PREFIX + BUILD;
const INDEX = new URL('index.html', self.registration.scope).href;
const OURS = new Set(FILES.map((f) => new URL(f, self.registration.scope).href));
// The trainer's puzzle data is kept when #/train fetches it, never by `keepAll`: no other page's
// visit downloads it. So is the engine's network (public/engine/), fetched by the engine worker
// only when the player turns it on.
const EAGER = new Set([...OURS].filter((u) => !u.includes('/puzzles/') && !u.includes('/public/engine/')));
// The opening explorer's shards (explorer/*.txt, not in FILES: too many) are the build's too,
// kept when #/play's explorer fetches one and never by `keepAll`.
const EXPLORER = new URL('explorer/', self.registration.scope).href;
const ours = (u) => OURS.has(u) || u.startsWith(EXPLORER);
// The files of one bundle share a stem: `schedule_worker_loader.js`, `schedule_worker.js`, `…_bg.wasm`.
const stem = (u) => u.replace(/(_loader\.js|_bg\.wasm|\.js)$/, '');

/** How many of the build's files (puzzles aside) this cache holds, told to the page as `{ offline: … }`. */
function tell(client, cache, busy) {
  return cache.keys().then((have) => {
    const kept = have.filter((r) => EAGER.has(r.url)).length;
    if (client) client.postMessage({ offline: { kept, of: EAGER.size, busy } });
  });
}

/** Puts `url` into this build's cache, fetched with the HTTP cache mode `mode`. */
function keep(cache, url, mode) {
  return fetch(url, { cache: mode }).then((res) => {
    if (!res.ok) throw new Error(url + ': ' + res.status);
    return cache.put(url, res);
  });
}

self.addEventListener('install', (event) => {
  // An update: every file the old build had cached is fetched anew (revalidated: file names carry
  // no hash, so a stale copy must not slip in), so what worked offline still does.
  event.waitUntil(caches.keys().then((keys) => {
    const old = keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE);
    return Promise.all(old.map((k) => caches.open(k).then((c) => c.keys())))
      .then((lists) => {
        const urls = new Set(lists.flat().map((r) => r.url).filter(ours));
        return caches.open(CACHE).then((cache) => Promise.all([...urls].map((u) => keep(cache, u, 'no-cache'))));
      });
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') {
    self.skipWaiting();
  } else if (event.data && Array.isArray(event.data.loaded)) {
    // The files a page loaded before this worker controlled it: from the HTTP cache, not the network.
    const loaded = new Set(event.data.loaded.map((u) => (u.split('#')[0] === self.registration.scope ? INDEX : u.split('#')[0]))
      .filter((u) => OURS.has(u)));
    const stems = new Set([...loaded].filter((u) => /\.(js|wasm)$/.test(u)).map(stem));
    const urls = [...OURS].filter((u) => loaded.has(u) || (/\.(js|wasm)$/.test(u) && stems.has(stem(u))));
    event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) =>
      cache.match(u).then((hit) => hit || keep(cache, u, 'force-cache').catch(() => {})))))
      .then(() => event.source && event.source.postMessage('kept')));
  } else if (event.data === 'status' || event.data === 'keepAll') {
    // The rest of the build, one file at a time so the page's own requests never wait long.
    event.waitUntil(caches.open(CACHE).then((cache) => cache.keys().then((have) => {
      const got = new Set(have.map((r) => r.url));
      const missing = event.data === 'keepAll' ? [...EAGER].filter((u) => !got.has(u)) : [];
      return missing.reduce((done, u) => done.then(() => keep(cache, u, 'no-cache').catch(() => {})
        .then(() => tell(event.source, cache, true))), Promise.resolve())
        .then(() => tell(event.source, cache, false));
    })));
  }
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !req.url.startsWith(self.registration.scope)) return;
  // Every page is index.html with a #route: a navigation anywhere in scope gets this build's.
  const key = req.mode === 'navigate' ? INDEX : req.url.split('#')[0];
  if (!ours(key)) return;
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(key, { ignoreSearch: req.mode === 'navigate' })
    .then((hit) => hit || fetch(key, { cache: 'no-cache' }).then((res) =>
      (res.ok ? cache.put(key, res.clone()) : Promise.resolve()).then(() => res)))));
});

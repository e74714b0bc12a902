// Debug builds (`trunk serve`) have no offline cache, so development always shows the latest
// code: this worker removes a cache and registration that a release build left on this origin.
'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  const prefix = 'xq-club:' + self.registration.scope + ':';
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(prefix)).map((k) => caches.delete(k))))
    .then(() => self.registration.unregister()));
});

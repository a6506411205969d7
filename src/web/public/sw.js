// The app's service worker (issue 13, decision 025): an offline page, and Web Push.
// Plain JavaScript served as /sw.js from the site's root so its scope is the whole app. It
// caches nothing but the offline page: the app's pages and API are always fetched fresh.
const CACHE = 'caucus-offline-v1';
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, '/favicon.svg']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// A page that cannot be fetched (no network) gets the offline page; nothing else is touched.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(fetch(event.request).catch(() => caches.match(OFFLINE_URL)));
});

self.addEventListener('push', (event) => {
  let message = { title: 'Graduated Unanimous Caucus', body: '', link: '/notifications', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // Not JSON: show the default title and open the notifications.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: message.link },
    }),
  );
});

// Opening a notification focuses a tab of the app on its page, or opens one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data && event.notification.data.link) || '/notifications', self.location.origin);
  if (link.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((t) => new URL(t.url).origin === self.location.origin);
      if (tab) return tab.focus().then((focused) => focused.navigate(link.href));
      return self.clients.openWindow(link.href);
    }),
  );
});

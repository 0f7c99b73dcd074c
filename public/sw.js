// The service worker (docs/architecture.md "The installable app"), registered from member pages that run scripts.
// It keeps the built assets (hashed, so never stale) and an offline page in the member's language, shows web pushes
// and opens their page on a click. It never stores pages, member data or API answers: those go to the network every
// time.

const offlineKey = "/offline";
const shellCache = "shell-v1";
const assetCache = "assets-v1";
const keptAssets = 120;

/** Keeps the offline page in `lang`, or in the language of the browser's cookie when none is given. */
async function keepOfflinePage(lang) {
  const cache = await caches.open(shellCache);
  const kept = await cache.match(offlineKey);
  if (kept && lang && kept.headers.get("Content-Language") === lang) return;
  const answer = await fetch(lang ? `/offline?lng=${encodeURIComponent(lang)}` : "/offline");
  if (answer.ok) await cache.put(offlineKey, answer);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.addAll(["/offline.css", "/favicon.svg", "/app-icons/192"]))
      .then(() => keepOfflinePage(null))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== shellCache && n !== assetCache).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// Each member page says its language: the offline page follows when it changes.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "language" && typeof event.data.lang === "string")
    event.waitUntil(keepOfflinePage(event.data.lang));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages always come from the network; the offline page only when there is none.
    event.respondWith(fetch(request).catch(() => caches.match(offlineKey)));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cachedAsset(request));
  } else if (url.pathname === "/offline.css") {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
  }
});

/** Built assets carry their content's hash in the name: a cached copy is always right. */
async function cachedAsset(request) {
  const cache = await caches.open(assetCache);
  const hit = await cache.match(request);
  if (hit) return hit;
  const answer = await fetch(request);
  if (answer.ok) {
    await cache.put(request, answer.clone());
    const keys = await cache.keys();
    // The oldest go first: assets of earlier releases are not needed again.
    await Promise.all(keys.slice(0, Math.max(0, keys.length - keptAssets)).map((key) => cache.delete(key)));
  }
  return answer;
}

self.addEventListener("push", (event) => {
  const message = event.data ? event.data.json() : null;
  if (!message || !message.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/app-icons/192",
      data: { url: message.url },
    }),
  );
});

// The push service renewed or dropped the subscription: subscribe again as before, and tell the site.
self.addEventListener("pushsubscriptionchange", (event) => {
  const options = event.oldSubscription && event.oldSubscription.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager.subscribe(options).then((subscription) => {
      const form = new FormData();
      form.set("intent", "subscribe");
      form.set("json", JSON.stringify({ subscription }));
      return fetch("/push-subscription", { method: "POST", body: form });
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin && "focus" in w);
      if (open) return open.focus().then((w) => (w || open).navigate(target.href));
      return self.clients.openWindow(target.href);
    }),
  );
});

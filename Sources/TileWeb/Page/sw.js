// The page's files, kept for a start without the network; the tiles themselves come from the
// page's own copy of the last frames it saw.
"use strict";
const shell = "tiles-shell-v1";
const files = ["./", "app.js", "app.css", "manifest.webmanifest", "icon.svg"];
self.addEventListener("install", (event) => event.waitUntil(caches.open(shell).then((cache) => cache.addAll(files))));
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.pathname.endsWith("/events")) return;
  event.respondWith(fetch(event.request).catch(() => caches.match(event.request, { ignoreSearch: true })));
});

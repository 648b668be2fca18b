/* global self */
/*
 * Bondwise service worker: shows browser push notifications (sent by the server's browser-push
 * job, encrypted with the VAPID keys) and opens the deal when one is clicked.
 */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Bondwise', body: event.data ? event.data.text() : '' };
  }
  const url = data.dealId ? `/app/#/bw/primary/pricing/${data.dealId}` : '/app/';
  event.waitUntil(self.registration.showNotification(data.title || 'Bondwise', { body: data.body || '', data: { url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/app/';
  event.waitUntil(self.clients.openWindow(url));
});

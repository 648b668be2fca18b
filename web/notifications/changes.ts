/**
 * What a notification or another tab changed, so the lists showing it refresh when it happens:
 * a market hawk firing moves "Last fired", the e-mailed disable link (opened in another tab of the
 * same browser) turns an alert off. Listeners in this tab hear every announcement; other tabs hear
 * it over a BroadcastChannel. The app invalidates the queries of the changed resource.
 */
export type ChangeTopic = 'hawk';

/** The API paths whose queries a topic's change makes stale. */
export const CHANGE_PATHS: Record<ChangeTopic, string> = { hawk: '/v2/hawk/' };

type Listener = (topic: ChangeTopic) => void;
const listeners = new Set<Listener>();
const CHANNEL = 'bondwise-changes';

let channel: BroadcastChannel | null | undefined;
function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.data === 'hawk') for (const listener of listeners) listener(event.data);
  });
  return channel;
}

/** Says a topic changed: this tab's listeners at once, and the other tabs unless `otherTabs` is false. */
export function announceChange(topic: ChangeTopic, { otherTabs = true }: { otherTabs?: boolean } = {}): void {
  for (const listener of listeners) listener(topic);
  if (otherTabs) openChannel()?.postMessage(topic);
}

/** Listens for changes (of this tab and the others); returns the unsubscribe. */
export function onChange(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

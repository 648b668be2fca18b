/** Entry point: styles, session, start-up requests (web/startup.ts), global error reporting, loading class, render. */
// First: starts the opening page's requests before the rest of the bundle evaluates (boot.ts).
import './boot';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { handleError } from './api/errors';
import { installLoadingClass } from './shell/loadingClass';
import { installSession } from './session/install';
import { startApp } from './startup';
import { useAppStore } from './stores/app';

installSession();
const { router, queryClient } = startApp();

const ready = installLoadingClass(() => useAppStore.getState().ready);
if (useAppStore.getState().ready) ready();
else {
  const unsubscribe = useAppStore.subscribe((state) => {
    if (state.ready) {
      ready();
      unsubscribe();
    }
  });
}

window.addEventListener('error', (event) => handleError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => handleError(event.reason));

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);

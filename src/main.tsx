import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepPreloadedResponses } from '../machines/api/preloadedResponses';
import { PRELOADED_ELEMENT_ID } from './catalogue/http';
import { createAppActor } from '../machines/inspect';
import { App } from './app/App';
import { AppActorProvider } from './app/actors';
import './theme/tokens.css';
import './theme/global.css';

// The college configuration and the profile came with the page: the first screen waits for no call.
keepPreloadedResponses(document.getElementById(PRELOADED_ELEMENT_ID)?.textContent);

// The root actor is created once, before React renders, and lives as long as the page.
const actor = await createAppActor({ pathname: location.pathname, search: location.search, cookie: document.cookie });
actor.start();

if (import.meta.env.DEV) {
  // Development only: F8 toggles the 390 px viewport preview (dead code in production builds).
  void import('./app/devViewport').then(({ installViewportHotkey }) => installViewportHotkey());
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppActorProvider actor={actor}>
      <App />
    </AppActorProvider>
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepPreloadedResponses } from '../machines/api/preloadedResponses';
import { PRELOADED_ELEMENT_ID } from './catalogue/http';
import { createAppActor } from '../machines/inspect';
import { SYSTEM_IDS } from '../machines/systemIds';
import { App } from './app/App';
import { connectBrowserHistory, type NavigationActor } from './app/browserHistory';
import { AppActorProvider } from './app/actors';
import './theme/tokens.css';
import './theme/global.css';

// The college configuration and the profile came with the page: the first screen waits for no call.
keepPreloadedResponses(document.getElementById(PRELOADED_ELEMENT_ID)?.textContent);

// The root actor is created once, before React renders, and lives as long as the page.
const actor = await createAppActor({ pathname: location.pathname, search: location.search, cookie: document.cookie });
actor.start();
// The address bar and the navigation actor stay in step for the page's whole life.
connectBrowserHistory(actor.system.get(SYSTEM_IDS.navigation) as NavigationActor);

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

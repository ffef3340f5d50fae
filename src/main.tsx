import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { keepPreloadedResponses } from '../machines/api/preloadedResponses';
import { PRELOADED_ELEMENT_ID } from './catalogue/http';
import { createAppActor } from '../machines/inspect';
import { App } from './app/App';
import { AppActorProvider } from './app/actors';
import { FirstLocationProvider, firstLocation, firstScreenFingerprint, firstScreenOf, prepareFirstScreen } from './app/firstScreen';
import { holdEarlyInput } from './app/earlyInput';
import { keepEarlyUncaught } from './app/uncaughtErrors';
import './theme/tokens.css';
import './theme/global.css';

// An error from now until the page's frame listens is kept and shown by it (the Unexpected Error dialog).
keepEarlyUncaught();

// A press on the server's first screen is kept, and typing refused, until React has taken it over.
const container = document.getElementById('root')!;
const releaseEarlyInput = holdEarlyInput(container);

// The college configuration and the profile came with the page: the first screen waits for no call.
keepPreloadedResponses(document.getElementById(PRELOADED_ELEMENT_ID)?.textContent);

// Evaluating the page's code and starting its actors are two tasks, not one long one: the browser
// may paint and handle input between them (a phone's slower CPU would otherwise freeze on it).
await new Promise((resolve) => setTimeout(resolve, 0));

// The root actor is created once, before React renders, and lives as long as the page.
const actor = await createAppActor({ pathname: location.pathname, search: location.search, cookie: document.cookie });
actor.start();

if (import.meta.env.DEV) {
  // Development only: F8 toggles the 390 px viewport preview (dead code in production builds).
  void import('./app/devViewport').then(({ installViewportHotkey }) => installViewportHotkey());
}

/**
 * The server rendered the first screen (src/serverEntry.tsx) and marked it with what it showed:
 * once the actor shows the same, React takes over that markup instead of rendering it again.
 * Otherwise (no server render, the page failed, the tab holds other answers) the client renders
 * the page itself, replacing whatever the server sent.
 */
async function hydratable(container: HTMLElement): Promise<boolean> {
  const rendered = container.dataset.firstScreen;
  const first = firstScreenOf(location.pathname, location.search, document.cookie);
  if (rendered === undefined || !first) return false;
  const prepared = await prepareFirstScreen(actor, first, {
    search: location.search,
    timeoutMs: HYDRATION_WAIT_MS,
  });
  return prepared && (await firstScreenFingerprint(actor)) === rendered;
}

/**
 * The server's first screen stays busy (FIRST_SCREEN_BUSY) until React has taken it over — hydrated
 * it, with the actors that own its controls running (hydratable waited for them), or rendered its
 * own in its place; then what was pressed meanwhile is pressed again. A part of the screen React
 * hydrates a moment later is hydrated at once when it is used.
 */
function FirstScreenTakenOver() {
  useEffect(() => releaseEarlyInput(), []);
  return null;
}

/** How long the page may wait for the first screen's code on a slow connection before rendering without the server's markup. */
const HYDRATION_WAIT_MS = 30_000;

// A chunk that could not be fetched leaves the page to the client's render, which says so in its place.
const hydrating = await hydratable(container).catch(() => false);
const page = (
  <StrictMode>
    <AppActorProvider actor={actor}>
      <FirstLocationProvider location={hydrating ? firstLocation(location.pathname, location.search, location.hash) : null}>
        <App />
      </FirstLocationProvider>
    </AppActorProvider>
    <FirstScreenTakenOver />
  </StrictMode>
);
// As a transition, the hydration yields to the browser between components: a long page is not one long task.
if (hydrating) startTransition(() => void hydrateRoot(container, page));
else createRoot(container).render(page);

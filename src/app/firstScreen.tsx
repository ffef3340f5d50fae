import { createContext, useContext, type ReactNode } from 'react';
import { waitFor, type ActorRefFrom } from 'xstate';
import type { answersMachine } from '../../machines/answersMachine';
import { connectApp } from '../../machines/appView';
import type { authCardMachine } from '../../machines/authCardMachine';
import type { BrowserLocation } from '../../machines/navigationMachine';
import { hasLoginCookie } from '../../machines/sessionMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { PAGES, type PageId } from '../catalogue/pages';
import { AUTH_CARDS, AUTH_CARD_NAMES, type AuthCard } from '../catalogue/routes';
import type { AppActor } from './actors';
import { AboutPage, AuthArea, EducationPage, FinalStepsPage, FormArea } from './lazyRoutes';

/**
 * The first screen the server renders into the page and the client hydrates: the same components
 * over the same root actor, brought to the same state on both sides by `prepareFirstScreen`.
 */
export type FirstScreen = { area: 'auth'; card: AuthCard } | { area: 'form'; page: PageId };

/**
 * The first screens rendered on the server: a visitor's (no login cookie, no prefill or staff
 * token) on an auth card or a form page. Everyone else's data is loaded by the client, so their
 * first screen is the client's alone.
 */
export function firstScreenOf(pathname: string, search: string, cookie: string): FirstScreen | null {
  const query = new URLSearchParams(search);
  if (query.has('service_token') || query.has('token') || hasLoginCookie(cookie)) return null;
  const card = AUTH_CARD_NAMES.find((name) => AUTH_CARDS[name].route === pathname);
  if (card) return { area: 'auth', card };
  const page = PAGES.find((candidate) => candidate.route === pathname);
  return page ? { area: 'form', page: page.id } : null;
}

const PAGE_CHUNKS: Record<PageId, { preload: () => Promise<boolean> }> = {
  about: AboutPage,
  education: EducationPage,
  'final-steps': FinalStepsPage,
};

/**
 * Waits until the root actor shows what the first screen shows — the college is known, the area's
 * actors exist — and the area's code is loaded,
 * then opens the auth card as the route does. False when the page failed, an area's code could
 * not be loaded or the screen was not reached within `timeoutMs`: that page is the client's to render.
 */
export async function prepareFirstScreen(
  actor: AppActor,
  first: FirstScreen,
  { search, timeoutMs }: { search: string; timeoutMs: number },
): Promise<boolean> {
  const send = (event: Parameters<AppActor['send']>[0]) => actor.send(event);
  const areaReady = (view: ReturnType<typeof connectApp>) => (first.area === 'auth' ? view.authReady : view.formReady);
  const failed = (view: ReturnType<typeof connectApp>) => view.failed || view.authFailed || view.formFailed;
  const settled = await waitFor(
    actor,
    (snapshot) => {
      const view = connectApp(snapshot, send);
      return failed(view) || (!view.loading && areaReady(view));
    },
    { timeout: timeoutMs },
  ).catch(() => undefined);
  if (!settled || failed(connectApp(settled, send))) return false;
  if (first.area === 'form') return (await Promise.all([FormArea.preload(), PAGE_CHUNKS[first.page].preload()])).every(Boolean);
  const loaded = await Promise.all([import('../auth/AuthArea'), AuthArea.preload()]).catch(() => undefined);
  if (!loaded?.[1]) return false;
  const [{ cardOpening }] = loaded;
  const authCard = actor.system.get(SYSTEM_IDS.authCard) as ActorRefFrom<typeof authCardMachine> | undefined;
  authCard?.send(cardOpening(first.card, search, undefined));
  return authCard !== undefined;
}

/**
 * What the first screen was rendered from beyond the page's address: the answers it shows. The
 * server writes it into the page; a client whose tab holds other answers (a visitor's typed ones,
 * kept in the tab) renders afresh instead of hydrating markup that does not match.
 */
export async function firstScreenFingerprint(actor: AppActor): Promise<string> {
  const answers = actor.system.get(SYSTEM_IDS.answers) as ActorRefFrom<typeof answersMachine> | undefined;
  if (!answers) return '';
  const { connectAnswers } = await import('../../machines/answersView');
  const shown = JSON.stringify(connectAnswers(answers.getSnapshot(), answers.send).answers);
  let hash = 5381;
  for (let index = 0; index < shown.length; index++) hash = ((hash * 33) ^ shown.charCodeAt(index)) >>> 0;
  return hash.toString(36);
}

const FirstLocationContext = createContext<BrowserLocation | null>(null);

/** The location the server rendered, given to the server render and to the client's hydration. */
export function FirstLocationProvider({ location, children }: { location: BrowserLocation | null; children: ReactNode }) {
  return <FirstLocationContext.Provider value={location}>{children}</FirstLocationContext.Provider>;
}

/** The page's first location as the server rendered it. */
export function firstLocation(pathname: string, search: string, hash: string): BrowserLocation {
  return { pathname, search, hash, state: undefined, action: 'initial', visit: 1 };
}

/**
 * The location the server rendered, for the views to show until the router has reported the
 * page's first location to the navigation actor (which happens after the hydrating render): the
 * server's render and the client's hydrating one then show the same route. Null in a page the
 * client renders alone.
 */
export function useFirstLocation(): BrowserLocation | null {
  return useContext(FirstLocationContext);
}

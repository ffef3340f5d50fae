import { useEffectEvent, useLayoutEffect } from 'react';
import { AUTH_CARDS, type AuthCard, type AuthCardPrefill } from '../../machines/authCardMachine';
import type { NavigationState } from '../../machines/events';
import { connectApp } from '../../machines/appView';
import { currentView, useAppActor, useAuthCard, useViewValue } from '../app/actors';
import { ChunkError } from '../app/chunks';
import { useBrowserLocation } from '../app/useBrowserLocation';
import { usePageTitle } from '../app/usePageTitle';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { SkipLink } from '../layout/SkipLink';
import { Spinner } from '../ui/Spinner';
import { AuthCardView } from './AuthCardView';
import './auth.css';

/** What the route brings a card: navigation state (username, errorMessage) and reset's query. */
function prefillOf(card: AuthCard, search: string, state: NavigationState | undefined): AuthCardPrefill {
  const query = new URLSearchParams(search);
  const prefill: AuthCardPrefill = {};
  const username = card === 'reset' ? query.get('username') : state?.username;
  if (username) prefill.username = username;
  if (card === 'reset') prefill.id = query.get('id') ?? '';
  if (state?.errorMessage) prefill.errorMessage = state.errorMessage;
  return prefill;
}

/** The event that opens a card for a visit of its route: what the route brings it. */
export function cardOpening(card: AuthCard, search: string, state: NavigationState | undefined) {
  return { type: 'card.open', card, prefill: prefillOf(card, search, state) } as const;
}

/**
 * The auth area: one card per route. Every auth route change opens the card afresh
 * (`card.open`), which also cancels a call still running for the card left behind.
 */
export default function AuthArea({ card }: { card: AuthCard }) {
  // The auth card actor loads with the auth area (the root's `auth` region); the frame need not wait.
  const app = useAppActor();
  const ready = useViewValue(app, connectApp, (view) => view.authReady);
  // Its code could not be fetched (a lost connection): said here, with a retry, never the whole page.
  const failed = useViewValue(app, connectApp, (view) => view.authFailed);
  usePageTitle(AUTH_CARDS[card].title);
  return (
    <div className="frame frame--auth">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="auth-main">
        {ready ? (
          <OpenCard card={card} />
        ) : failed ? (
          <ChunkError onRetry={() => currentView(app, connectApp).retryAuthArea()} />
        ) : (
          <Spinner size="large" label="Loading…" />
        )}
      </main>
      <Footer />
    </div>
  );
}

function OpenCard({ card }: { card: AuthCard }) {
  const authCard = useAuthCard();
  const location = useBrowserLocation();

  // The card opens with what the visit brought; a later change within the visit (an in-page
  // anchor) does not open it again, so what was typed stays.
  const openCard = useEffectEvent(() => {
    authCard.send(cardOpening(card, location.search, location.state));
  });
  // A new visit of the same route (another navigation state) opens the card again.
  useLayoutEffect(() => openCard(), [card, location.visit]);

  return <AuthCardView card={card} />;
}

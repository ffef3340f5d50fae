import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { AUTH_CARDS, CARD_FIELDS, type AuthCard } from '../../machines/authCardMachine';
import { connectAuthCard } from '../../machines/authCardView';
import { useAuthCard, useViewValue } from '../app/actors';
import { isModifiedClick } from '../app/modifiedClick';
import { Button } from '../ui/Button';
import { AuthInput } from './AuthInput';
import { CARD_COPY } from './cards';
import { CardNotice } from './CardNotice';
import { ErrorSummary } from './ErrorSummary';

/** One auth card: title, notice, fields, Submit, and the footer question with its link. */
export function AuthCardView({ card }: { card: AuthCard }) {
  const authCard = useAuthCard();
  const openCard = useViewValue(authCard, connectAuthCard, (view) => view.card);
  const busy = useViewValue(authCard, connectAuthCard, (view) => view.busy);
  const resending = useViewValue(authCard, connectAuthCard, (view) => view.resending);
  const idError = useSelector(authCard, (snapshot) => snapshot.context.errors.id);
  // card.open runs in a layout effect; until then the actor still holds the card left behind.
  if (openCard !== card) return null;
  const copy = CARD_COPY[card];
  const follow = (to: AuthCard) => (event: MouseEvent) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    authCard.send({ type: 'link.follow', to });
  };
  const resendButton = (text: string) => (
    <Button variant="text" busy={resending} onClick={() => authCard.send({ type: 'resend' })}>
      {text}
    </Button>
  );

  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title" className="auth-card__title">
        {AUTH_CARDS[card].title}
      </h1>
      <p className="auth-card__intro">{copy.intro}</p>
      <CardNotice />
      <ErrorSummary />
      {idError ? (
        <p className="auth-card__error" role="alert">
          {idError}
        </p>
      ) : null}
      <form
        className="auth-card__form"
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          authCard.send({ type: 'submit' });
        }}
      >
        {CARD_FIELDS[card].map((field) => (
          <AuthInput key={field} card={card} field={field} />
        ))}
        {card === 'login' ? (
          <div className="auth-card__links">
            {resendButton('Resend confirmation code?')}
            <Link to={AUTH_CARDS.forgot.route} className="auth-card__link" onClick={follow('forgot')}>
              Forgot password?
            </Link>
          </div>
        ) : null}
        {card === 'confirm' ? <div className="auth-card__links">{resendButton('Send me a new code')}</div> : null}
        <Button type="submit" size="submit" busy={busy && !resending} className="auth-card__submit">
          Submit
        </Button>
      </form>
      <p className="auth-card__footer">
        {copy.footerQuestion}{' '}
        <Link to={AUTH_CARDS[copy.footerLink.to].route} onClick={follow(copy.footerLink.to)}>
          {copy.footerLink.text}
        </Link>
      </p>
    </section>
  );
}

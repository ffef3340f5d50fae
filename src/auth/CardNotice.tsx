import { useSelector } from '@xstate/react';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { Button } from '../ui/Button';
import type { AuthCardActor } from './AuthCardView';
import { CloseIcon } from '../ui/CloseIcon';

/**
 * The card's inline message: a '{card name} Error' (or 'Resend Confirmation Code Error'), the
 * message a route brought (session invalid, logged out for inactivity; a logout the applicant chose
 * is a neutral notice, not an error), forgot-password's
 * closable success, or login's offer to confirm an unconfirmed account.
 */
export function CardNotice() {
  const authCard = useSystemActor<AuthCardActor>(SYSTEM_IDS.authCard);
  const notice = useSelector(authCard, (snapshot) => snapshot.context.notice);
  const notConfirmed = useSelector(authCard, (snapshot) => snapshot.matches({ editing: 'notConfirmed' }));
  const closable = useSelector(authCard, (snapshot) => snapshot.can({ type: 'notice.dismiss' }));
  if (!notice) return null;
  const error = notice.severity === 'error';
  return (
    <div className={`notice notice--${notice.severity}`} role={error ? 'alert' : 'status'} data-testid="card-notice">
      <div className="notice__text">
        {notice.title ? <p className="notice__title">{notice.title}</p> : null}
        <p className="notice__message">{notice.message}</p>
        {notConfirmed ? (
          <Button variant="secondary" className="notice__action" onClick={() => authCard.send({ type: 'confirm.go' })}>
            Confirm your account
          </Button>
        ) : null}
      </div>
      {closable ? (
        <button
          type="button"
          className="close-button notice__close"
          aria-label="Close message"
          onClick={() => authCard.send({ type: 'notice.dismiss' })}
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}

import { connectAuthCard } from '../../machines/authCardView';
import { currentView, useAuthCard, useViewValue } from '../app/actors';
import { Button } from '../ui/Button';
import { CloseIcon } from '../ui/CloseIcon';

/**
 * The card's inline message: a '{card name} Error' (or 'Resend Confirmation Code Error'), the
 * message a route brought (session invalid, logged out for inactivity; a logout the applicant chose
 * is a neutral notice, not an error), forgot-password's
 * closable success, or login's offer to confirm an unconfirmed account.
 */
export function CardNotice() {
  // The card changes at every keystroke: the message selects only what it shows.
  const authCard = useAuthCard();
  const notice = useViewValue(authCard, connectAuthCard, (view) => view.notice);
  const offerConfirm = useViewValue(authCard, connectAuthCard, (view) => view.offerConfirm);
  const noticeClosable = useViewValue(authCard, connectAuthCard, (view) => view.noticeClosable);
  const confirmAccount = () => currentView(authCard, connectAuthCard).confirmAccount();
  const dismissNotice = () => currentView(authCard, connectAuthCard).dismissNotice();
  if (!notice) return null;
  const error = notice.severity === 'error';
  return (
    <div className={`notice notice--${notice.severity}`} role={error ? 'alert' : 'status'} data-testid="card-notice">
      <div className="notice__text">
        {notice.title ? <p className="notice__title">{notice.title}</p> : null}
        <p className="notice__message">{notice.message}</p>
        {offerConfirm ? (
          <Button variant="secondary" className="notice__action" onClick={confirmAccount}>
            Confirm your account
          </Button>
        ) : null}
      </div>
      {noticeClosable ? (
        <button type="button" className="close-button notice__close" aria-label="Close message" onClick={dismissNotice}>
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}

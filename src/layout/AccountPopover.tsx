import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useRef } from 'react';
import { POPOVER_OFFSET } from '../catalogue/limits';
import { connectAnswers } from '../../machines/answersView';
import { connectSession } from '../../machines/sessionView';
import { currentView, useNavigation, useOptionalAnswers, useSession, useView } from '../app/actors';
import { useClient } from '../app/useApp';
import { LOGIN_ROUTE, SIGNUP_ROUTE } from '../catalogue/routes';
import { Button } from '../ui/Button';
import { AccountIcon } from './AccountMenu';
import './AccountPopover.css';

export default function AccountPopover({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { loggingOut, logOut } = useView(useSession(), connectSession);
  // The frame shows before the form actors arrive; until then Sign In and Create Account just go.
  const answers = useOptionalAnswers();
  const navigation = useNavigation();
  const loggedIn = useClient('isLoggedIn');
  const username = useClient('username');
  const close = useRef<HTMLButtonElement>(null);
  // The first open mounts the popover already open (its code loaded with the click), and Ark moves
  // focus only when it opens afterwards: Close gets focus here then, as on every later open.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      const content = close.current?.closest('.account-popover');
      if (content && !content.contains(document.activeElement)) close.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);
  // Sign In / Create Account take the visitor's answers along.
  const carryTo = (to: string) => {
    onOpenChange(false);
    if (answers) currentView(answers, connectAnswers).carryTo(to);
    else navigation.send({ type: 'navigate', to });
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      positioning={{ placement: 'bottom-end', gutter: POPOVER_OFFSET }}
      lazyMount
      unmountOnExit
      initialFocusEl={() => close.current}
    >
      <Popover.Trigger className="account-button">
        <AccountIcon />
        Account
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner className="account-popover__positioner">
          <Popover.Content className="account-popover">
            <div className="account-popover__header">
              <Popover.Title className="account-popover__title">Account</Popover.Title>
              <Popover.CloseTrigger asChild>
                <Button ref={close} variant="text">
                  Close
                </Button>
              </Popover.CloseTrigger>
            </div>
            {loggedIn ? (
              <>
                <Popover.Description className="account-popover__who">
                  Logged in as <span className="account-popover__username">{username.toLowerCase()}</span>
                </Popover.Description>
                <Button variant="secondary" busy={loggingOut} onClick={logOut}>
                  Log Out
                </Button>
              </>
            ) : (
              <>
                <Popover.Description className="account-popover__who">
                  Log in to save your answers and come back to them later.
                </Popover.Description>
                <div className="account-popover__actions">
                  <Button onClick={() => carryTo(LOGIN_ROUTE)}>Sign In</Button>
                  <Button variant="secondary" onClick={() => carryTo(SIGNUP_ROUTE)}>
                    Create Account
                  </Button>
                </div>
              </>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

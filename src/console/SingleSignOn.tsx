import { useActorRef } from '@xstate/react';
import { consoleSingleSignOnMachine } from '../../machines/consoleSingleSignOnMachine';
import { connectConsoleSingleSignOn } from '../../machines/consoleSingleSignOnView';
import { useView } from '../app/viewApi';

/**
 * Signing in with the college's identity provider, when the server offers it: a link (the browser
 * leaves for the provider and comes back signed in), and why this browser's last attempt was refused.
 */
export function SingleSignOn() {
  const view = useView(useActorRef(consoleSingleSignOnMachine), connectConsoleSingleSignOn);
  return (
    <>
      {view.refusal ? (
        <p className="console-message" role="alert">
          {view.refusal}
        </p>
      ) : null}
      {view.offered ? (
        <p className="console-single-sign-on">
          <a className="ui-button ui-button--secondary ui-button--default" href={view.startUrl}>
            <span className="ui-button__label">Sign in with your college account</span>
          </a>
        </p>
      ) : null}
    </>
  );
}

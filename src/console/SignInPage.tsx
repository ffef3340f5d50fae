import { useState, type FormEvent } from 'react';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import { Button } from '../ui/Button';
import { useView } from '../app/viewApi';
import { useConsoleSession } from './consoleActors';
import { ConsoleField } from './ConsoleField';
import { SingleSignOn } from './SingleSignOn';

/** Signing in to the console: e-mail and password, then the authenticator's code, a recovery code or a passkey; or the college account, when offered. */
export function SignInPage() {
  const view = useView(useConsoleSession(), connectConsoleSession);
  const [email, setEmail] = useState(view.email);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.busy) return;
    if (view.phase === 'code') view.enterCode(code);
    else view.signIn(email, password);
  };
  return (
    <section className="console-card" aria-labelledby="console-sign-in">
      <h1 id="console-sign-in">Sign in to the admissions office console</h1>
      {view.message ? (
        <p className="console-message" role="status">
          {view.message}
        </p>
      ) : null}
      {view.phase === 'code' ? null : <SingleSignOn />}
      <form noValidate onSubmit={submit}>
        {view.phase === 'code' ? (
          <>
            <p>
              Signing in as <strong>{view.email}</strong>. Enter the 6-digit code your authenticator app shows, or one of your recovery
              codes, or use a passkey of your account.
            </p>
            <ConsoleField
              id="code"
              label="Code"
              error={view.fieldErrors.code}
              value={code}
              autoComplete="one-time-code"
              spellCheck={false}
              autoCapitalize="none"
              onChange={(event) => setCode(event.target.value)}
            />
            <div className="console-actions">
              <Button type="submit" busy={view.busy}>
                Sign in
              </Button>
              <Button variant="secondary" busy={view.passkeyBusy} onClick={view.signInWithPasskey}>
                Use a passkey
              </Button>
              <Button variant="text" onClick={view.restart}>
                Use another account
              </Button>
            </div>
          </>
        ) : (
          <>
            <ConsoleField
              id="email"
              label="Email address"
              type="email"
              autoComplete="username"
              error={view.fieldErrors.email}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <ConsoleField
              id="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={view.fieldErrors.password}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <div className="console-actions">
              <Button type="submit" busy={view.busy}>
                Continue
              </Button>
            </div>
          </>
        )}
      </form>
    </section>
  );
}

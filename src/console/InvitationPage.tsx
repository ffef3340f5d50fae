import { useState, type FormEvent } from 'react';
import { connectConsoleInvitation } from '../../machines/consoleInvitationView';
import type { consoleInvitationMachine } from '../../machines/consoleInvitationMachine';
import type { ActorRefFrom } from 'xstate';
import { CONSOLE_ROUTES } from '../catalogue/http';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useView } from '../app/viewApi';
import { useConsoleInvitation } from './consoleActors';
import { ConsoleField } from './ConsoleField';

/** The invitation link's page. */
export function InvitationPage() {
  const invitation = useConsoleInvitation();
  // The console spawns the invitation's actor when it opens on this page; reached otherwise, there is no link to accept.
  if (!invitation)
    return (
      <section className="console-card" aria-labelledby="invitation-missing">
        <h1 id="invitation-missing">Accept your invitation</h1>
        <p>Open the link of your invitation e-mail to set up your staff account.</p>
      </section>
    );
  return <InvitationSteps invitation={invitation} />;
}

type InvitationView = ReturnType<typeof connectConsoleInvitation>;

/** The optional passkey, offered once the account is set up; signing in skips it. */
function PasskeyOffer({ view }: { view: InvitationView }) {
  return (
    <section className="console-passkey" aria-labelledby="passkey-title">
      <h2 id="passkey-title">4. Add a passkey (optional)</h2>
      <p>
        A passkey kept by this device, your phone or a security key can sign you in instead of a code from your authenticator app. You can
        skip this step: the app and your recovery codes are enough.
      </p>
      {view.passkeyMessage ? (
        <p className="console-message" role={view.passkey === 'added' ? 'status' : 'alert'}>
          {view.passkeyMessage}
        </p>
      ) : null}
      {view.passkey === 'added' ? null : (
        <div className="console-actions">
          <Button variant="secondary" busy={view.passkey === 'adding'} onClick={view.addPasskey}>
            Add a passkey
          </Button>
        </div>
      )}
    </section>
  );
}

function InvitationSteps({ invitation }: { invitation: ActorRefFrom<typeof consoleInvitationMachine> }) {
  const view = useView(invitation, connectConsoleInvitation);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.busy) return;
    if (view.step === 'password') view.choosePassword(password);
    else view.confirmCode(code);
  };
  const message = view.message ? (
    <p className="console-message" role={view.step === 'accepted' ? 'status' : 'alert'}>
      {view.message}
    </p>
  ) : null;
  return (
    <section className="console-card" aria-labelledby="invitation-title">
      <h1 id="invitation-title">Set up your staff account</h1>
      {view.step === 'loading' ? <Spinner label="Checking your invitation…" /> : null}
      {view.step === 'invalid' ? message : null}
      {view.member && view.step !== 'invalid' ? (
        <p>
          For <strong>{view.member.email}</strong>, with the role <strong>{view.member.role}</strong>.
        </p>
      ) : null}
      {view.step === 'password' ? (
        <form noValidate onSubmit={submit}>
          <h2>1. Choose a password</h2>
          {message}
          <ConsoleField
            id="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            error={view.fieldErrors.password}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="console-actions">
            <Button type="submit" busy={view.busy}>
              Continue
            </Button>
          </div>
        </form>
      ) : null}
      {view.step === 'authenticator' && view.setup ? (
        <form noValidate onSubmit={submit}>
          <h2>2. Set up your authenticator app</h2>
          <p>Scan this QR code with your authenticator app, or type the setup key into it.</p>
          <div className="console-totp">
            <img
              className="console-totp__qr"
              alt="QR code of your authenticator setup"
              src={`data:image/svg+xml;base64,${btoa(view.setup.qr_svg)}`}
            />
            <p>
              Setup key: <code className="console-totp__key">{view.setup.setup_key}</code>
            </p>
          </div>
          {message}
          <ConsoleField
            id="code"
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            error={view.fieldErrors.code}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="console-actions">
            <Button type="submit" busy={view.busy}>
              Confirm
            </Button>
          </div>
        </form>
      ) : null}
      {view.step === 'accepted' ? (
        <>
          {message}
          <h2>3. Your recovery codes</h2>
          <p>Each code signs you in once if you lose your phone. They are shown only now: print them or keep them somewhere safe.</p>
          <ul className="console-codes">
            {view.recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
          <PasskeyOffer view={view} />
          <p>
            <a href={CONSOLE_ROUTES.home}>Sign in to the console</a>
          </p>
        </>
      ) : null}
    </section>
  );
}

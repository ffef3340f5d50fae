import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { AuthCard, AuthField } from '../../machines/authCardMachine';
import { useAuthCard } from '../app/actors';
import { choosesPassword, fieldCopy } from './cards';
import { PasswordRequirements } from './PasswordRequirements';

/**
 * One labelled field of an auth card. The actor decides when an error shows (left once, or after
 * a submit attempt); the field only says so: aria-invalid, the message tied by aria-describedby
 * and announced as an alert when it appears.
 */
export function AuthInput({ card, field }: { card: AuthCard; field: AuthField }) {
  const authCard = useAuthCard();
  const value = useSelector(authCard, (snapshot) => snapshot.context.values[field]);
  const error = useSelector(authCard, (snapshot) => snapshot.context.errors[field]);
  const copy = fieldCopy(card, field);
  const id = `auth-${field}`;
  const errorId = `${id}-error`;
  const withRequirements = field === 'password' && choosesPassword(card);
  const describedBy = [error ? errorId : '', withRequirements ? 'password-requirements' : ''].filter(Boolean).join(' ');
  // A password can be shown to check what was typed; the button keeps its name and says pressed or not.
  const [shown, setShown] = useState(false);
  const input = (
    <input
      id={id}
      name={field}
      className="field__input"
      type={copy.type === 'password' && shown ? 'text' : copy.type}
      inputMode={copy.inputMode}
      autoComplete={copy.autoComplete}
      spellCheck={false}
      autoCapitalize="none"
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      onChange={(event) => authCard.send({ type: 'field.change', field, value: event.target.value })}
      onBlur={() => authCard.send({ type: 'field.blur', field })}
    />
  );
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {copy.label}
      </label>
      {copy.type === 'password' ? (
        <div className="field__password">
          {input}
          <button type="button" className="field__show" aria-pressed={shown} aria-controls={id} onClick={() => setShown((now) => !now)}>
            Show {copy.label.toLowerCase()}
          </button>
        </div>
      ) : (
        input
      )}
      {/* Always there: the live region exists before its message (so it is announced), and the
          line is reserved, so a message appearing when the field is left does not move the Submit
          button away from under the pointer between press and release. */}
      <p id={errorId} className="field__error" role="alert">
        {error ?? ''}
      </p>
      {withRequirements ? <PasswordRequirements /> : null}
    </div>
  );
}

import { useSelector } from '@xstate/react';
import type { AuthCard, AuthField } from '../../machines/authCardMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import type { AuthCardActor } from './AuthCardView';
import { choosesPassword, fieldCopy } from './cards';
import { PasswordRequirements } from './PasswordRequirements';

/**
 * One labelled field of an auth card. The actor decides when an error shows (left once, or after
 * a submit attempt); the field only says so: aria-invalid, the message tied by aria-describedby
 * and announced as an alert when it appears.
 */
export function AuthInput({ card, field }: { card: AuthCard; field: AuthField }) {
  const authCard = useSystemActor<AuthCardActor>(SYSTEM_IDS.authCard);
  const value = useSelector(authCard, (snapshot) => snapshot.context.values[field]);
  const error = useSelector(authCard, (snapshot) => snapshot.context.errors[field]);
  const copy = fieldCopy(card, field);
  const id = `auth-${field}`;
  const errorId = `${id}-error`;
  const withRequirements = field === 'password' && choosesPassword(card);
  const describedBy = [error ? errorId : '', withRequirements ? 'password-requirements' : ''].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {copy.label}
      </label>
      <input
        id={id}
        name={field}
        className="field__input"
        type={copy.type}
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

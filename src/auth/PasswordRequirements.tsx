import { useSelector } from '@xstate/react';
import { passwordRequirementsOf } from '../../machines/authCardMachine';
import { useAuthCard } from '../app/actors';

const STATE_WORDS = { inactive: '', error: 'not met', success: 'met' } as const;

/** Each rule of a new password as inactive (empty password), error or success. */
export function PasswordRequirements() {
  const authCard = useAuthCard();
  // The snapshot itself is a stable reference; the list is derived here, not in the selector.
  const snapshot = useSelector(authCard, (current) => current);
  const requirements = passwordRequirementsOf(snapshot);
  return (
    <div className="requirements" id="password-requirements">
      <p className="requirements__title">Your password:</p>
      <ul className="requirements__list">
        {requirements.map((requirement) => (
          <li key={requirement.id} className={`requirements__item is-${requirement.state}`} data-state={requirement.state}>
            <span className="requirements__icon" aria-hidden="true">
              {requirement.state === 'success' ? '✓' : requirement.state === 'error' ? '✕' : '•'}
            </span>
            <span>
              {requirement.text}
              {STATE_WORDS[requirement.state] ? <span className="visually-hidden"> ({STATE_WORDS[requirement.state]})</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

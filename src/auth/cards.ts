import type { AuthCard, AuthField } from '../../machines/authCardMachine';

/** What each card says around its fields, with a footer question and its link. */
export interface CardCopy {
  intro: string;
  footerQuestion: string;
  footerLink: { to: AuthCard; text: string };
}

export const CARD_COPY: Record<AuthCard, CardCopy> = {
  login: {
    intro: 'Log in to continue your application.',
    footerQuestion: "Don't have an account?",
    footerLink: { to: 'signup', text: 'Sign up' },
  },
  signup: {
    intro: 'Create an account to save your answers and submit your application. Your e-mail address is your username.',
    footerQuestion: 'Already have an account?',
    footerLink: { to: 'login', text: 'Log in' },
  },
  confirm: {
    intro: 'We e-mailed you a 6-digit confirmation code. Enter it below to activate your account.',
    footerQuestion: 'Already confirmed your account?',
    footerLink: { to: 'login', text: 'Log in' },
  },
  forgot: {
    intro: "Enter the e-mail address of your account and we'll send you a link to choose a new password.",
    footerQuestion: 'Remembered your password?',
    footerLink: { to: 'login', text: 'Log in' },
  },
  reset: {
    intro: 'Choose a new password for your account.',
    footerQuestion: 'Remembered your password?',
    footerLink: { to: 'login', text: 'Log in' },
  },
};

export interface FieldCopy {
  label: string;
  type: 'email' | 'password' | 'text';
  inputMode?: 'email' | 'numeric';
  autoComplete: string;
}

/** Labels and browser hints per field; a new password is 'new-password' so managers offer one. */
export function fieldCopy(card: AuthCard, field: AuthField): FieldCopy {
  switch (field) {
    case 'username':
      return { label: 'Email address', type: 'email', inputMode: 'email', autoComplete: 'username' };
    case 'password':
      return {
        label: card === 'reset' ? 'New password' : 'Password',
        type: 'password',
        autoComplete: card === 'login' ? 'current-password' : 'new-password',
      };
    case 'confirm_password':
      return { label: 'Confirm new password', type: 'password', autoComplete: 'new-password' };
    case 'code':
      return { label: 'Confirmation code', type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code' };
    case 'id':
      return { label: 'Reset link', type: 'text', autoComplete: 'off' };
  }
}

/** Sign-up and reset choose a password: the requirement list shows under it. */
export const choosesPassword = (card: AuthCard) => card === 'signup' || card === 'reset';

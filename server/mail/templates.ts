import type { StaffRole } from '../../src/catalogue/schema/staff';
import { formatSubmittedAt } from '../../src/catalogue/submission';

/** Plain-text mails: the code as six plain digits, links as absolute URLs, on lines of their own. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * When the code or link in the body stops working. The outbox keeps the body until then at
   * most; with SMTP it is deleted as soon as the message is sent. Absent: the body holds no secret.
   */
  bodyExpiresAt?: number;
}

export function confirmationMail(
  to: string,
  code: string,
  collegeName: string,
  expiresAt: number,
  options: { repeated?: boolean; contested?: boolean } = {},
): MailMessage {
  return {
    to,
    subject: `Your ${collegeName} confirmation code`,
    bodyExpiresAt: expiresAt,
    text: [
      `Welcome to the ${collegeName} online application.`,
      '',
      'Your confirmation code is:',
      '',
      code,
      '',
      'Enter it on the Confirm Your Account page. The code is valid for 24 hours and can be used once;',
      'only the code in the newest of these e-mails works.',
      ...(options.contested
        ? [
            '',
            'This address has an account waiting for confirmation, and a different password was given for',
            'it than when it was first created. So that nobody gets the account by signing up first or last,',
            'confirming it sets no password: as soon as you confirm, we e-mail you a link to choose your password.',
          ]
        : options.repeated
          ? [
              '',
              'This address already had an account waiting for confirmation. It keeps the password chosen',
              'when it was first created. If you do not remember that password, use "Forgot password?" on',
              'the Log In page: the reset link also confirms the account.',
            ]
          : []),
      'If you did not create an account, you can ignore this e-mail.',
    ].join('\n'),
  };
}

export function resetPasswordMail(to: string, link: string, collegeName: string, expiresAt: number): MailMessage {
  return {
    to,
    subject: `Reset your ${collegeName} application password`,
    bodyExpiresAt: expiresAt,
    text: [
      `Someone asked to reset the password of your ${collegeName} application account.`,
      '',
      'To choose a new password, open this link within one hour:',
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Sent when a contested account (two sign-ups, two passwords) is confirmed: it has no password
 * until the person who proved the mailbox chooses one with this link.
 */
export function choosePasswordMail(to: string, link: string, collegeName: string, expiresAt: number): MailMessage {
  return {
    to,
    subject: `Choose the password of your ${collegeName} application account`,
    bodyExpiresAt: expiresAt,
    text: [
      `Your ${collegeName} application account is confirmed. Because more than one password was given`,
      'when it was created, it has no password yet, and none of those passwords logs in.',
      '',
      'To choose your password, open this link within one hour:',
      '',
      link,
      '',
      'The link works once. If it has expired, use "Forgot password?" on the Log In page to get a new one.',
    ].join('\n'),
  };
}

/**
 * Sent instead of a code when someone signs up with an address that already has a confirmed
 * account: the sign-up page answers as for a new address, and only the mailbox learns the truth.
 */
export function existingAccountMail(to: string, publicUrl: string, collegeName: string): MailMessage {
  return {
    to,
    subject: `Someone tried to create an account with your address (${collegeName})`,
    text: [
      `Someone tried to create an account for the ${collegeName} online application with this`,
      'e-mail address, which already has an account. Nothing was changed.',
      '',
      'If it was you, you do not need a new account. Log in here:',
      '',
      `${publicUrl}/login`,
      '',
      'If you do not remember your password, choose a new one here:',
      '',
      `${publicUrl}/forgot`,
      '',
      'If it was not you, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * The receipt of a submitted application: its reference number and the time of submission, and
 * nothing the applicant answered (a mailbox is read on many devices).
 */
export function receiptMail(to: string, reference: string, submittedAt: number, collegeName: string): MailMessage {
  return {
    to,
    subject: `${collegeName} received your application (${reference})`,
    text: [
      `Thank you for applying to ${collegeName}. We received your application.`,
      '',
      `Reference number: ${reference}`,
      // The same words as the completion page, the PDF copy and the staff view.
      `Submitted on: ${formatSubmittedAt(submittedAt)}`,
      '',
      'Please quote the reference number if you contact the admissions office about your application.',
      'A submitted application can no longer be changed.',
    ].join('\n'),
  };
}

/** An invitation to a staff account of the admissions office: the link sets a password and a second factor. */
export function staffInvitationMail(to: string, link: string, role: StaffRole, collegeName: string, expiresAt: number): MailMessage {
  return {
    to,
    subject: `Your ${collegeName} admissions staff account`,
    bodyExpiresAt: expiresAt,
    text: [
      `You are invited to a staff account (${role}) of the ${collegeName} admissions office.`,
      '',
      'To choose your password and set up your authenticator app, open this link within 72 hours:',
      '',
      link,
      '',
      'The link works once. If it has expired, ask an admin of the admissions office for a new one.',
    ].join('\n'),
  };
}

/**
 * A released decision: the mail says only that an update is waiting. The decision itself is read
 * after signing in, never in a mailbox that others may see or that a wrong address reaches.
 */
export function decisionUpdateMail(to: string, signInLink: string, collegeName: string): MailMessage {
  return {
    to,
    subject: `An update is waiting in your ${collegeName} application`,
    text: [
      `There is an update in your application to ${collegeName}.`,
      '',
      'To read it, sign in to your application:',
      '',
      signInLink,
      '',
      'If you did not apply, you can ignore this message.',
    ].join('\n'),
  };
}

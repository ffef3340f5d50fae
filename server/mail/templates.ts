/** Plain-text mails: the code as six plain digits, the reset link as an absolute URL, on lines of their own. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export function confirmationMail(to: string, code: string, collegeName: string): MailMessage {
  return {
    to,
    subject: `Your ${collegeName} confirmation code`,
    text: [
      `Welcome to the ${collegeName} online application.`,
      '',
      'Your confirmation code is:',
      '',
      code,
      '',
      'Enter it on the Confirm Your Account page. The code is valid for 24 hours and can be used once.',
      'If you did not create an account, you can ignore this e-mail.',
    ].join('\n'),
  };
}

export function resetPasswordMail(to: string, link: string, collegeName: string): MailMessage {
  return {
    to,
    subject: `Reset your ${collegeName} application password`,
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

/**
 * A file that cannot be converted for a reason the applicant can act on (a password, a broken
 * file). Unlike other errors it is not retried: the message goes to the status call as it is.
 */
export class ConversionRefused extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'ConversionRefused';
  }
}

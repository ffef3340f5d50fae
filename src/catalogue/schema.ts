/**
 * The valibot schemas of the product, in one import:
 * - validateAnswerPayload: the server's check of a saved answers object;
 * - validateApplication / validateField / combinedErrors: the application rules;
 * - the account forms and the password requirement list;
 * - the payloads of the other calls: an applicant's small ones, the prefill and staff links'
 *   tokens, the lookup's query, the document calls'.
 * The implementations live in ./schema/*.
 */
export { validateAnswerPayload } from './schema/answerPayload';
export { APPLICATION_MESSAGES, combinedErrors, validateApplication, validateField, type ValidationError } from './schema/application';
export {
  ACCOUNT_MESSAGES,
  PASSWORD_REQUIREMENTS,
  confirmSchema,
  forgotSchema,
  loginSchema,
  normaliseUsername,
  passwordRequirementStates,
  resendSchema,
  resetSchema,
  signupSchema,
} from './schema/account';
export { firstIssueMessages, formIssues } from './schema/issues';
export {
  DOCUMENT_REQUEST_MESSAGES,
  conversionSchema,
  documentKeySchema,
  downloadQuerySchema,
  fileNameProblem,
  presignSchema,
} from './schema/documents';
export { addAnotherSchema, lastPageSchema, prefillLinkQuery, staffLinkQuery, tabSchema, webStatusSchema } from './schema/applicationCalls';
export { lookupQuerySchema, type LookupCategory, type LookupQuery } from './schema/lookup';

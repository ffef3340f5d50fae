/**
 * The valibot schemas of the product, in one import:
 * - validateAnswerPayload: the server's check of a saved answers object;
 * - buildApplicationSchema / validateApplication / validateField /
 *   combinedErrors: the application rules of specification section 5;
 * - the account forms and the password requirement list.
 * The implementations live in ./schema/*.
 */
export {
  PAYLOAD_MESSAGES,
  buildAnswerPayloadSchema,
  validateAnswerPayload,
  type AnswerPayloadResult,
  type PayloadCollege,
} from './schema/answerPayload';
export {
  APPLICATION_MESSAGES,
  applicationSchemaKeys,
  buildApplicationSchema,
  combinedErrors,
  validateApplication,
  validateField,
  type ApplicationOptions,
  type ValidationError,
} from './schema/application';
export {
  ACCOUNT_MESSAGES,
  PASSWORD_REQUIREMENTS,
  confirmSchema,
  forgotSchema,
  loginSchema,
  normaliseUsername,
  passwordRequirementMessage,
  passwordRequirementStates,
  resendSchema,
  resetSchema,
  signupSchema,
  type ConfirmInput,
  type ForgotInput,
  type LoginInput,
  type PasswordRequirement,
  type RequirementState,
  type ResendInput,
  type ResetInput,
  type SignupInput,
} from './schema/account';
export { firstIssueMessages, formIssues, unique } from './schema/issues';
export { ageOn, isIsoDate, parseIsoDate, type CalendarDate } from './schema/dates';

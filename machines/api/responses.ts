import * as v from 'valibot';
import type { PublicCollegeConfig } from '../../src/college/schema';

/** Shapes of the server's answers, checked before any machine trusts them. */
const answerValue = v.union([v.string(), v.boolean()]);
const AnswersSchema = v.record(v.string(), answerValue);

export const MessageSchema = v.looseObject({ message: v.optional(v.string(), '') });

const DocumentStatusSchema = v.picklist(['unprocessed', 'in progress', 'completed', 'not answered', 'failed']);

/**
 * Statuses come in lower case and also in upper-case forms (IN_PROGRESS…): both are
 * accepted and normalised to the lower-case words.
 */
const AnyDocumentStatusSchema = v.pipe(
  v.string(),
  v.transform((status) => status.toLowerCase().replace(/_/g, ' ')),
  DocumentStatusSchema,
);

const DocumentAnswerSchema = v.looseObject({
  file_name: v.string(),
  file_size: v.number(),
  status: v.optional(AnyDocumentStatusSchema),
});
export const DocumentAnswersSchema = v.record(v.string(), DocumentAnswerSchema);
export type DocumentAnswer = v.InferOutput<typeof DocumentAnswerSchema>;

export const WebStatusValueSchema = v.picklist(['started', 'validating', 'submitted']);
export type WebStatusValue = v.InferOutput<typeof WebStatusValueSchema>;

const LetterRunSchema = v.looseObject({ text: v.string(), strong: v.optional(v.boolean()), emphasis: v.optional(v.boolean()) });
/** A decision letter: blocks of text runs, shown as text (never markup). */
export const LetterSchema = v.looseObject({
  blocks: v.array(v.looseObject({ kind: v.picklist(['heading', 'paragraph', 'item']), runs: v.array(LetterRunSchema) })),
});
/** The decision letter a release sent the applicant: when (ms), and the letter. */
const ReleasedDecisionSchema = v.looseObject({ released_at: v.number(), letter: LetterSchema });
export type ReleasedDecision = v.InferOutput<typeof ReleasedDecisionSchema>;

export const ProfileSchema = v.looseObject({
  username: v.string(),
  last_page: v.nullable(v.string()),
  successful_login: v.array(v.looseObject({ created_at: v.number() })),
  web_status: v.array(v.looseObject({ web_status: v.string() })),
  answer: AnswersSchema,
  answer_version: v.optional(v.number(), 0),
  document_answer: v.optional(DocumentAnswersSchema, {}),
  /** Once submitted: when (ms), and the server's reference number. */
  submitted_at: v.optional(v.nullable(v.number()), null),
  reference: v.optional(v.nullable(v.string()), null),
  /** Once a release has sent it: the decision letter. */
  decision: v.optional(v.nullable(ReleasedDecisionSchema), null),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;

export const SaveAnswersResponseSchema = v.looseObject({ message: v.string(), version: v.number() });

export const SubmitResponseSchema = v.looseObject({
  message: v.string(),
  submitted_at: v.optional(v.nullable(v.number()), null),
  reference: v.optional(v.nullable(v.string()), null),
});

export const PresignedUrlSchema = v.object({ url: v.string(), fields: v.record(v.string(), v.string()) });
export type PresignedUpload = v.InferOutput<typeof PresignedUrlSchema>;

export const ConversionStatusSchema = v.looseObject({ status: AnyDocumentStatusSchema, message: v.optional(v.string(), '') });
export type ConversionStatus = v.InferOutput<typeof ConversionStatusSchema>;

/** The same answer read for its link: once completed, the short-lived download link of the converted PDF. */
export const DocumentLinkSchema = v.looseObject({
  status: AnyDocumentStatusSchema,
  url: v.optional(v.nullable(v.string()), null),
});
export type DocumentLink = v.InferOutput<typeof DocumentLinkSchema>;

export const PdfCopySchema = v.looseObject({
  status: AnyDocumentStatusSchema,
  url: v.optional(v.nullable(v.string()), null),
});
export type PdfCopy = v.InferOutput<typeof PdfCopySchema>;

export const CountsSchema = v.record(v.string(), v.number());
export const TabChoicesSchema = v.record(v.string(), v.string());

export const TmpAnswersSchema = v.looseObject({ answer: AnswersSchema });

export const ServiceDataSchema = v.looseObject({
  answer: AnswersSchema,
  add_another: v.optional(CountsSchema, {}),
  document_answer: v.optional(DocumentAnswersSchema, {}),
  tabs: v.optional(TabChoicesSchema, {}),
  submitted_at: v.optional(v.nullable(v.number()), null),
  reference: v.optional(v.nullable(v.string()), null),
});
export type ServiceData = v.InferOutput<typeof ServiceDataSchema>;

export const LookupSuggestionsSchema = v.array(v.looseObject({ id: v.string(), text: v.string(), sub_text: v.optional(v.string(), '') }));
export type LookupSuggestion = v.InferOutput<typeof LookupSuggestionsSchema>[number];
export const LookupDetailSchema = v.record(v.string(), v.union([v.string(), v.number(), v.null()]));

/**
 * GET /public/college: the college configuration, already checked by the server against the
 * rules of src/college/schema (e-mail addresses, URLs, codes, the banner window, option lists
 * without repeats…) when it loaded it — it refuses to start otherwise. The page checks the shape
 * only (keeping any setting it does not name): the rules and their messages would weigh on every
 * page for nothing. `satisfies` keeps the shape in step with the configuration's type.
 */
const text = v.string();
const optionList = v.array(v.looseObject({ value: text, label: text }));
export const CollegeResponseSchema = v.looseObject({
  name: text,
  applicationTitle: text,
  logo: text,
  phone: text,
  helpEmail: text,
  admissionsEmail: text,
  satCode: text,
  actCode: text,
  schoolCode: text,
  financialAidUrl: text,
  testProviderUrls: v.looseObject({ SAT: text, ACT: text, TOEFL: text }),
  banner: v.looseObject({ startDate: text, endDate: text }),
  essayLimit: v.number(),
  entryTerms: optionList,
  majors: optionList,
  decisionTypes: optionList,
  housingOptions: optionList,
  privacyNotice: text,
  techSupport: v.looseObject({ name: text, email: text, phone: text, hours: v.optional(text) }),
}) satisfies v.GenericSchema<unknown, PublicCollegeConfig>;

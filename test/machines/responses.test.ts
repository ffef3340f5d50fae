import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as R from '../../machines/api/responses';
import { CollegeResponseSchema } from '../../machines/api/responses';
import { loadCollegeConfig } from '../../src/college/load';

describe('GET /public/college as the page checks it', () => {
  // What the server sends: the configuration it loaded and checked against src/college/schema.
  const served = JSON.parse(JSON.stringify(loadCollegeConfig())) as Record<string, unknown>;

  it('takes the served configuration as it is, settings it does not name included', () => {
    expect(v.parse(CollegeResponseSchema, served)).toEqual(served);
    expect(v.parse(CollegeResponseSchema, { ...served, newSetting: 1 })).toMatchObject({ newSetting: 1 });
  });

  it('refuses an answer of another shape', () => {
    expect(v.safeParse(CollegeResponseSchema, { ...served, essayLimit: '7000' }).success).toBe(false);
    expect(v.safeParse(CollegeResponseSchema, { ...served, majors: [{ value: 'x' }] }).success).toBe(false);
    const { name: _name, ...withoutName } = served;
    expect(v.safeParse(CollegeResponseSchema, withoutName).success).toBe(false);
    for (const part of ['testProviderUrls', 'banner', 'techSupport']) {
      expect(v.safeParse(CollegeResponseSchema, { ...served, [part]: {} }).success, part).toBe(false);
    }
  });
});

describe('the other answers of section 7 as the page checks them', () => {
  const accepts = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;

  it('takes a conversion status in either spelling of section 3, and no other', () => {
    for (const [sent, read] of [
      ['in progress', 'in progress'],
      ['IN_PROGRESS', 'in progress'],
      ['Completed', 'completed'],
      ['NOT_ANSWERED', 'not answered'],
      ['unprocessed', 'unprocessed'],
      ['FAILED', 'failed'],
    ] as const) {
      expect(v.parse(R.ConversionStatusSchema, { status: sent })).toEqual({ status: read, message: '' });
    }
    expect(accepts(R.ConversionStatusSchema, { status: 'done' })).toBe(false);
    expect(accepts(R.ConversionStatusSchema, {})).toBe(false);
    expect(v.parse(R.DocumentLinkSchema, { status: 'COMPLETED' })).toEqual({ status: 'completed', url: null });
    expect(v.parse(R.PdfCopySchema, { status: 'in progress', url: '/f' })).toEqual({ status: 'in progress', url: '/f' });
    expect(accepts(R.PdfCopySchema, { url: '/f' })).toBe(false);
  });

  it('reads a message where there may be none, and answers of text or ticks only', () => {
    expect(v.parse(R.MessageSchema, {})).toEqual({ message: '' });
    expect(accepts(R.MessageSchema, { message: 3 })).toBe(false);
    expect(accepts(R.TmpAnswersSchema, { answer: { city: 'Boston', sibling_apply: true } })).toBe(true);
    expect(accepts(R.TmpAnswersSchema, { answer: { city: 3 } })).toBe(false);
    expect(accepts(R.TmpAnswersSchema, {})).toBe(false);
  });

  it('reads the profile with its defaults, and refuses one without its parts', () => {
    const profile = {
      username: 'a@b.edu',
      last_page: null,
      successful_login: [{ created_at: 1 }],
      web_status: [{ web_status: 'started' }],
      answer: {},
    };
    expect(v.parse(R.ProfileSchema, profile)).toEqual({
      ...profile,
      answer_version: 0,
      document_answer: {},
      submitted_at: null,
      reference: null,
      decision: null,
    });
    for (const key of Object.keys(profile)) {
      const { [key]: _gone, ...without } = profile as Record<string, unknown>;
      expect(accepts(R.ProfileSchema, without), key).toBe(false);
    }
    expect(accepts(R.ProfileSchema, { ...profile, successful_login: [{}] })).toBe(false);
    expect(accepts(R.ProfileSchema, { ...profile, web_status: [{}] })).toBe(false);
    const letter = { blocks: [{ kind: 'heading', runs: [{ text: 'Dear Ada,' }] }] };
    expect(accepts(R.ProfileSchema, { ...profile, decision: { released_at: 1, letter } })).toBe(true);
    expect(accepts(R.ProfileSchema, { ...profile, decision: { released_at: 1, letter: { blocks: [{ kind: 'script', runs: [] }] } } })).toBe(
      false,
    );
    expect(accepts(R.ProfileSchema, { ...profile, document_answer: { essay: { file_name: 'a.pdf' } } })).toBe(false);
    expect(accepts(R.ProfileSchema, { ...profile, document_answer: { essay: { file_name: 'a.pdf', file_size: 3, status: 'x' } } })).toBe(
      false,
    );
  });

  it('refuses the answers of save, submit, presign and staff view without their parts', () => {
    expect(accepts(R.SaveAnswersResponseSchema, { message: 'Saved.', version: 2 })).toBe(true);
    expect(accepts(R.SaveAnswersResponseSchema, { message: 'Saved.' })).toBe(false);
    expect(v.parse(R.SubmitResponseSchema, { message: 'Submitted.' })).toEqual({
      message: 'Submitted.',
      submitted_at: null,
      reference: null,
    });
    expect(accepts(R.SubmitResponseSchema, {})).toBe(false);
    expect(accepts(R.PresignedUrlSchema, { url: 'https://s', fields: { key: 'k' } })).toBe(true);
    expect(accepts(R.PresignedUrlSchema, { url: 'https://s', fields: { key: 1 } })).toBe(false);
    expect(accepts(R.PresignedUrlSchema, { fields: {} })).toBe(false);
    expect(v.parse(R.ServiceDataSchema, { answer: {} })).toEqual({
      answer: {},
      add_another: {},
      document_answer: {},
      tabs: {},
      submitted_at: null,
      reference: null,
    });
    expect(accepts(R.ServiceDataSchema, {})).toBe(false);
  });

  it('reads lookups: suggestions with their second line, details of text, numbers or nothing', () => {
    expect(v.parse(R.LookupSuggestionsSchema, [{ id: '1', text: 'Springfield High' }])).toEqual([
      { id: '1', text: 'Springfield High', sub_text: '' },
    ]);
    expect(accepts(R.LookupSuggestionsSchema, [{ id: '1' }])).toBe(false);
    expect(accepts(R.LookupDetailSchema, { city: 'Springfield', zip: 12345, state: null })).toBe(true);
    expect(accepts(R.LookupDetailSchema, { city: true })).toBe(false);
  });

  it('knows the three web statuses only', () => {
    for (const status of ['started', 'validating', 'submitted']) expect(accepts(R.WebStatusValueSchema, status)).toBe(true);
    expect(accepts(R.WebStatusValueSchema, 'done')).toBe(false);
  });
});

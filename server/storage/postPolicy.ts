import { timingSafeEqual } from 'node:crypto';
import { SIGV4_ALGORITHM, amzDate, credentialScope, signPolicy, type Credentials } from './sigv4';

/**
 * S3 browser-upload ("POST policy") documents: building them for the presigned-url call and, for
 * the local store, checking them exactly as S3 does before a byte is written.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface PostPolicyRequest {
  url: string;
  bucket: string;
  key: string;
  /** The applicant's own prefix: the policy refuses any key outside it. */
  keyPrefix: string;
  minBytes: number;
  maxBytes: number;
  expiresAt: number;
  now: number;
  credentials: Credentials;
}

type Condition = Record<string, string> | [string, string | number, string | number];

export function buildPostPolicy(request: PostPolicyRequest): PresignedPost {
  const { dateTime, date } = amzDate(request.now);
  const credential = `${request.credentials.accessKeyId}/${credentialScope(date, request.credentials.region)}`;
  const conditions: Condition[] = [
    { bucket: request.bucket },
    ['starts-with', '$key', request.keyPrefix],
    { key: request.key },
    ['content-length-range', request.minBytes, request.maxBytes],
    { 'x-amz-algorithm': SIGV4_ALGORITHM },
    { 'x-amz-credential': credential },
    { 'x-amz-date': dateTime },
  ];
  const policy = Buffer.from(JSON.stringify({ expiration: new Date(request.expiresAt).toISOString(), conditions })).toString('base64');
  return {
    url: request.url,
    fields: {
      key: request.key,
      policy,
      'x-amz-algorithm': SIGV4_ALGORITHM,
      'x-amz-credential': credential,
      'x-amz-date': dateTime,
      'x-amz-signature': signPolicy(policy, request.credentials.secretAccessKey, date, request.credentials.region),
    },
  };
}

export type PolicyVerdict =
  | { ok: true; key: string; minBytes: number; maxBytes: number }
  | { ok: false; problem: 'malformed' | 'signature' | 'expired' | 'condition'; detail: string };

/** Form fields S3 never asks a policy to cover. */
const UNCOVERED_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

/**
 * Checks the signature first (nothing in an unsigned policy can be trusted), then the expiry,
 * then every condition against the form, and finally that the form holds no field the policy
 * does not name. The file's size is checked by the caller against the returned range.
 */
export function verifyPostPolicy(
  form: ReadonlyMap<string, string>,
  expected: { bucket: string; credentials: Credentials; now: number },
): PolicyVerdict {
  const fields = new Map([...form].map(([name, value]) => [name.toLowerCase(), value]));
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policyText || !signature || !credential || fields.get('x-amz-algorithm') !== SIGV4_ALGORITHM || !fields.has('key')) {
    return { ok: false, problem: 'malformed', detail: 'missing policy fields' };
  }
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (
    accessKeyId !== expected.credentials.accessKeyId ||
    region !== expected.credentials.region ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    !/^\d{8}$/.test(date ?? '')
  ) {
    return { ok: false, problem: 'signature', detail: 'unknown credential' };
  }
  const wanted = Buffer.from(signPolicy(policyText, expected.credentials.secretAccessKey, date!, region));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given))
    return { ok: false, problem: 'signature', detail: 'signature mismatch' };

  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
  } catch {
    return { ok: false, problem: 'malformed', detail: 'policy is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ok: false, problem: 'malformed', detail: 'policy is not a JSON object' };
  const policy: { expiration?: unknown; conditions?: unknown } = parsed;
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (!Number.isFinite(expiration)) return { ok: false, problem: 'malformed', detail: 'no expiration' };
  if (expiration <= expected.now) return { ok: false, problem: 'expired', detail: 'policy expired' };
  if (!Array.isArray(policy.conditions)) return { ok: false, problem: 'malformed', detail: 'no conditions' };

  const covered = new Set<string>();
  let range: [number, number] | undefined;
  const valueOf = (name: string) => (name === 'bucket' ? expected.bucket : fields.get(name));
  for (const condition of policy.conditions as unknown[]) {
    if (Array.isArray(condition)) {
      const [operator, subject, operand] = condition as unknown[];
      if (operator === 'content-length-range' && typeof subject === 'number' && typeof operand === 'number') {
        range = [subject, operand];
        continue;
      }
      if (typeof subject !== 'string' || !subject.startsWith('$') || typeof operand !== 'string') {
        return { ok: false, problem: 'malformed', detail: 'unreadable condition' };
      }
      const name = subject.slice(1).toLowerCase();
      covered.add(name);
      const value = valueOf(name);
      const holds = operator === 'eq' ? value === operand : operator === 'starts-with' ? value?.startsWith(operand) === true : false;
      if (!holds) return { ok: false, problem: 'condition', detail: `condition on ${name} failed` };
    } else if (condition && typeof condition === 'object') {
      for (const [rawName, operand] of Object.entries(condition)) {
        const name = rawName.toLowerCase();
        covered.add(name);
        if (valueOf(name) !== operand) return { ok: false, problem: 'condition', detail: `condition on ${name} failed` };
      }
    } else {
      return { ok: false, problem: 'malformed', detail: 'unreadable condition' };
    }
  }
  for (const name of fields.keys()) {
    if (!UNCOVERED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) {
      return { ok: false, problem: 'condition', detail: `field ${name} is not allowed by the policy` };
    }
  }
  if (!range) return { ok: false, problem: 'malformed', detail: 'no content-length-range' };
  return { ok: true, key: fields.get('key')!, minBytes: range[0], maxBytes: range[1] };
}

import { timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import * as v from 'valibot';

/**
 * S3 browser-upload ("POST policy") documents. One list of upload conditions serves both stores:
 * the S3 store hands it to the AWS SDK's presigned POST, and the local store signs it here with the
 * SDK's own SigV4 signer and checks it exactly as S3 does before a byte is written.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/** What one upload form allows: this key only, under the applicant's prefix, in this size range, until then. */
export interface UploadRequest {
  key: string;
  /** The applicant's own prefix: the policy refuses any key outside it. */
  keyPrefix: string;
  minBytes: number;
  maxBytes: number;
  expiresAt: number;
  now: number;
}

const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

/** An equality condition (`{ "key": "…" }`) or an operator with its subject and operand. */
const ConditionSchema = v.union([
  v.strictTuple([v.literal('content-length-range'), v.number(), v.number()]),
  v.strictTuple([v.picklist(['eq', 'starts-with']), v.pipe(v.string(), v.startsWith('$')), v.string()]),
  v.pipe(
    v.record(v.string(), v.string()),
    v.check((condition) => !Array.isArray(condition)),
  ),
]);
type Condition = v.InferOutput<typeof ConditionSchema>;

/** The policy document, as its base64 `policy` field carries it. */
const PolicyDocumentSchema = v.object({
  expiration: v.pipe(v.string(), v.isoTimestamp()),
  conditions: v.array(ConditionSchema),
});

/**
 * The conditions an upload's policy holds besides the bucket, the exact key and the signer's own
 * fields (algorithm, credential, date, session token), which the signer adds to every policy.
 */
export function uploadConditions(request: UploadRequest): Condition[] {
  return [
    ['starts-with', '$key', request.keyPrefix],
    ['content-length-range', request.minBytes, request.maxBytes],
  ];
}

export interface PolicySigner {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const signerFor = (credentials: PolicySigner) =>
  new SignatureV4({ service: 's3', region: credentials.region, credentials, sha256: Sha256, uriEscapePath: false });

/** '20130524T000000Z' for a time. */
const amzDate = (time: number) => new Date(time).toISOString().replace(/[-:]|\.\d{3}/g, '');
const credentialOf = (credentials: PolicySigner, date: string) =>
  `${credentials.accessKeyId}/${date}/${credentials.region}/s3/aws4_request`;

/** The local store's form: the same fields, conditions and signature S3 would check. */
export async function buildPostPolicy(
  request: UploadRequest & { url: string; bucket: string; credentials: PolicySigner },
): Promise<PresignedPost> {
  const dateTime = amzDate(request.now);
  const credential = credentialOf(request.credentials, dateTime.slice(0, 8));
  const conditions: Condition[] = [
    { bucket: request.bucket },
    { key: request.key },
    ...uploadConditions(request),
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
      'x-amz-signature': await signerFor(request.credentials).sign(policy, { signingDate: new Date(request.now) }),
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
export async function verifyPostPolicy(
  form: ReadonlyMap<string, string>,
  expected: { bucket: string; credentials: PolicySigner; now: number },
): Promise<PolicyVerdict> {
  const fields = new Map([...form].map(([name, value]) => [name.toLowerCase(), value]));
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policyText || !signature || !credential || fields.get('x-amz-algorithm') !== SIGV4_ALGORITHM || !fields.has('key')) {
    return { ok: false, problem: 'malformed', detail: 'missing policy fields' };
  }
  const date = /^[^/]+\/(\d{4})(\d{2})(\d{2})\//.exec(credential);
  if (!date || credential !== credentialOf(expected.credentials, date.slice(1).join(''))) {
    return { ok: false, problem: 'signature', detail: 'unknown credential' };
  }
  // The signature covers the credential's day (its signing key); the policy's own x-amz-date is a condition.
  const wanted = Buffer.from(
    await signerFor(expected.credentials).sign(policyText, { signingDate: new Date(`${date[1]}-${date[2]}-${date[3]}T00:00:00Z`) }),
  );
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given))
    return { ok: false, problem: 'signature', detail: 'signature mismatch' };

  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
  } catch {
    return { ok: false, problem: 'malformed', detail: 'policy is not JSON' };
  }
  const policy = v.safeParse(PolicyDocumentSchema, parsed);
  if (!policy.success) return { ok: false, problem: 'malformed', detail: 'policy does not read as a POST policy' };
  if (Date.parse(policy.output.expiration) <= expected.now) return { ok: false, problem: 'expired', detail: 'policy expired' };

  const covered = new Set<string>();
  let range: [number, number] | undefined;
  // The bucket is the one posted to; a form that names another is refused.
  if (fields.has('bucket') && fields.get('bucket') !== expected.bucket)
    return { ok: false, problem: 'condition', detail: 'another bucket' };
  const valueOf = (name: string) => (name === 'bucket' ? expected.bucket : fields.get(name));
  for (const condition of policy.output.conditions) {
    if (!Array.isArray(condition)) {
      for (const [rawName, operand] of Object.entries(condition)) {
        const name = rawName.toLowerCase();
        covered.add(name);
        if (valueOf(name) !== operand) return { ok: false, problem: 'condition', detail: `condition on ${name} failed` };
      }
    } else if (condition[0] === 'content-length-range') {
      range = [condition[1], condition[2]];
    } else {
      const [operator, subject, operand] = condition;
      const name = subject.slice(1).toLowerCase();
      covered.add(name);
      const value = valueOf(name);
      const holds = operator === 'eq' ? value === operand : value?.startsWith(operand) === true;
      if (!holds) return { ok: false, problem: 'condition', detail: `condition on ${name} failed` };
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

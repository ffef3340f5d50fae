/**
 * The compressed forms of the built front end the server can send (server/staticCompression.ts
 * writes them at build time). Best first: the first one the browser accepts and the build wrote wins.
 */
export const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** The encoding to serve from the request's Accept-Encoding (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): (typeof ENCODINGS)[number] | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name?.trim()) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return ENCODINGS.find((encoding) => (accepted.get(encoding.name) ?? wildcard ?? 0) > 0);
}

import { foldSearchText } from '../../db/searchText';

const NAME_PART_MAX = 40;

/** A part of a file name any ZIP reader and file system takes: ASCII letters and digits, hyphens between words. */
function namePart(text: string): string {
  return foldSearchText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, NAME_PART_MAX)
    .replace(/^-+|-+$/g, '');
}

/**
 * What an application's files in a ZIP are named after: its reference number once submitted
 * ('ADM-2026-00042-8-nguyen-thao'), else 'NOT-SUBMITTED' and the applicant's number, then the
 * last and first names.
 */
export function applicationFileBase(application: {
  userId: number;
  reference: string | null;
  firstName: unknown;
  lastName: unknown;
}): string {
  const names = [application.lastName, application.firstName].map((name) => (typeof name === 'string' ? namePart(name) : ''));
  const start = application.reference ?? `NOT-SUBMITTED-${String(application.userId).padStart(5, '0')}`;
  return [start, ...names].filter((part) => part !== '').join('-');
}

/** Hands out each file name once: a name already given gets '-2', '-3'… before its extension. */
export function uniqueNames(): (name: string) => string {
  const given = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let count = 2; given.has(candidate); count++) candidate = `${stem}-${count}${extension}`;
    given.add(candidate);
    return candidate;
  };
}

/** A document's file name beside its application's copy: the question's key, in the name's own style. */
export const documentFileName = (base: string, answerKey: string) => `${base}-${answerKey.replace(/_/g, '-')}.pdf`;

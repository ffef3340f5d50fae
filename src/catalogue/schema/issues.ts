/**
 * Turning valibot results into what forms and the summary show.
 */
import type * as v from 'valibot';

/** Keeps the first occurrence of each item (errors are shown once). */
export function unique<T>(items: readonly T[], keyOf: (item: T) => string = String): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Top-level field of an issue ('' for issues about the whole input). */
export function issueKey(issue: v.BaseIssue<unknown>): string {
  const key = issue.path?.[0]?.key;
  // An object's keys are strings and an array's numbers; valibot types a path key as unknown.
  return typeof key === 'string' || typeof key === 'number' ? String(key) : '';
}

type Result = { readonly success: boolean; readonly issues?: readonly v.BaseIssue<unknown>[] | undefined };

/** All messages per field, de-duplicated, in the order valibot found them. */
export function formIssues(result: Result): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  if (result.success) return byField;
  for (const issue of result.issues ?? []) {
    const messages = (byField[issueKey(issue)] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return byField;
}

/** The first message per field: what a form shows under each input. */
export function firstIssueMessages(result: Result): Record<string, string> {
  return Object.fromEntries(
    Object.entries(formIssues(result)).flatMap(([field, messages]) => (messages[0] === undefined ? [] : [[field, messages[0]]])),
  );
}

/**
 * What the page's announcer says when the page changes under the reader without a page load:
 * a new step, a tab switched, a document uploaded or deleted, the schools found. The same words are the e2e tests' expectations.
 */
export const ANNOUNCEMENTS = {
  step: (step: number, steps: number, title: string) => `Step ${step} of ${steps}: ${title}`,
  tabSwitched: (tab: string) => `Now showing “${tab}”.`,
  documentUploaded: (fileName: string) => `“${fileName}” is uploaded.`,
  documentDeleted: (fileName: string) => `“${fileName}” was deleted. You can choose another file.`,
  itemRemoved: (item: string) => `“${item}” was removed.`,
  schoolsFound: (count: number) =>
    count === 0
      ? 'No schools found. You can use what you typed.'
      : `${count} ${count === 1 ? 'school' : 'schools'} found. Use the arrow keys to choose one.`,
} as const;

import type { WebStatus } from '../../machines/coreEvents';

/** The three welcome texts (logged out, first login, later logins), and a fourth for a submitted application (not "almost finished"). */
export type BannerVariant = 'visitor' | 'firstLogin' | 'returning' | 'submitted';

export interface BannerFacts {
  webStatus: WebStatus | undefined;
  isLoggedIn: boolean;
  hasChangedPage: boolean;
  numLogins: number;
}

/**
 * Shown when the application is submitted, when nobody is logged in, or when the
 * logged-in applicant (at least one login) has not yet changed page.
 */
export function bannerShown({ webStatus, isLoggedIn, hasChangedPage, numLogins }: BannerFacts): boolean {
  return webStatus === 'submitted' || !isLoggedIn || (!hasChangedPage && numLogins >= 1);
}

export function bannerVariant({
  isLoggedIn,
  numLogins,
  webStatus,
}: Pick<BannerFacts, 'isLoggedIn' | 'numLogins'> & Partial<Pick<BannerFacts, 'webStatus'>>): BannerVariant {
  if (!isLoggedIn) return 'visitor';
  if (webStatus === 'submitted') return 'submitted';
  return numLogins >= 2 ? 'returning' : 'firstLogin';
}

/** The local calendar day as YYYY-MM-DD, the format of the configuration's banner dates. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The date-based variant: from startDate to endDate, both days included. */
export function inBannerWindow(banner: { startDate: string; endDate: string }, today: string): boolean {
  return banner.startDate <= today && today <= banner.endDate;
}

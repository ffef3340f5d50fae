import { useSelector } from '@xstate/react';
import type { PublicCollegeConfig } from '../college/schema';
import { useAppActor, useFormHost } from './actors';

/** The college configuration the root loaded (null only before it loaded or when it failed). */
export function useCollege(): PublicCollegeConfig | null {
  return useSelector(useFormHost(), (snapshot) => snapshot.context.college);
}

/** One field of the client snapshot: primitives only, so views re-render only on change. */
export function useClient<K extends 'isLoggedIn' | 'username' | 'isStaff' | 'numLogins' | 'hasChangedPage' | 'webStatus'>(key: K) {
  return useSelector(useAppActor(), (snapshot) => snapshot.context[key]);
}

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { answersMachine } from '../../../machines/answersMachine';
import type { documentMachine } from '../../../machines/documentMachine';
import type { staffDocumentMachine } from '../../../machines/staffDocumentMachine';
import type { inactivityMachine } from '../../../machines/inactivityMachine';
import type { navigationMachine } from '../../../machines/navigationMachine';
import type { submitMachine } from '../../../machines/submitMachine';
import type { tabsMachine } from '../../../machines/tabsMachine';
import * as actors from '../../../src/app/actors';

/*
 * Each view finds its actor through one hook per actor, typed by the one map of system ids in
 * src/app/actors.tsx: a view cannot name another type for an actor (`npx tsc` checks this file).
 */
describe('the typed actor hooks', () => {
  it('give each actor the type of its machine, and undefined only where the actor loads later', () => {
    expectTypeOf(actors.useAnswers).returns.toEqualTypeOf<ActorRefFrom<typeof answersMachine>>();
    expectTypeOf(actors.useNavigation).returns.toEqualTypeOf<ActorRefFrom<typeof navigationMachine>>();
    expectTypeOf(actors.useTabs).returns.toEqualTypeOf<ActorRefFrom<typeof tabsMachine>>();
    expectTypeOf(actors.useOptionalDocument).parameter(0).toEqualTypeOf<string>();
    // A visitor's application has no document actor.
    expectTypeOf(actors.useOptionalDocument).returns.toEqualTypeOf<ActorRefFrom<typeof documentMachine> | undefined>();
    expectTypeOf(actors.useStaffDocument).returns.toEqualTypeOf<ActorRefFrom<typeof staffDocumentMachine>>();
    expectTypeOf(actors.useOptionalSubmit).returns.toEqualTypeOf<ActorRefFrom<typeof submitMachine> | undefined>();
    // The inactivity actor runs only while an applicant's session is open (the session actor's child).
    expectTypeOf(actors.useInactivity).returns.toEqualTypeOf<ActorRefFrom<typeof inactivityMachine> | undefined>();
    expectTypeOf(actors.useTabs).returns.not.toEqualTypeOf<ActorRefFrom<typeof answersMachine>>();
    // The generic look-up by a caller-chosen type is gone.
    expect('useSystemActor' in actors).toBe(false);
    expect('useOptionalSystemActor' in actors).toBe(false);
  });
});

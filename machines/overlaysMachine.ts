import { assertEvent, setup } from 'xstate';

/** The frame's overlays: the footer's Help and privacy notice modals, and the Account popover. */
export type OverlayName = 'help' | 'privacy' | 'account';

/** To the overlays actor (system id 'overlays'): the views' triggers and Ark's onOpenChange. */
export type OverlaysEvent = { type: 'overlay.open'; name: OverlayName } | { type: 'overlay.close' };

/**
 * Which of the frame's overlays is open: one at most (opening one closes another), tag `open`
 * while any is. The navigation actor closes them when the page changes (a link in the popover,
 * a logout), so an overlay never reappears on the next page.
 */
export const overlaysMachine = setup({
  types: { events: {} as OverlaysEvent },
  guards: {
    named: ({ event }, params: { name: OverlayName }) => {
      assertEvent(event, 'overlay.open');
      return event.name === params.name;
    },
  },
}).createMachine({
  id: 'overlays',
  initial: 'closed',
  on: {
    'overlay.open': [
      { guard: { type: 'named', params: { name: 'help' } }, target: '.help' },
      { guard: { type: 'named', params: { name: 'privacy' } }, target: '.privacy' },
      { guard: { type: 'named', params: { name: 'account' } }, target: '.account' },
    ],
    'overlay.close': '.closed',
  },
  states: {
    closed: {},
    help: { tags: 'open' },
    privacy: { tags: 'open' },
    account: { tags: 'open' },
  },
});

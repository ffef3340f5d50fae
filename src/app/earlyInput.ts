import { FIRST_SCREEN_BUSY_ATTRIBUTES } from '../catalogue/firstScreen';

/**
 * What a visitor does to the server's first screen before the client has taken it over (hydrated
 * it, with the actors that own its controls running) is kept or visibly refused, never lost unseen:
 * - a button pressed, by pointer or keyboard, is pressed again once the client has taken over, so
 *   its owner hears it then (the press opens the notice, submits the card…);
 * - typing, a choice in a list, a box ticked are refused while the screen says it is busy (the
 *   root's FIRST_SCREEN_BUSY): nothing shows in a field that would then vanish.
 * The screen took no input at all before this script listened (inert); it stays busy until the
 * returned function is called, which stops holding, removes the busy marks and presses again what
 * was pressed, once.
 */
export function holdEarlyInput(container: HTMLElement): () => void {
  const pressed: { button: HTMLElement; markup: string }[] = [];
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button, [role="button"]');
    if (button instanceof HTMLElement) {
      // A submit button submits nothing now: the form's owner is not running yet.
      event.preventDefault();
      if (pressed.at(-1)?.button !== button) pressed.push({ button, markup: button.outerHTML });
    } else if (target?.closest('input, select, textarea')) {
      event.preventDefault();
    }
  };
  const refuse = (event: Event) => event.preventDefault();
  const refuseInSelect = (event: Event) => {
    if (event.target instanceof HTMLSelectElement && !(event instanceof KeyboardEvent && event.key === 'Tab')) event.preventDefault();
  };
  const listeners: [string, (event: never) => void][] = [
    ['click', onClick],
    ['beforeinput', refuse],
    ['submit', refuse],
    ['mousedown', refuseInSelect],
    ['keydown', refuseInSelect],
  ];
  for (const [type, listener] of listeners) container.addEventListener(type, listener as EventListener, true);
  container.removeAttribute('inert');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const [type, listener] of listeners) container.removeEventListener(type, listener as EventListener, true);
    for (const attribute of FIRST_SCREEN_BUSY_ATTRIBUTES) container.removeAttribute(attribute);
    // Pressed from a task of its own, not from inside React's commit that called this: React then
    // hydrates at once the part of the screen each press lands in, and its owner hears it.
    setTimeout(() => {
      for (const { button, markup } of pressed) {
        // The client rendered its own screen in place of the server's: the same button there.
        const now = button.isConnected
          ? button
          : [...container.querySelectorAll<HTMLElement>('button, [role="button"]')].find((candidate) => candidate.outerHTML === markup);
        now?.click();
      }
    });
  };
}

import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Moving with the keyboard alone: Tab and Shift+Tab until an element has focus, arrow keys in
 * radio groups, Space and Enter to act. A control these helpers cannot reach is a control a
 * keyboard user cannot reach, so each gives up with an error instead of clicking.
 */

const MAX_PRESSES = 250;

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Where the target lies from the focused element, in document order. */
const whereIs = (target: Locator) =>
  target.evaluate((element) => {
    const active = document.activeElement;
    if (active === element) return 'focused';
    if (!active || active === document.body) return 'ahead';
    return active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING ? 'ahead' : 'behind';
  });

/** Presses Tab or Shift+Tab until the target has focus; returns the direction of the last press. */
export async function tabTo(page: Page, target: Locator): Promise<'forward' | 'backward' | 'none'> {
  await expect(target).toBeVisible();
  let direction: 'forward' | 'backward' | 'none' = 'none';
  for (let press = 0; press < MAX_PRESSES; press += 1) {
    const where = await whereIs(target);
    if (where === 'focused') return direction;
    direction = where === 'ahead' ? 'forward' : 'backward';
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Chromium's date input has four tab stops (month, day, year, calendar button): Tab enters at the
 * month, Shift+Tab at the calendar button.
 */
const DATE_PARTS = 4;

export async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  const direction = await tabTo(page, target);
  if (direction === 'backward' && (await target.getAttribute('type')) === 'date') {
    for (let part = 1; part < DATE_PARTS; part += 1) await page.keyboard.press('Shift+Tab');
  }
  await page.keyboard.type(text);
}

/** A closed native select picks the option whose label is typed (type-ahead). */
export async function chooseOption(page: Page, target: Locator, label: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(label);
  await expect(target.locator('option:checked')).toHaveText(label);
}

/** Tab enters a radio group once; the arrow keys then move and choose. */
export async function chooseRadio(page: Page, group: Locator, label: string): Promise<void> {
  const radios = group.getByRole('radio');
  const target = group.getByRole('radio', { name: label, exact: true });
  const checked = group.locator('input[type="radio"]:checked');
  await tabTo(page, (await checked.count()) > 0 ? checked : radios.first());
  for (let press = 0; press < (await radios.count()); press += 1) {
    if (await hasFocus(target)) break;
    await page.keyboard.press('ArrowRight');
  }
  if (!(await target.isChecked())) await page.keyboard.press('Space');
  await expect(target).toBeChecked();
}

export async function press(page: Page, target: Locator, key: 'Enter' | 'Space'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

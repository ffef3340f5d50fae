import { describe, expect, it } from 'vitest';
import { RESTORED_MESSAGES } from '../../../src/catalogue/answerMessages';
import { LOGOUT_UNSAVED_MESSAGES } from '../../../src/layout/LogoutDialog';

/* Issue 12: what Log Out says about answers not saved yet, and what the toast says once answers typed before logging in are saved. */
describe('Log Out with answers not saved yet', () => {
  it('counts and names them by label, with the words for one answer or several', () => {
    expect(LOGOUT_UNSAVED_MESSAGES.text(['City'])).toMatch(
      /^1 answer is not saved yet: “City”\. “Save and log out” saves it in your account\./,
    );
    expect(LOGOUT_UNSAVED_MESSAGES.text(['First name', 'Middle name', 'City'])).toMatch(
      /^3 answers are not saved yet: “First name”, “Middle name” and “City”\. “Save and log out” saves them in your account\. “Discard and log out” deletes them from this page and this device;/,
    );
    expect(LOGOUT_UNSAVED_MESSAGES.failed(2)).toMatch(/^They could not be saved: .* they are kept on this device\./);
  });

  it('says so when nothing is left unsaved', () => {
    expect(LOGOUT_UNSAVED_MESSAGES.text([])).toMatch(/^All your answers are saved now\./);
  });
});

describe('answers typed before logging in, once saved', () => {
  it('says where they came from, not that the device kept them', () => {
    expect(RESTORED_MESSAGES.typedSaved(2)).toBe('2 answers you typed before logging in are now saved in your account.');
    expect(RESTORED_MESSAGES.typedSaved(1)).toBe('1 answer you typed before logging in is now saved in your account.');
    expect(RESTORED_MESSAGES.typedSaved(2)).not.toContain('kept on this device');
  });
});

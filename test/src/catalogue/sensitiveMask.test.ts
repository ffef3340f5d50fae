import { describe, expect, it } from 'vitest';
import { maskSensitive } from '../../../src/catalogue/sensitiveMask';

describe('the mask of sensitive answers (staff view, PDF copy, export)', () => {
  it('shows only the last four characters, the rest as bullets, keeping separators', () => {
    expect(maskSensitive('123-45-6789')).toBe('•••-••-6789');
    expect(maskSensitive('A12345678')).toBe('•••••5678');
  });

  it('hides a value of four characters or fewer entirely', () => {
    expect(maskSensitive('123')).toBe('•••');
    expect(maskSensitive('12')).toBe('••');
  });

  it('leaves a masked value as it is', () => {
    expect(maskSensitive('•••-••-6789')).toBe('•••-••-6789');
  });
});

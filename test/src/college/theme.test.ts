import { describe, expect, it } from 'vitest';
import { contrastRatio, themeCss } from '../../../src/college/theme';

describe('the college theme', () => {
  it('writes the configured shades as the tokens the components read', () => {
    expect(themeCss({ colours: { primary: { main: '#5b2a86', dark: '#3b1660' }, error: { main: '#a50e0e' } } })).toBe(
      ':root{--color-primary-main:#5b2a86;--color-primary-dark:#3b1660;--color-error-main:#a50e0e}',
    );
  });

  it('writes nothing when the college keeps the default colours', () => {
    expect(themeCss(undefined)).toBe('');
    expect(themeCss({ inputVariant: 'underlined' })).toBe('');
  });

  it('never writes a value that is not a colour, even if one got past the schema', () => {
    expect(themeCss({ colours: { primary: { main: 'red;}body{display:none' } } })).toBe('');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

/**
 * The college's theme: the colours × shades of the tokens and the input variant
 * (outlined or underlined), set in the college configuration. The server writes them into the page
 * it serves (a <style> of custom properties and an attribute on <html>), so the first paint already
 * wears the college's colours. tokens.css holds the defaults and both variants.
 */
export const THEME_COLOURS = ['primary', 'secondary', 'accent', 'neutral', 'white', 'error', 'disabled'] as const;
export const THEME_SHADES = ['extraLight', 'light', 'main', 'dark'] as const;
export const INPUT_VARIANTS = ['outlined', 'underlined'] as const;

export type ThemeColour = (typeof THEME_COLOURS)[number];
export type ThemeShade = (typeof THEME_SHADES)[number];
type InputVariant = (typeof INPUT_VARIANTS)[number];

export interface CollegeTheme {
  readonly inputVariant?: InputVariant;
  readonly colours?: Partial<Record<ThemeColour, Partial<Record<ThemeShade, string>>>>;
}

/** Colours whose main and dark shades are written as text (or under white text) on white. */
export const TEXT_COLOURS: readonly ThemeColour[] = ['primary', 'accent', 'neutral', 'error'];
export const TEXT_SHADES: readonly ThemeShade[] = ['main', 'dark'];
/** WCAG 2.2 AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The custom properties the configuration overrides, as one CSS rule ('' when it overrides none). */
export function themeCss(theme: CollegeTheme | undefined): string {
  const declarations = THEME_COLOURS.flatMap((colour) =>
    THEME_SHADES.flatMap((shade) => {
      const value = theme?.colours?.[colour]?.[shade];
      // Only validated #rrggbb values reach here; the check keeps the page safe from anything else.
      return value && HEX_COLOUR.test(value) ? [`--color-${colour}-${shade}:${value}`] : [];
    }),
  );
  return declarations.length === 0 ? '' : `:root{${declarations.join(';')}}`;
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

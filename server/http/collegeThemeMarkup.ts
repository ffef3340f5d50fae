import { themeCss, type CollegeTheme } from '../../src/college/theme';

/**
 * What the served page carries of the college's theme: its shades as a <style> after the build's
 * stylesheets (so they win), and its input variant as an attribute of <html> that tokens.css reads.
 * Empty for a college that keeps the defaults.
 */
export function collegeThemeMarkup(theme: CollegeTheme | undefined): { head: string; htmlAttributes: string } {
  const css = themeCss(theme);
  return {
    head: css ? `<style id="college-theme">${css}</style>` : '',
    htmlAttributes: theme?.inputVariant && theme.inputVariant !== 'outlined' ? `data-input-variant="${theme.inputVariant}"` : '',
  };
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulePreloadHints } from '../../server/http/modulePreload';

/** A build's manifest in the shape Vite writes, with the entry, a shared chunk and two areas. */
function distWith(manifest: Record<string, unknown>): string {
  const dist = mkdtempSync(join(tmpdir(), 'admissions-hints-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_app-1.js'] },
  '_app-1.js': { file: 'assets/app-1.js', css: ['assets/app-1.css'] },
  '_frame-1.js': { file: 'assets/frame-1.js', imports: ['_app-1.js'], css: ['assets/frame-1.css'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_app-1.js'] },
  'src/layout/FormArea.tsx': { file: 'assets/FormArea-1.js', imports: ['_app-1.js', '_frame-1.js'], css: ['assets/formViews-1.css'] },
  'machines/formActors.ts': { file: 'assets/formActors-1.js', imports: ['_form-1.js'] },
  'src/pages/AboutPage.tsx': { file: 'assets/AboutPage-1.js', imports: ['_app-1.js'] },
  'src/pages/EducationPage.tsx': { file: 'assets/EducationPage-1.js', imports: ['_app-1.js'] },
  'src/auth/AuthArea.tsx': { file: 'assets/AuthArea-1.js', imports: ['_app-1.js', '_frame-1.js'] },
  'machines/authCardMachine.ts': { file: 'assets/auth-1.js', imports: ['_app-1.js'] },
};

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map((match) => match[1]);

describe('module hints in the page', () => {
  const hints = modulePreloadHints(distWith(manifest));

  it('announce what a form page loads on demand, its stylesheets too, and nothing the page already loads', () => {
    const about = hints('/about');
    expect(hrefs(about, 'modulepreload').sort()).toEqual(
      ['/assets/AboutPage-1.js', '/assets/FormArea-1.js', '/assets/form-1.js', '/assets/formActors-1.js', '/assets/frame-1.js'].sort(),
    );
    expect(hrefs(about, 'stylesheet').sort()).toEqual(['/assets/frame-1.css', '/assets/formViews-1.css'].sort());
    expect(about).not.toContain('app-1');
    expect(hints('/education')).toContain('/assets/EducationPage-1.js');
    expect(hints('/education')).not.toContain('AboutPage');
  });

  it('give an auth card its own chunks and none of the form', () => {
    const login = hints('/login');
    expect(hrefs(login, 'modulepreload').sort()).toEqual(['/assets/AuthArea-1.js', '/assets/auth-1.js', '/assets/frame-1.js'].sort());
  });

  it('say nothing for a path the navigation rules will redirect, or without a manifest', () => {
    expect(hints('/nowhere')).toBe('');
    expect(modulePreloadHints(mkdtempSync(join(tmpdir(), 'admissions-no-build-')))('/about')).toBe('');
  });
});

import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulePreloadHints } from '../../server/http/modulePreload';

/** A build's manifest in the shape Vite writes, with the entry, a shared chunk and two areas. */
function distWith(manifest: Record<string, unknown>): string {
  const dist = mkdtempSync(join(tmpdir(), 'admissions-hints-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

/*
 * The lazy route modules are found by their entry names (`name`, `isDynamicEntry`), the names the
 * shared catalogue lists, never by their source paths: these keys are not where the views live,
 * so a server that looked modules up by path, or imported the views to learn their paths, finds nothing.
 */
const manifest = {
  'index.html': { file: 'assets/index-1.js', name: 'index', isEntry: true, imports: ['_app-1.js'] },
  '_app-1.js': { file: 'assets/app-1.js', name: 'app', css: ['assets/app-1.css'] },
  '_frame-1.js': { file: 'assets/frame-1.js', name: 'frame', imports: ['_app-1.js'], css: ['assets/frame-1.css'] },
  '_form-1.js': { file: 'assets/form-1.js', name: 'form', imports: ['_app-1.js'] },
  'views/a.tsx': {
    file: 'assets/FormArea-1.js',
    name: 'FormArea',
    isDynamicEntry: true,
    imports: ['_app-1.js', '_frame-1.js'],
    css: ['assets/formViews-1.css'],
  },
  'views/b.ts': { file: 'assets/applicationMachine-1.js', name: 'applicationMachine', isDynamicEntry: true, imports: ['_form-1.js'] },
  'views/c.tsx': { file: 'assets/AboutPage-1.js', name: 'AboutPage', isDynamicEntry: true, imports: ['_app-1.js'] },
  'views/d.tsx': { file: 'assets/EducationPage-1.js', name: 'EducationPage', isDynamicEntry: true, imports: ['_app-1.js'] },
  'views/e.tsx': { file: 'assets/AuthArea-1.js', name: 'AuthArea', isDynamicEntry: true, imports: ['_app-1.js', '_frame-1.js'] },
  'views/f.ts': { file: 'assets/auth-1.js', name: 'authCardMachine', isDynamicEntry: true, imports: ['_app-1.js'] },
  // A chunk that only shares a route module's name is not that module.
  '_AboutPage-2.js': { file: 'assets/AboutPage-2.js', name: 'AboutPage', imports: ['_app-1.js'] },
};

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map((match) => match[1]);

describe('module hints in the page', () => {
  const hints = modulePreloadHints(distWith(manifest));

  it('announce what a form page loads on demand, its stylesheets too, and nothing the page already loads', () => {
    const about = hints('/about');
    expect(hrefs(about, 'modulepreload').sort()).toEqual(
      [
        '/assets/AboutPage-1.js',
        '/assets/FormArea-1.js',
        '/assets/form-1.js',
        '/assets/applicationMachine-1.js',
        '/assets/frame-1.js',
      ].sort(),
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

  it('come from a module that imports no browser code: no view, nothing of src/app, no machine', async () => {
    const root = resolve(import.meta.dirname, '../..');
    const result = await build({
      absWorkingDir: root,
      entryPoints: ['server/http/modulePreload.ts'],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const modules = Object.keys(result.metafile.inputs);
    expect(
      modules.filter((module) => /\.tsx$|^src\/(app|layout|pages|questions|auth|completion|service|ui)\/|^machines\//.test(module)),
    ).toEqual([]);
  });
});

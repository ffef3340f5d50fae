import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeEntryNames } from '../../src/catalogue/routes';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The manifest key of the lazily imported module the build named `name` (Vite's manifest: `name`
 * and `isDynamicEntry`), or undefined when the build has none. The names are the shared
 * catalogue's (src/catalogue/routes.ts): the server never imports the views to learn their paths.
 */
export function dynamicEntryKey(manifest: Manifest, name: string): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]!.isDynamicEntry && manifest[key]!.name === name);
}

/**
 * `<link rel="modulepreload">` (and the stylesheets) for what the requested route loads on demand,
 * from the build's manifest: the browser fetches and compiles them while it still runs the first
 * chunk, instead of discovering them one import() after another. Without a manifest (a build
 * without one, the API-only tests) there are no hints.
 */
export function modulePreloadHints(distDir: string): (pathname: string) => string {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const closure = (key: string | undefined, seen: Set<string>): Set<string> => {
    if (key === undefined || seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // The page itself already loads the entry and its static imports (the applicants' page's: the console has its own).
  const entry = Object.keys(manifest).find((key) => key === 'index.html' && manifest[key]!.isEntry);
  const alreadyLoaded = closure(entry, new Set());
  const cache = new Map<string, string>();

  return (pathname) => {
    let hints = cache.get(pathname);
    if (hints === undefined) {
      const keys = new Set<string>();
      for (const name of routeEntryNames(pathname)) closure(dynamicEntryKey(manifest, name), keys);
      const chunks = [...keys].filter((key) => !alreadyLoaded.has(key)).map((key) => manifest[key]!);
      const scripts = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map(
        (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
      );
      hints = [...styles, ...scripts].join('');
      // Only the product's routes get hints, so the cache holds a handful of entries.
      if (routeEntryNames(pathname).length > 0) cache.set(pathname, hints);
    }
    return hints;
  };
}

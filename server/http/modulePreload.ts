import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeModules } from '../../src/app/routeModules';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * `<link rel="modulepreload">` (and the stylesheets) for what the requested route loads on demand
 * (src/app/routeModules.ts), from the build's manifest: the browser fetches and compiles them
 * while it still runs the first chunk, instead of discovering them one import() after another.
 * Without a manifest (a build without one, the API-only tests) there are no hints.
 */
export function modulePreloadHints(distDir: string): (pathname: string) => string {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // The page itself already loads the entry and its static imports.
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const alreadyLoaded = entry ? closure(entry, new Set()) : new Set<string>();
  const cache = new Map<string, string>();

  return (pathname) => {
    let hints = cache.get(pathname);
    if (hints === undefined) {
      const keys = new Set<string>();
      for (const module of routeModules(pathname)) closure(module, keys);
      const chunks = [...keys].filter((key) => !alreadyLoaded.has(key)).map((key) => manifest[key]!);
      const scripts = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
      hints = [...styles, ...scripts].join('');
      // Only section 2's routes get hints, so the cache holds a handful of entries.
      if (routeModules(pathname).length > 0) cache.set(pathname, hints);
    }
    return hints;
  };
}

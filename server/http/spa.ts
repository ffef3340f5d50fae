import type { Context, Middleware } from 'koa';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { preferredEncoding } from './contentEncoding';
import type { RenderedFirstScreen } from '../../src/catalogue/firstScreen';
import { FIRST_SCREEN_BUSY } from '../../src/catalogue/firstScreen';
import { isApiPath, isConsolePath } from '../../src/catalogue/http';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built front end. Hashed assets are cached for a year; every other path that is not
 * an API call gets index.html so that client-side routes (and unknown paths) reach the
 * navigation actor, with the request's `page(ctx)`: its `head` written before </head> (module hints,
 * the first calls' answers) and its `firstScreen`, the first screen's HTML rendered on the server,
 * inside the root element; `htmlAttributes` are added to <html> (the college's input variant).
 * What the build writes for the server or the developer (see isPrivate) answers 404.
 */
export function serveSpa(distDir: string, page?: (ctx: Context) => Promise<PageParts>, htmlAttributes = ''): Middleware {
  const indexFile = join(distDir, 'index.html');
  const consoleFile = join(distDir, 'staff.html');
  const inlineStyles = stylesheetsInline(distDir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) {
      await next();
      return;
    }
    const file = resolveInside(distDir, ctx.path);
    // Not a client-side route either: a plain 404, not the page.
    if (file && isPrivate(distDir, file)) {
      await next();
      return;
    }
    if (file && file !== indexFile && file !== consoleFile && existsSync(file) && statSync(file).isFile()) {
      ctx.type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
      ctx.set('Cache-Control', ctx.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      ctx.vary('Accept-Encoding');
      // The build wrote the compressed forms beside the file (server/staticCompression.ts).
      const encoding = preferredEncoding(ctx.get('accept-encoding'));
      if (encoding && existsSync(file + encoding.extension)) {
        ctx.set('Content-Encoding', encoding.name);
        ctx.body = createReadStream(file + encoding.extension);
        return;
      }
      ctx.body = createReadStream(file);
      return;
    }
    // The admissions office's console is a page of its own: no applicant's first screen or profile goes with it.
    if (isConsolePath(ctx.path) && existsSync(consoleFile)) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      if (htmlAttributes) sendCompressed(ctx, readFileSync(consoleFile, 'utf8').replace(/<html\b/, `<html ${htmlAttributes}`));
      else ctx.body = createReadStream(consoleFile);
      return;
    }
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The front end has not been built yet. Run `npm start`, which builds it.';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    if (!page || ctx.method === 'HEAD') {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = createReadStream(indexFile);
      return;
    }
    // The page now carries the caller's own profile: no cache may keep it.
    ctx.set('Cache-Control', 'no-store');
    const { head, firstScreen } = await page(ctx);
    let html = readFileSync(indexFile, 'utf8').replace('</head>', `${head}${firstScreen?.head ?? ''}</head>`);
    if (firstScreen) {
      // The fingerprint is base 36: nothing in it needs escaping in an attribute. Until the scripts
      // have taken the screen over, it says it is busy (FIRST_SCREEN_BUSY): nothing typed or pressed
      // into it can be lost unseen.
      html = html.replace(
        ROOT_ELEMENT,
        `<div id="root" data-first-screen="${firstScreen.fingerprint}" ${FIRST_SCREEN_BUSY}>${firstScreen.html}</div>`,
      );
      // The first screen paints with the page itself, not a round trip later once its stylesheets came.
      html = inlineStyles(html);
    }
    if (htmlAttributes) html = html.replace(/<html\b/, `<html ${htmlAttributes}`);
    sendCompressed(ctx, html);
  };
}

/**
 * The build's stylesheet links of a page replaced by their rules, as <style> elements in the same
 * place (the page's policy allows inline styles; it allows no inline script). Read once per file.
 */
function stylesheetsInline(distDir: string): (html: string) => string {
  const rules = new Map<string, string | undefined>();
  const read = (href: string) => {
    if (!rules.has(href)) {
      const file = resolveInside(distDir, href);
      rules.set(href, file && href.startsWith('/assets/') && existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return rules.get(href);
  };
  return (html) =>
    html.replace(/<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g, (link, href: string) => {
      const css = read(href);
      // A stylesheet holds no '<' of its own; one in a string could not end the element either.
      return css === undefined || css.includes('</') ? link : `<style>${css}</style>`;
    });
}

/** The page compressed as the browser accepts (quick settings: it is compressed for each request). */
function sendCompressed(ctx: Context, html: string): void {
  ctx.vary('Accept-Encoding');
  const encoding = preferredEncoding(ctx.get('accept-encoding'));
  if (encoding?.name === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  } else if (encoding?.name === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzipSync(html, { level: 6 });
  } else {
    ctx.body = html;
  }
}

/** What one page request adds to index.html. */
export interface PageParts {
  head: string;
  firstScreen?: RenderedFirstScreen | undefined;
}

/** The empty root element of index.html, which the client renders into. */
const ROOT_ELEMENT = '<div id="root"></div>';

function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = normalize(join(root, decoded));
  return candidate.startsWith(root + sep) ? candidate : undefined;
}

/**
 * The build's own files that are not for the browser: the manifest under `.vite/` (with its
 * compressed twins) that lists every module of the code base, source maps, and any dotfile or dot
 * folder someone drops into the folder. Checked on the decoded, normalised path, so `%2E` or `..`
 * cannot reach them.
 */
function isPrivate(root: string, file: string): boolean {
  const inside = file.slice(root.length + 1);
  return inside.split(sep).some((segment) => segment.startsWith('.')) || /\.map(\.gz|\.br)?$/.test(inside);
}

import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { FIRST_SCREEN_BUILD } from './server/http/firstScreen.ts';
import { precompressBuild } from './server/staticCompression.ts';
import react from '@vitejs/plugin-react';
import { API_PREFIXES } from './src/catalogue/http.ts';

// The API lives in the Koa process; in development Vite proxies its prefixes to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** Views of the form area that load only when a question, a dialog, Final Steps' copy or the staff view needs them. */
const LOADED_LATER =
  /[\\/](SchoolSearch|TabsBlock|DocumentField|ToastItem|\w*Dialogs?|\w*Popover|Static\w*|ServiceView|ApplicationPrint|PdfCopyOffer)\.tsx$/;

/**
 * The page-specific form actors (documents, tabs, school search, PDF copy, submit), a chunk of their own that the
 * application's module imports, with the file checks only the document views and the document actor use, and the
 * staff print's document pages (their PDF reader, pdfjs-dist, is imported on demand and stays a chunk of its own).
 */
const PAGE_ACTORS =
  /[\\/]machines[\\/](documentMachine|staffDocumentMachine|documentFiles|documentPages|documentView|tabsMachine|pdfCopyMachine|lookupMachine|submitMachine)\.ts$/;

/**
 * The admissions office's console (staff.html): its views, its actors, its calls, its schemas and
 * its words, and the table and passkey libraries only it uses. Applicants' pages must download none of it, so none of it
 * may join the chunks their entry starts with.
 */
const CONSOLE =
  /[\\/](src[\\/]console[\\/]|src[\\/]catalogue[\\/](schema[\\/])?staff\w*\.ts$|machines[\\/](api[\\/])?(console\w*|passkeys)\.ts$|node_modules[\\/](@tanstack|@simplewebauthn)[\\/])/;
/**
 * The console's pages loaded when they open, each a chunk of its own: the dashboard with its chart
 * library, and an application's page with the form's print views it shares with the staff link.
 */
const CONSOLE_LATER = /[\\/]src[\\/]console[\\/](DashboardPage|DashboardChart|ApplicationPage)\.tsx$/;

/** What the auth cards load on top of the first download: their views, their actor and the account rules. */
const AUTH_AREA = /[\\/](machines[\\/]authCardMachine\.ts|src[\\/]catalogue[\\/]schema[\\/]account\.ts|src[\\/]auth[\\/].*\.tsx?)$/;

/** What every area shares (header, footer, buttons…): see the `frame` group. */
const FRAME =
  /[\\/]src[\\/](layout[\\/](Header|Footer|SkipLink|frame)|ui[\\/](Button|Spinner|CloseIcon)|app[\\/](useApp|usePageTitle|useBrowserLocation|modifiedClick)|catalogue[\\/]schema[\\/]issues)\b/;

/** How staff read an answer (src/catalogue/display.ts): only the staff view and the printed answers use it. */
const STAFF_DISPLAY = /[\\/]src[\\/]catalogue[\\/]display\.ts$/;

/**
 * What the applicants' page (index.html) imports statically, found once the module graph is built
 * and before chunks are made: only that may join the `app` chunk. The console's page (staff.html)
 * has a first download of its own, and the form code it loads later must not become applicants' first load.
 */
function applicantsFirstModules(into: Set<string>): Plugin {
  return {
    name: 'admissions:applicants-first-modules',
    apply: 'build',
    buildEnd() {
      into.clear();
      const visit = (id: string) => {
        if (into.has(id)) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      visit(fileURLToPath(new URL('index.html', import.meta.url)));
    },
  };
}

/** Writes the .gz and .br files the server sends (server/staticCompression.ts). */
function precompress(): Plugin {
  return {
    name: 'admissions:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      await precompressBuild(options.dir!, Object.keys(bundle));
    },
  };
}

/**
 * react-router publishes its production build under no export condition, so a bundler takes the
 * development one, warnings and all (0.5 kB gzip of the first load): a production build takes it by path.
 */
const reactRouterProduction = (mode: string) =>
  mode !== 'production'
    ? []
    : [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)),
        },
        {
          find: /^react-router\/dom$/,
          replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
        },
      ];

/**
 * The server's render of the first screen (src/serverEntry.tsx), built after the browser's bundle
 * into a dot folder of dist/ that the server never serves (server/http/spa.ts): npm packages stay
 * external and load from node_modules; the stylesheets are the browser bundle's.
 */
const firstScreenBuild = (): UserConfig => ({
  plugins: [react()],
  build: {
    ssr: FIRST_SCREEN_BUILD.entry,
    outDir: `dist/${FIRST_SCREEN_BUILD.dir}`,
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: FIRST_SCREEN_BUILD.file } },
  },
});

export default defineConfig(({ mode, isSsrBuild }) => (isSsrBuild ? firstScreenBuild() : browserBuild(mode)));

const browserBuild = (mode: string): UserConfig => {
  const applicantsFirst = new Set<string>();
  return {
    plugins: [react(), applicantsFirstModules(applicantsFirst), precompress()],
    publicDir: 'src/public',
    resolve: {
      alias: [
        // React 19 has these natively: the shims' fallbacks would only add weight to the first load.
        { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: fileURLToPath(new URL('src/app/vendor/useSyncExternalStore.ts', import.meta.url)),
        },
        ...reactRouterProduction(mode),
      ],
    },
    build: {
      // Every browser the app supports preloads modules natively; the polyfill is first-load weight.
      modulePreload: { polyfill: false },
      outDir: 'dist',
      // Maps stay on the build machine for reading stack traces; the server never serves them (spa.ts).
      sourcemap: 'hidden',
      // The manifest lets bench/bundleWeight.ts add up what each route loads.
      manifest: true,
      rolldownOptions: {
        // The applicants' page and the console's, each with its own entry.
        input: {
          index: fileURLToPath(new URL('index.html', import.meta.url)),
          staff: fileURLToPath(new URL('staff.html', import.meta.url)),
        },
        output: {
          codeSplitting: {
            // Everything the first page needs in one chunk: left alone, the bundler cuts it into a
            // dozen small chunks shared with the lazy routes, and each one costs its own request and
            // its own gzip overhead.
            groups: [
              {
                name: 'app',
                priority: 30,
                // The console's own code stays out of it: applicants' pages download none of it.
                test: (id: string) => applicantsFirst.has(id) && !/(\.html|[\\/]src[\\/]main\.tsx)$/.test(id) && !CONSOLE.test(id),
              },
              // The console's own code, in one chunk of its own.
              {
                name: 'console',
                priority: 29,
                // Only the console's modules: what they import of the applicants' code stays in the chunks applicants load.
                includeDependenciesRecursively: false,
                test: (id: string) => CONSOLE.test(id) && !CONSOLE_LATER.test(id) && !/[\\/]src[\\/]console[\\/]main\.tsx$/.test(id),
              },
              // What the auth cards load on top, in one chunk: their views, their actor and the account rules.
              {
                name: 'auth',
                priority: 20,
                test: AUTH_AREA,
              },
              // What the form routes, /completion and the staff view load on top: the form actors and the catalogue.
              {
                name: 'form',
                priority: 15,
                test: (id: string) => /[\\/](machines|src[\\/]catalogue)[\\/]/.test(id) && !PAGE_ACTORS.test(id) && !STAFF_DISPLAY.test(id),
              },
              // The page-specific form actors (documents, tabs, school search, PDF copy, submit), a
              // chunk the application's module imports, so that a change to them leaves the rest cached.
              // After the form group, so that what both use (catalogue, API calls) stays there.
              { name: 'pageActors', priority: 14, test: PAGE_ACTORS },
              // The form area's frame, pages and question views in one chunk: a dozen small ones would
              // each cost a request and compress worse. What loads with the question that needs it
              // (school search, tabs, documents), dialogs and popovers, and the staff view stay apart.
              {
                name: 'formViews',
                priority: 12,
                test: (id: string) => /[\\/]src[\\/](layout|pages|questions)[\\/]/.test(id) && !LOADED_LATER.test(id),
              },
              // What every area shares (header, footer, buttons, the close icon of notices, toasts and
              // dialogs; the form-issue helpers both the auth card and the form actors use), before the
              // auth and form groups can capture any of it: a group takes its modules' imports along, and
              // a dialog on a form page would then fetch the auth cards' chunk for an icon.
              {
                name: 'frame',
                priority: 25,
                test: FRAME,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
    },
  };
};

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API lives in the Koa process; in development Vite proxies these prefixes to it.
const API_PREFIXES = ['/api', '/public', '/service', '/lookup', '/files'];
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  publicDir: 'src/public',
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest lets bench/bundleWeight.ts add up what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one chunk: left alone, the bundler cuts it into a
          // dozen small chunks shared with the lazy routes, and each one costs its own request and
          // its own gzip overhead.
          groups: [
            { name: 'app', priority: 3, tags: ['$initial'], test: (id: string) => !/(\.html|[\\/]src[\\/]main\.tsx)$/.test(id) },
            // What the form routes, /completion and the staff view load on top: the form actors and the catalogue.
            { name: 'form', priority: 2, test: /[\\/](machines|src[\\/]catalogue)[\\/]/ },
            // The frame every area shares (header, footer, buttons).
            { name: 'frame', priority: 1, test: /[\\/]src[\\/](layout[\\/](Header|Footer|SkipLink|frame)|ui[\\/](Button|Spinner)|app[\\/](useApp|usePageTitle))\b/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});

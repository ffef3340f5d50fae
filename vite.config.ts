import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API lives in the Koa process; in development Vite proxies these prefixes to it.
const API_PREFIXES = ['/api', '/public', '/service', '/lookup', '/files'];
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  publicDir: 'src/public',
  build: { outDir: 'dist', sourcemap: true },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});

/// <reference types="vitest/config" />
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';

// The portal server (cargo run -p portal -- serve) listens on 8080 by default.
const API_TARGET = process.env.PORTAL_API ?? 'http://127.0.0.1:8080';

// The citizen's status page is a page of its own, served at /status by the portal and by
// CloudFront: the dev and preview servers answer that address with it too.
const statusPageAddress: Connect.NextHandleFunction = (req, _res, next) => {
  const [path, query] = (req.url ?? '').split('?');
  if (path === '/status' || path === '/status/') req.url = `/status.html${query === undefined ? '' : `?${query}`}`;
  next();
};
const statusPage: Plugin = {
  name: 'status-page',
  enforce: 'post',
  configureServer: (server) => void server.middlewares.use(statusPageAddress),
  configurePreviewServer: (server) => void server.middlewares.use(statusPageAddress),
  // Vite starts every page's script with its modulepreload polyfill. The status page is one
  // file that preloads nothing; with the polyfill in both pages it became a chunk of its own,
  // one more request before the login page (and this page) could start.
  transform: {
    filter: { id: /[\\/]status\.html$/ },
    handler: (code) => code.replace(/^import "vite\/modulepreload-polyfill";\n/, ''),
  },
};

export default defineConfig({
  plugins: [
    react(),
    statusPage,
    // Brotli and gzip copies beside each file, made once at build with the best ratio, which
    // the portal hands to browsers that accept them (tower-http's precompressed ServeDir)
    // instead of compressing on every request.
    compression({
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json tells static from dynamic imports (scripts/bundle-size.mjs).
    manifest: true,
    rolldownOptions: {
      // The staff's app, and the citizen's status page (vanilla TypeScript, no React: a phone
      // on a slow line loads only its own few kilobytes).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        status: fileURLToPath(new URL('./status.html', import.meta.url)),
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // The test files share one jsdom and one module graph instead of building both again for
    // each file (a third of the run's time before). What a test leaves behind is reset after
    // it (src/test/setup.ts: the DOM, storage, the language, the mocks), and each render gets
    // its own SWR cache (src/test/render-page.tsx); the files pass in any order
    // (--sequence.shuffle.files).
    isolate: false,
    // CI machines share two cores between jsdom workers; a form test that types a dozen
    // fields can need more than the 5 s default there without anything being wrong.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { pagePreloads } from './build/page-preloads'
import { pageModules } from './src/app/page-modules'

// In development the API runs separately (apps/server on :3000); in production it serves this build itself.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000'
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/uploads': { target: apiTarget, changeOrigin: false },
}

// react-router's package exports point at its development build (dev warnings included) under every condition; its
// production build sits next to it. A production bundle takes that one (~-4 KB gzip on every page's first load).
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
)
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'production/dom-export.mjs') },
]

const signedInModules = [
  'app/routes/(category|product)-loader\\.ts',
  'app/routes/dashboard/(dashboard|payment)-loader\\.ts',
  'app/routes/dashboard/dashboard-root\\.tsx',
  'components/layouts/dashboard-layout\\.tsx',
  'features/auth/components/guards\\.tsx',
  'features/auth/api/(roles|get-public-config)\\.ts',
  'features/bookings/api/(bookings|booking-parser|get-booking)\\.ts',
  'features/products/api/(get-category-products|get-product)\\.ts',
  'features/wishlists/api/wishlists\\.ts',
  'components/ui/(form-alert|table)\\.tsx',
  'components/layouts/dashboard-page\\.tsx',
  'lib/(notify|render-in-stages|format-date)\\.tsx?',
].map((file) => `apps[\\\\/]web[\\\\/]src[\\\\/]${file.replaceAll('/', '[\\\\/]')}$`)
const signedInShared = new RegExp(
  [
    ...signedInModules,
    // messages.ts and its per-domain modules in messages/
    'packages[\\\\/]shared[\\\\/]src[\\\\/]messages([\\\\/][a-z-]+)?\\.ts$',
    'node_modules[\\\\/]@tanstack[\\\\/].*(useMutation|mutationObserver)\\.js$',
    'node_modules[\\\\/]lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](flag|heart|lock|arrow-left|circle-alert|circle-exclamation-point|circle-check|shield-check|clock|eye-off|trash|refresh-cw|panel-left-open)\\.mjs$',
  ].join('|'),
)

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), pagePreloads(pageModules)],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the es2022 target runs in supports <link rel="modulepreload">: no polyfill in the first chunk.
    // index.html preloads what the first chunk imports. The lazy routes' own lists of files to preload are left out
    // of the first chunk (~1.4 KB gzip of file names): on a page load the server names that page's chunks in its HTML
    // (page-preloads.json, docs/decisions/011), and a move within the app finds a route's imports when its chunk
    // arrives, one short round trip later.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // dist/.vite/manifest.json: scripts/check-first-load.ts follows each route's static imports in it
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // a group takes the modules its test names, not what they import (those stay where they are)
          includeDependenciesRecursively: false,
          groups: [
            // The runtime every page needs changes rarely: keep it in its own long-cached chunk.
            // Libraries used by one route only (forms, zod resolvers...) stay with that route's lazy chunk.
            // Mutations (useMutation and its observer) serve the forms only, so they stay with the lazy form chunks.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/](?!.*(useMutation|mutationObserver)\.js$)/,
              priority: 2,
            },
            // zod is loaded on demand (see features/*/api): one named, long-cached chunk.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            // react-hot-toast (and goober, its CSS-in-JS) loads with the first toast: one named chunk, like zod.
            { name: 'toast', test: /node_modules[\\/](react-hot-toast|goober)[\\/]/, priority: 1 },
            // The small, zod-free modules the signed-in pages share (loaders, guards, answer checks, the spec's texts,
            // icons): left to themselves they make a file of 0.2–2 KB for every set of pages sharing them, ~15 files
            // on one page, each a round trip on a phone. One chunk instead (decision 011). None is on the home page.
            { name: 'signed-in', test: signedInShared, priority: 1 },
          ],
        },
      },
    },
  },
}))

import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

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

// The pages, their chunks and what each page preloads come from src/app/routes.ts through React Router's plugin
// (docs/decisions/015). In development the Fastify server runs this config in middleware mode (npm run dev).
export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Left to itself the build makes a file of every set of modules some routes share: ~40 files of 0.2–3 KB on
        // the home page, each a request of its own (six at a time on HTTP/1.1) before the page can hydrate. Two
        // groups by folder instead (decision 015): the runtime every page runs, and the app's own shared code.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|lucide-react)[\\/]/,
              priority: 2,
            },
            {
              name: 'app',
              // not lib/toast (react-hot-toast loads with the first toast) nor the server-only modules
              test: /apps[\\/]web[\\/]src[\\/](lib|components|config)[\\/](?!toast\.|server-api)|packages[\\/]shared[\\/]src[\\/](constants|images|site-messages|messages)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // The server bundle carries its packages (React's production build among them, chosen by NODE_ENV at bundling): the
  // server process never sets NODE_ENV (decision 012), and Node would otherwise load React's development build.
  ...(command === 'build'
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
}))

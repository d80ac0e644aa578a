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
  build: { target: 'es2022' },
  // The server bundle carries its packages (React's production build among them, chosen by NODE_ENV at bundling): the
  // server process never sets NODE_ENV (decision 012), and Node would otherwise load React's development build.
  ...(command === 'build'
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
}))

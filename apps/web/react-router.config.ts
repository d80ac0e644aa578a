import type { Config } from '@react-router/dev/config'

// React Router in framework mode (docs/decisions/015): src/app/routes.ts is the one list of pages, the build writes
// dist/client (the browser's files) and dist/server (the page renderer the Fastify server mounts after /api).
export default {
  appDirectory: 'src/app',
  buildDirectory: 'dist',
  ssr: true,
} satisfies Config

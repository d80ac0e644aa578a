// Test hook for browser tests: '/__error' always renders the route-error screen, the way a failed loader does (status
// text 'Test failure'). Not linked from anywhere.
const fail = () => {
  throw new Response('Test failure', { status: 500, statusText: 'Test failure' })
}

export const loader = fail
export const clientLoader = fail

export default function TestError() {
  return null
}

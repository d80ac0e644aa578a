import { messages } from '@preloved/shared/messages'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentType } from 'react'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_QUERY_KEY } from '@/lib/auth-client'
import { LoginScreen } from './login-screen'
import { SignupScreen } from './signup-screen'

// The sign-up and login forms' own rules (the shared schema through react-hook-form): each message under its field,
// tied to it for screen readers, and nothing sent while one shows. The journeys through a real server (signing up,
// signing in, a wrong password) stay in e2e/auth.test.ts.

/** Every request the page tries: none is answered, and a form that is refused must make none. */
let requests: string[]
beforeEach(() => {
  requests = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    requests.push(String(input instanceof Request ? input.url : input))
    return new Promise<Response>(() => {})
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The screen at `path`, signed out (the session already known), with the home page to land on. */
function open(path: string, Screen: ComponentType) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } })
  client.setQueryData(SESSION_QUERY_KEY, null)
  const Stub = createRoutesStub([
    { path, Component: Screen },
    { path: '/', Component: () => <p>Home</p> },
  ])
  render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={[path]} />
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

/** The text the field's aria-describedby names (its hint and its error). */
function describedText(field: HTMLElement): string[] {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`)
}

describe('the sign-up form', () => {
  it('shows every rule under its field, tied to it, and sends nothing', async () => {
    const user = open('/signup', SignupScreen)
    const submit = screen.getByRole('button', { name: 'SIGN UP' })
    await user.click(submit)
    for (const message of [messages.auth.nameRequired, messages.auth.emailRequired, messages.auth.passwordRequired]) {
      await screen.findByText(message, { exact: true })
    }
    // the error is tied to its field
    const name = screen.getByLabelText('Name', { exact: true })
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(describedText(name)).toEqual([messages.auth.nameRequired])

    const password = screen.getByLabelText('Password', { exact: true })
    const cases: [string, string][] = [
      ['Ab#1', messages.auth.passwordMin],
      ['abcdef', messages.auth.passwordRule],
      ['abcde#1', messages.auth.passwordRule], // no uppercase
      ['Abcdef#', messages.auth.passwordRule], // no number
      ['Abcdef1', messages.auth.passwordRule], // no special character
      ['Abcde1%', messages.auth.passwordRule], // % is not one of ! @ # $ & *
    ]
    for (const [value, message] of cases) {
      await user.clear(password)
      await user.type(password, value)
      await user.click(submit)
      await screen.findByText(message, { exact: true })
      expect(describedText(password)).toContain(message)
    }
    await user.clear(password)
    await user.type(password, 'Abcde1&')
    await user.click(submit)
    await vi.waitFor(() => expect(screen.queryByText(messages.auth.passwordRule, { exact: true })).toBeNull())
    expect(screen.queryByText(messages.auth.passwordMin, { exact: true })).toBeNull()
    expect(password.getAttribute('aria-invalid')).not.toBe('true')
    // name and email still missing: still the form, and nothing asked of the server
    expect(screen.getByText(messages.auth.nameRequired, { exact: true })).toBeTruthy()
    expect(screen.queryByText('Home')).toBeNull()
    expect(requests).toEqual([])
  })
})

describe('the login form', () => {
  it('shows every rule under its field and sends nothing', async () => {
    const user = open('/login', LoginScreen)
    const submit = screen.getByRole('button', { name: 'LOGIN' })
    await user.click(submit)
    await screen.findByText(messages.auth.emailRequired, { exact: true })
    await screen.findByText(messages.auth.passwordRequired, { exact: true })
    const email = screen.getByLabelText('Email', { exact: true })
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(describedText(email)).toEqual([messages.auth.emailRequired])

    await user.type(email, 'lena.login@example.test')
    await user.type(screen.getByLabelText('Password', { exact: true }), 'abc')
    await user.click(submit)
    await screen.findByText(messages.auth.passwordMin, { exact: true })
    expect(screen.queryByText(messages.auth.emailRequired, { exact: true })).toBeNull()
    expect(screen.queryByText('Home')).toBeNull()
    expect(requests).toEqual([])
  })
})

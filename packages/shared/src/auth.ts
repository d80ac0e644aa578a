import { z } from 'zod'
import './zod-config.ts'
import { PASSWORD_MIN, ROLES } from './constants.ts'
import { messages } from './messages.ts'

const email = z
  .string({ error: messages.auth.emailRequired })
  .trim()
  .min(1, messages.auth.emailRequired)
  .email('email must be a valid email address')
  .max(254, 'email is too long')

const password = z
  .string({ error: messages.auth.passwordRequired })
  .min(1, messages.auth.passwordRequired)
  .min(PASSWORD_MIN, messages.auth.passwordMin)
  .max(128, 'Password must be at most 128 characters')

/** The sign-up rule of docs/product/accounts.md#sign-up: an uppercase letter, a digit and one of ! @ # $ & *. */
export const strongPasswordSchema = password.regex(/^(?=.*[A-Z])(?=.*\d)(?=.*[!@#$&*]).*$/, messages.auth.passwordRule)

export const loginSchema = z.object({ email, password })
export type LoginInput = z.infer<typeof loginSchema>

export const signupRoleSchema = z.enum(['customer', 'seller'], { error: 'Role must be customer or seller' })
export type SignupRole = z.infer<typeof signupRoleSchema>

/** Display names show on every listing and order: at most this many characters, wherever a name is set. */
export const DISPLAY_NAME_MAX = 80

/**
 * A display name: sign-up, POST /api/users and better-auth's update-user alike. The length is checked before the
 * trim: better-auth stores the body as sent, so trailing blanks must not carry a huge name past the limit.
 */
export const displayNameSchema = z
  .string({ error: messages.auth.nameRequired })
  .max(DISPLAY_NAME_MAX, messages.auth.nameTooLong)
  .trim()
  .min(1, messages.auth.nameRequired)

/** better-auth's POST /api/auth/update-user: a name, when it changes one, within the same limit. */
export const updateUserBodySchema = z.object({ name: displayNameSchema.optional() })

export const signupSchema = z.object({
  name: displayNameSchema,
  email,
  password: strongPasswordSchema,
  role: signupRoleSchema,
})
export type SignupInput = z.infer<typeof signupSchema>

/** POST /api/users: the signed-in user's own profile (docs/product/accounts.md#sign-up). */
export const recordUserBodySchema = signupSchema.pick({ name: true, email: true, role: true })
export type RecordUserBody = z.infer<typeof recordUserBodySchema>

export const emailParamSchema = z.object({ email: z.string().trim().min(1).max(254) })
export const emailQuerySchema = z.object({ email })

export const accessTokenSchema = z.object({ accessToken: z.string() })
export const isAdminSchema = z.object({ isAdmin: z.boolean() })
export const isSellerSchema = z.object({ isSeller: z.boolean() })
export const isVerifiedSchema = z.object({
  isVerified: z.boolean(),
  /** Why an admin withdrew the verification, while it stays withdrawn. */
  reason: z.string().optional(),
})

export const forgotPasswordSchema = z.object({ email })
export const resetPasswordSchema = z
  .object({ password: strongPasswordSchema, confirm: z.string().min(1, 'Please repeat the new password') })
  .refine((v) => v.password === v.confirm, { message: 'The two passwords differ', path: ['confirm'] })

/** A session begun this soon after its account was created is the account's first (sign-up, then signed in). */
const FIRST_SESSION_MS = 60_000

/** The signed-in user as the app sees it (GET /api/me). */
export const meSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'seller', 'admin']),
  verified: z.literal('yes').optional(),
})
export type Me = z.infer<typeof meSchema>

/**
 * better-auth's GET /api/auth/get-session answer, as the app reads it: the signed-in user, or null without a session.
 * An account without a recorded (or with an unknown) role is an ordinary customer (docs/product/accounts.md#roles: customer is the default).
 */
export const sessionAnswerSchema = z
  .object({
    user: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLES).catch('customer'),
      createdAt: z.coerce.date().optional().catch(undefined),
    }),
    session: z
      .object({ createdAt: z.coerce.date().optional().catch(undefined) })
      .optional()
      .catch(undefined),
  })
  .nullish()
  .transform((answer) => {
    if (!answer) return null
    const { createdAt: joined, ...user } = answer.user
    const started = answer.session?.createdAt
    // the session that began with the account (sign-up signs in at once): the user's first visit
    const firstSession =
      joined !== undefined && started !== undefined && started.getTime() - joined.getTime() < FIRST_SESSION_MS
    return { ...user, firstSession }
  })
export type SessionUser = NonNullable<z.output<typeof sessionAnswerSchema>>

/** What the sign-in screens need to know about this installation (GET /api/config). */
export const publicConfigSchema = z.object({
  /** Which provider "Continue With Google" uses, or null when none is configured. */
  googleSignIn: z.enum(['google', 'oidc']).nullable(),
  payments: z.object({ provider: z.enum(['test', 'stripe']), publishableKey: z.string().nullable() }),
  /** How long a booking holds its bag for the customer before payment (HOLD_MINUTES). */
  holdMinutes: z.number().int().positive(),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>

import { zodResolver } from '@hookform/resolvers/zod'
import { type SignupInput, type SignupRole, signupSchema } from '@preloved/shared/auth'
import { messages } from '@preloved/shared/messages'
import { Check } from 'lucide-react'
import { useId } from 'react'
import { type UseFormRegisterReturn, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { paths } from '@/config/paths'
import { toast } from '@/lib/toast'
import { useSignup } from '../api/sign-up'
import { useQueryParams } from '../origin'
import { AuthLayout, OrDivider } from './auth-layout'
import { GoogleSignInButton } from './google-sign-in-button'

const perks = [
  'Book checked, fairly priced bags and pay by card',
  'Keep a wishlist of the finds you love',
  'Sell the bags you no longer carry, at your price',
]

function SignupAside() {
  return (
    <div className="flex flex-col gap-3 md:gap-5">
      <p className="text-sm font-semibold tracking-[0.14em] text-accent">Join Preloved Bags Co.</p>
      <p className="font-display text-2xl leading-tight font-semibold text-balance sm:text-3xl md:text-4xl">
        Give a good bag its next chapter.
      </p>
      <ul className="hidden flex-col gap-2.5 text-sm text-neutral-content/85 sm:flex">
        {perks.map((perk) => (
          <li key={perk} className="flex items-start gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            {perk}
          </li>
        ))}
      </ul>
    </div>
  )
}

const roleOptions: { value: SignupRole; label: string; hint: string }[] = [
  { value: 'customer', label: 'Customer', hint: 'Buy bags and keep a wishlist' },
  { value: 'seller', label: 'Seller', hint: 'List your bags for sale' },
]

/** 'Signing as': Customer or Seller, as two selectable cards (a native radio group). */
function RoleChoice(props: UseFormRegisterReturn<'role'>) {
  const id = useId()
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Signing as</legend>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
        {roleOptions.map((option) => (
          <div
            key={option.value}
            className="relative flex items-start gap-3 rounded-field border border-base-300 bg-base-100 px-4 py-3 transition-colors has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              value={option.value}
              aria-describedby={`${id}-${option.value}-hint`}
              className="radio mt-0.5 radio-sm radio-primary focus-visible:outline-none"
              {...props}
            />
            <div className="flex flex-col">
              <label
                htmlFor={`${id}-${option.value}`}
                className="cursor-pointer font-medium after:absolute after:inset-0 after:content-['']"
              >
                {option.label}
              </label>
              <span id={`${id}-${option.value}-hint`} className="text-xs text-base-content/70">
                {option.hint}
              </span>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  )
}

/** '/signup' (docs/product/accounts.md#sign-up): name, email, password and the role; Google; and the way back to login. */
export function SignupScreen() {
  const navigate = useNavigate()
  const params = useQueryParams()
  const signup = useSignup()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    // '/signup?role=seller' (from the page on becoming a seller) starts on Seller
    defaultValues: { name: '', email: '', password: '', role: params.get('role') === 'seller' ? 'seller' : 'customer' },
  })

  const onSubmit = handleSubmit((values) =>
    signup.mutate(values, {
      onSuccess: () => {
        toast.success(messages.auth.created)
        navigate(paths.home())
      },
    }),
  )
  const busy = signup.isPending || signup.isSuccess
  const formError =
    signup.error?.message ?? (params.get('error') && signup.isIdle ? messages.auth.providerFailed : undefined)

  return (
    <AuthLayout title="Sign Up" lead="Create your account as a customer or a seller." aside={<SignupAside />}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={messages.auth.passwordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <RoleChoice {...register('role')} />
        <Button type="submit" block disabled={busy} aria-busy={busy}>
          {busy ? <span aria-hidden="true" className="loading loading-spinner loading-sm" /> : null}
          SIGN UP
        </Button>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
      </form>
      <OrDivider />
      <GoogleSignInButton label="Sign in With Google" returnTo={paths.home()} errorPath={paths.signup()} />
      <p className="border-t border-base-300 pt-6 text-center text-sm text-base-content/75">
        Already have an account?{' '}
        <Link to={paths.login()} className="link font-semibold link-primary">
          Login Now
        </Link>
      </p>
    </AuthLayout>
  )
}

import type { ComponentProps } from 'react'
import { Link, type LinkProps } from 'react-router'
import { cn } from '@/lib/cn'
import { useHydrated } from '@/lib/use-hydrated'

type Variant = 'primary' | 'accent' | 'neutral' | 'ghost' | 'outline' | 'subtle' | 'light' | 'link'
type Size = 'sm' | 'md' | 'lg'

const variantClasses: Record<Variant, string> = {
  primary: 'btn-primary',
  accent: 'btn-accent',
  neutral: 'btn-neutral',
  ghost: 'btn-ghost',
  outline: 'btn-outline btn-primary',
  // A quiet bordered button on light surfaces (third-party sign-in, secondary actions).
  subtle: 'border-base-300 bg-base-100 text-base-content shadow-none hover:border-base-content/25 hover:bg-base-200',
  // For dark surfaces (hero overlays, the sell banner): ivory button with espresso text.
  light: 'border-base-100 bg-base-100 text-neutral hover:border-base-200 hover:bg-base-200',
  link: 'btn-link px-0 text-primary',
}

const sizeClasses: Record<Size, string> = { sm: 'btn-sm', md: '', lg: 'btn-lg' }

export type ButtonStyle = { variant?: Variant; size?: Size; block?: boolean; className?: string }

export const buttonClass = ({ variant = 'primary', size = 'md', block = false, className }: ButtonStyle = {}) =>
  cn('btn', variantClasses[variant], sizeClasses[size], block && 'btn-block', className)

type ButtonProps = Omit<ComponentProps<'button'>, 'className'> & ButtonStyle

/**
 * A form's submit button waits for the page's JavaScript: pressed in the server's HTML before hydration, it would send
 * the form the browser's own way (a GET with the fields, a password included, in the address).
 */
export function Button({ variant, size, block, className, type, disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated()
  const submit = type === 'submit'
  return (
    <button
      type={submit ? 'submit' : 'button'}
      className={buttonClass({ variant, size, block, className })}
      disabled={disabled || (submit && !hydrated)}
      {...props}
    />
  )
}

type ButtonLinkProps = Omit<LinkProps, 'className'> & ButtonStyle

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, block, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, block, className })} {...props} />
}

import { messages } from '@preloved/shared/messages'
import {
  BLOG_TAGLINE_MAX,
  type Settings,
  SOCIAL_NETWORK_NAMES,
  SOCIAL_NETWORKS,
  settingsSchema,
} from '@preloved/shared/settings'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { Loading } from '@/components/ui/loading'
import { toast } from '@/lib/notify'
import { useSettings, useUpdateSettings } from '../api/settings'

type Errors = Partial<Record<keyof Settings | 'form', string>>

/** The admin's settings: the blog's tagline and the footer's social links (an empty link is not shown). */
export function SettingsForm() {
  const { data } = useSettings()
  if (!data) return <Loading className="py-12" />
  return <SettingsFields initial={data} />
}

function SettingsFields({ initial }: { initial: Settings }) {
  const update = useUpdateSettings()
  const [values, setValues] = useState<Record<keyof Settings, string>>({
    blogTagline: initial.blogTagline,
    facebook: initial.facebook ?? '',
    instagram: initial.instagram ?? '',
    x: initial.x ?? '',
    pinterest: initial.pinterest ?? '',
  })
  const [errors, setErrors] = useState<Errors>({})
  const set = (key: keyof Settings) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }))

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = settingsSchema.safeParse(values)
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as keyof Settings] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    update.mutate(parsed.data, {
      onSuccess: () => toast.success(messages.settings.saved),
      onError: (error) => setErrors({ form: error.message }),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-6">
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-display text-xl font-semibold">Blog</legend>
        <Field
          label="Blog tagline"
          name="blogTagline"
          value={values.blogTagline}
          onChange={set('blogTagline')}
          maxLength={BLOG_TAGLINE_MAX}
          error={errors.blogTagline}
          hint="The line under 'Our Blog' at the top of the blog page."
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-display text-xl font-semibold">Social links</legend>
        <p className="-mt-2 text-sm text-base-content/75">
          The footer shows an icon for each link given here, and none for an empty one. Give the address of the shop's
          own page, starting with https://.
        </p>
        {SOCIAL_NETWORK_NAMES.map((network) => (
          <Field
            key={network}
            label={`${SOCIAL_NETWORKS[network].label} page`}
            name={network}
            type="url"
            inputMode="url"
            placeholder={`https://www.${SOCIAL_NETWORKS[network].hosts[0]}/yourshop`}
            value={values[network]}
            onChange={set(network)}
            error={errors[network]}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  )
}

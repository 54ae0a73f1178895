import { Button, type ButtonProps } from '@mantine/core'
import type { MouseEventHandler, ReactNode } from 'react'
import { tryAgainIn } from '../lib/retry-wait'

/**
 * A form's submit button: busy while the form is sent; off while a refusal's wait (a 429's `Retry-After`) is not
 * over, saying the time left instead of its label ("Coba lagi dalam 12 detik"), so the user does not meet the same
 * refusal click after click. `form` is the form's `useForm` (its `busy` and `wait`).
 */
export function SubmitButton({
  form,
  children,
  type = 'submit',
  onClick,
  disabled,
  ...button
}: ButtonProps & {
  form: { busy: boolean; wait: number }
  children: ReactNode
  type?: 'submit' | 'button'
  onClick?: MouseEventHandler<HTMLButtonElement>
}) {
  return (
    <Button
      type={type}
      loading={form.busy}
      disabled={disabled || form.wait > 0}
      onClick={onClick}
      {...button}
    >
      {form.wait > 0 ? tryAgainIn(form.wait) : children}
    </Button>
  )
}

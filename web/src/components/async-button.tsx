import { Button } from '@mantine/core'
import { type ReactNode, useState } from 'react'

/** A button that shows it is busy while its action runs (and cannot be pressed twice meanwhile). */
export function AsyncButton({
  children,
  onClick,
  ...button
}: {
  children: ReactNode
  onClick: () => Promise<unknown>
  size?: string
  variant?: string
  color?: string
  'aria-label'?: string
}) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="sm"
      {...button}
      loading={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await onClick()
        } finally {
          setBusy(false)
        }
      }}
    >
      {children}
    </Button>
  )
}

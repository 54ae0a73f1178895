import { Button } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A small button that leads to another screen (a heading's "Buat …", "Laporan"). */
export function LinkButton({ to, children, variant }: { to: string; children: ReactNode; variant?: string }) {
  return (
    <Button component={Link} to={to} size="xs" variant={variant}>
      {children}
    </Button>
  )
}

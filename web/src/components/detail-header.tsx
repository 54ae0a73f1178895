import { Anchor, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { useScreenHeading } from './ui'

/**
 * What a list's link to one of its records carries (`state`): the list as it is shown (its filters, search and
 * page), for the record's way back (`DetailHeader`) to return to it.
 */
export function useFromList(): { back: string } {
  const { pathname, search } = useLocation()
  return { back: `${pathname}${search}` }
}

/**
 * The head of a record's screen: the way back to its list, its name, and a line about it. The way back returns to
 * the list as it was left (`useFromList`: HR reviewing one vacancy's applicants went back to every applicant of
 * every vacancy), or to the list itself when the record was opened otherwise (a notice, a link).
 */
export function DetailHeader({
  back,
  title,
  children,
}: {
  back: { to: string; label: string }
  title: string
  children?: ReactNode
}) {
  const heading = useScreenHeading(title)
  const from = (useLocation().state as { back?: unknown } | null)?.back
  const to = typeof from === 'string' && (from === back.to || from.startsWith(`${back.to}?`)) ? from : back.to
  return (
    <div>
      <Anchor component={Link} to={to} size="sm">
        ← {back.label}
      </Anchor>
      <Title order={1} size="h2" mt={4} {...heading}>
        {title}
      </Title>
      {children}
    </div>
  )
}

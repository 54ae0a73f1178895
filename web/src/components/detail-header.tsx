import { Anchor, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useScreenHeading } from './ui'

/** The head of a record's screen: the way back to its list, its name, and a line about it. */
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
  return (
    <div>
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.label}
      </Anchor>
      <Title order={1} size="h2" mt={4} {...heading}>
        {title}
      </Title>
      {children}
    </div>
  )
}

import { Anchor, Card, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** One figure on a card: its name, the number, and a line of context. */
export function Stat({
  name,
  value,
  hint,
  to,
}: {
  name: string
  value: string
  hint?: ReactNode
  to?: string
}) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {to ? (
          <Anchor component={Link} to={to} inherit c="dimmed">
            {name}
          </Anchor>
        ) : (
          name
        )}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  )
}

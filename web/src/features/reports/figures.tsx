import { Card, SimpleGrid, Stack } from '@mantine/core'
import type { ComponentProps, ReactNode } from 'react'
import { BarChart } from '../../components/bar-chart'
import { formatNumber, formatPercent } from '../../lib/format'

/** The charts' colours (Mantine's palette). */
export const COLORS = {
  blue: 'var(--mantine-color-blue-6)',
  teal: 'var(--mantine-color-teal-6)',
  green: 'var(--mantine-color-green-7)',
  yellow: 'var(--mantine-color-yellow-5)',
  red: 'var(--mantine-color-red-6)',
  orange: 'var(--mantine-color-orange-5)',
  gray: 'var(--mantine-color-gray-5)',
  grape: 'var(--mantine-color-grape-6)',
}

export const n = formatNumber
export const pct = (v: number | null | undefined) => formatPercent(v, 2)

/** A report: its key figures in a row of cards, then its charts and tables. */
export function ReportFrame({
  cols,
  stats,
  children,
}: {
  cols: number
  stats: ReactNode
  children: ReactNode
}) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: cols }}>{stats}</SimpleGrid>
      {children}
    </Stack>
  )
}

/** A chart on its own card. */
export function ChartCard(props: ComponentProps<typeof BarChart>) {
  return (
    <Card withBorder>
      <BarChart {...props} />
    </Card>
  )
}

import { Anchor, Button, Group, Text, Title } from '@mantine/core'
import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { formatDateTime } from '../lib/format'
import { issuerName } from '../lib/school'
import { schoolTimeZone, zoneName } from '../lib/school-zone'
import classes from './print-sheet.module.css'
import { useScreenHeading } from './ui'

/** The most rows a print view asks for at once (the API's largest page). */
export const PRINT_PAGE = 100

/** Every row of a paged list, page after page (a sheet is the whole list, not its first page). */
export async function everyPage<T>(
  get: (page: number) => Promise<{ data: T[]; meta: { total: number } }>,
): Promise<T[]> {
  const rows: T[] = []
  for (let page = 1; ; page++) {
    const r = await get(page)
    rows.push(...r.data)
    if (r.data.length < PRINT_PAGE || rows.length >= r.meta.total) return rows
  }
}

const dayFmt = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: schoolTimeZone,
})
const timeFmt = new Intl.DateTimeFormat('id-ID', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: schoolTimeZone,
})

/**
 * A test's time as the service's texts write it, on the school's clock: "Rabu, 15 Juli 2099 pukul 08.00 WIB", with
 * its end when it has a duration ("pukul 08.00–09.30 WIB").
 */
export function formatTestTime(at: string, durationMinutes?: number | null): string {
  const start = new Date(at)
  const end = durationMinutes
    ? `–${timeFmt.format(new Date(start.getTime() + durationMinutes * 60_000))}`
    : ''
  return `${dayFmt.format(start)} pukul ${timeFmt.format(start)}${end} ${zoneName(schoolTimeZone, start)}`
}

/**
 * A page made for paper (the sign-in sheet of a test, the announcement of a selection): on the screen, the way
 * back and "Cetak" above it; on paper (print.css), only the sheet: who issues it, its title and `children`. The
 * browser's print dialog opens by itself once `ready` (the rows are in), once.
 */
export function PrintSheet({
  back,
  title,
  ready,
  children,
}: {
  back: { to: string; label: string }
  title: string
  ready: boolean
  children: ReactNode
}) {
  const heading = useScreenHeading(title)
  const printed = useRef(false)
  useEffect(() => {
    if (!ready || printed.current) return
    printed.current = true
    window.print()
  }, [ready])
  return (
    <div className={classes.sheet}>
      <Group justify="space-between" mb="md" data-print="hide">
        <Anchor component={Link} to={back.to} size="sm">
          ← {back.label}
        </Anchor>
        <Button onClick={() => window.print()} disabled={!ready}>
          Cetak
        </Button>
      </Group>
      <Text className={classes.issuer}>{issuerName()} · bursa</Text>
      <Title order={1} size="h2" mb="sm" {...heading}>
        {title}
      </Title>
      {children}
      {ready && (
        <Text size="xs" mt="md" className={classes.printedAt}>
          Dicetak dari bursa, {formatDateTime(new Date().toISOString())}
        </Text>
      )}
    </div>
  )
}

/** The facts a sheet is about ("Tes", "Lowongan"), as label and value lines. */
export function SheetFacts({ name, facts }: { name: string; facts: [string, ReactNode][] }) {
  return (
    <section aria-label={name} className={classes.facts}>
      <dl>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

import { Box, Group, Stack, Text } from '@mantine/core'

/**
 * A plain horizontal bar chart (HTML and CSS, no chart library): one line per item, one bar per series
 * (side by side, or stacked into one bar). The numbers stay in the report's table; the chart is a picture
 * of them, so it is one labelled image for screen readers, with every value also written as text.
 */
export interface ChartSeries {
  key: string
  label: string
  color: string
}

export interface ChartItem {
  label: string
  /** The item's figures by series key (other fields are ignored). */
  values: Readonly<Record<string, unknown>>
}

const num = (it: ChartItem, key: string): number | null => {
  const v = it.values[key]
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

export function BarChart({
  title,
  series,
  items,
  stacked = false,
  max,
  format = (n) => String(n),
  limit = 12,
}: {
  title: string
  series: ChartSeries[]
  items: ChartItem[]
  stacked?: boolean
  /** The value of a full-width bar (100 for percentages); the largest value (or stack) otherwise. */
  max?: number
  format?: (n: number) => string
  limit?: number
}) {
  const shown = items.slice(0, limit)
  const total = (it: ChartItem) => series.reduce((s, x) => s + (num(it, x.key) ?? 0), 0)
  const top =
    max ??
    Math.max(
      1,
      ...shown.map((it) => (stacked ? total(it) : Math.max(...series.map((x) => num(it, x.key) ?? 0)))),
    )
  const width = (v: number | null) => `${Math.max(0, Math.min(100, ((v ?? 0) / top) * 100))}%`
  const fmt = (v: number | null) => (v == null ? '–' : format(v))
  const describe = (it: ChartItem) =>
    `${it.label}: ${series.map((x) => `${x.label} ${fmt(num(it, x.key))}`).join(', ')}`
  return (
    <Box component="figure" m={0} aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text component="figcaption" size="sm" fw={600}>
          {title}
        </Text>
        {series.length > 1 && (
          <Group gap="sm" aria-hidden="true">
            {series.map((x) => (
              <Group key={x.key} gap={4} wrap="nowrap">
                <Box w={10} h={10} style={{ background: x.color, borderRadius: 2 }} />
                <Text size="xs">{x.label}</Text>
              </Group>
            ))}
          </Group>
        )}
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          Belum ada data untuk grafik.
        </Text>
      ) : (
        <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((it, i) => (
            <li key={`${it.label}-${i}`} aria-label={describe(it)}>
              <Group justify="space-between" gap="xs" wrap="nowrap" aria-hidden="true">
                <Text size="xs" truncate>
                  {it.label}
                </Text>
                <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {series.map((x) => fmt(num(it, x.key))).join(' / ')}
                </Text>
              </Group>
              {stacked ? (
                <Box
                  aria-hidden="true"
                  h={12}
                  style={{ display: 'flex', background: 'var(--mantine-color-gray-1)', borderRadius: 3 }}
                >
                  <div
                    style={{ display: 'flex', width: width(total(it)), overflow: 'hidden', borderRadius: 3 }}
                  >
                    {series.map((x) => (
                      <div
                        key={x.key}
                        style={{ flexGrow: num(it, x.key) ?? 0, flexBasis: 0, background: x.color }}
                      />
                    ))}
                  </div>
                </Box>
              ) : (
                <Stack gap={2} aria-hidden="true">
                  {series.map((x) => (
                    <Box key={x.key} h={series.length > 1 ? 7 : 12} bg="gray.1" style={{ borderRadius: 3 }}>
                      <Box
                        h="100%"
                        w={width(num(it, x.key))}
                        style={{ background: x.color, borderRadius: 3 }}
                      />
                    </Box>
                  ))}
                </Stack>
              )}
            </li>
          ))}
          {items.length > shown.length && (
            <Text component="li" size="xs" c="dimmed">
              {`${shown.length} dari ${items.length} baris ditampilkan; selengkapnya di tabel.`}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  )
}

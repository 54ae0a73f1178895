import { Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A table whose last line (the totals) is set apart; wide tables scroll sideways on a phone. */
export function ReportTable({
  caption,
  head,
  rows,
  foot,
  minWidth = 640,
}: {
  caption: string
  head: string[]
  rows: ReactNode[][]
  foot?: ReactNode[]
  minWidth?: number
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} ta={i === 0 ? undefined : 'right'}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={head.length}>
                <Text c="dimmed" ta="center" size="sm" py="sm">
                  Tidak ada data untuk saringan ini.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r, i) => (
              <Table.Tr key={i}>
                {r.map((c, j) => (
                  <Table.Td key={j} ta={j === 0 ? undefined : 'right'}>
                    {c}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {foot && (
          <Table.Tfoot>
            <Table.Tr fw={700} bg="gray.0">
              {foot.map((c, j) => (
                <Table.Td key={j} ta={j === 0 ? undefined : 'right'}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  )
}

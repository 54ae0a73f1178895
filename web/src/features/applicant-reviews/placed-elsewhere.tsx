import { Badge } from '@mantine/core'

/**
 * An applicant another company accepted since they applied here (`placedElsewhere`): which company is never said,
 * and the application stays open, the learner may still choose this one (docs/decisions.md, "Applicant review").
 */
export function PlacedElsewhereBadge({ shown }: { shown: boolean }) {
  if (!shown) return null
  return (
    <Badge
      color="orange"
      variant="light"
      radius="sm"
      styles={{
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', overflow: 'visible' },
        label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 },
      }}
      title="Setelah melamar di sini, pelamar diterima perusahaan lain. Lamarannya tetap terbuka: pelamar masih dapat memilih perusahaan Anda."
    >
      Sudah diterima di perusahaan lain
    </Badge>
  )
}

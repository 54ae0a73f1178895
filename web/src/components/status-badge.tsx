import { Badge, Text } from '@mantine/core'
import { label, type Vocabulary } from '../lib/labels'

const COLORS: Partial<Record<Vocabulary, Record<string, string>>> = {
  applicationStatus: {
    pending: 'yellow',
    in_progress: 'blue',
    accepted: 'green',
    rejected: 'red',
    withdrawn: 'gray',
  },
  reviewDecision: { lolos: 'green', tidak_lolos: 'red' },
  selectionDecision: { pending: 'gray', diterima: 'green', tidak_diterima: 'red', cadangan: 'orange' },
  scheduleStatus: { scheduled: 'blue', ongoing: 'orange', done: 'teal', cancelled: 'gray' },
  attendance: { hadir: 'green', izin: 'yellow', alpa: 'red' },
  validation: { pending: 'yellow', verified: 'green', rejected: 'red' },
  activeStatus: { active: 'green', inactive: 'gray' },
  approvalStatus: { approved: 'green', pending: 'yellow', rejected: 'red' },
  registrationStatus: { unconfirmed: 'gray', pending: 'yellow', approved: 'green', rejected: 'red' },
  importAction: { create: 'blue', update: 'yellow', unchanged: 'gray', left: 'orange', error: 'red' },
  placementStatus: {
    active: 'green',
    contract_extended: 'blue',
    permanent: 'teal',
    moved: 'gray',
    resigned: 'gray',
  },
}

/** The badge colour of a code (gray when it has none). */
function colorOf(vocabulary: Vocabulary, code: string): string {
  return COLORS[vocabulary]?.[code] ?? 'gray'
}

/**
 * A code as a coloured badge with its label. The label wraps inside a narrow cell (a phone's table)
 * instead of being cut off.
 */
export function StatusBadge({ of, value }: { of: Vocabulary; value: string | null | undefined }) {
  if (!value) return <Text span>–</Text>
  return (
    <Badge
      color={colorOf(of, value)}
      variant="light"
      radius="sm"
      styles={{
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', overflow: 'visible' },
        label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 },
      }}
    >
      {label(of, value)}
    </Badge>
  )
}

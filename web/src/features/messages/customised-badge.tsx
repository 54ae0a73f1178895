import { Badge } from '@mantine/core'

/** Whether the school reworded a message; wraps inside a narrow cell instead of being cut off. */
export function CustomisedBadge({ customised }: { customised: boolean }) {
  return (
    <Badge
      color={customised ? 'blue' : 'gray'}
      variant="light"
      radius="sm"
      styles={{
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', overflow: 'visible' },
        label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 },
      }}
    >
      {customised ? 'Diubah sekolah' : 'Teks bawaan'}
    </Badge>
  )
}

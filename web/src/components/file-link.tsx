import { Anchor, Text } from '@mantine/core'
import { download } from '../api/client'
import { formatBytes } from '../lib/files'
import { toastError } from '../lib/toast'

/** A stored file (portfolio, attachment, decision letter) as a link that downloads it with the token. */
export function FileLink({
  file,
}: {
  file: { title: string; originalName: string; downloadUrl: string; size: number }
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="start"
      onClick={() => download(file.downloadUrl).catch(toastError)}
      aria-label={`Unduh ${file.title}`}
    >
      {file.title}{' '}
      <Text span size="xs" c="dimmed">
        ({file.originalName}, {formatBytes(file.size)})
      </Text>
    </Anchor>
  )
}

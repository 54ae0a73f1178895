import { Anchor, Loader, Text } from '@mantine/core'
import { useRef, useState } from 'react'
import { download, type UploadProgress } from '../api/client'
import { formatBytes } from '../lib/files'
import { toastError } from '../lib/toast'

/**
 * A stored file (portfolio, attachment, decision letter) as a link that downloads it with the token. While it
 * downloads (a CV on a phone's slow connection takes seconds) the link says so (a small loader, how far it got,
 * `aria-busy`) and a second tap is ignored: it started the same download again, and the file came twice.
 */
export function FileLink({
  file,
}: {
  file: { title: string; originalName: string; downloadUrl: string; size: number }
}) {
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  // Read at the tap itself: a second tap can come before the busy state is on the screen.
  const busy = useRef(false)
  const open = async () => {
    if (busy.current) return
    busy.current = true
    setProgress({ loaded: 0, total: 0 })
    try {
      await download(file.downloadUrl, setProgress)
    } catch (err) {
      toastError(err)
    } finally {
      busy.current = false
      setProgress(null)
    }
  }
  const percent = progress?.total ? ` ${Math.round((progress.loaded / progress.total) * 100)}%` : ''
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="start"
      onClick={open}
      aria-label={`Unduh ${file.title}`}
      aria-busy={progress ? true : undefined}
    >
      {file.title}{' '}
      <Text span size="xs" c="dimmed">
        ({file.originalName}, {formatBytes(file.size)})
      </Text>
      {progress && (
        <Text span size="xs" c="dimmed" ml={6} style={{ whiteSpace: 'nowrap' }}>
          <Loader size="xs" type="oval" display="inline-block" style={{ verticalAlign: 'middle' }} />{' '}
          mengunduh
          {percent}…
        </Text>
      )}
    </Anchor>
  )
}

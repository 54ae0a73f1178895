import { Button, Card, Center, Group, Modal, Stack, Text, Title } from '@mantine/core'
import { QRCodeSVG } from 'qrcode.react'
import { useCallback, useEffect, useState } from 'react'
import { api, unwrap } from '../../api/client'
import { formatDateTime } from '../../lib/format'

type CheckInCode = Awaited<ReturnType<typeof loadCode>>['data']

const loadCode = (id: number) =>
  unwrap(api.GET('/api/hrd/test-schedules/{id}/check-in-code', { params: { path: { id } } }))

/**
 * "Kode check-in": the test's rotating code as a QR code and as text, fetched again when the server says it
 * changes (every 30 seconds); outside the window, when it opens. Participants scan it with their phone (the
 * QR opens the check-in page) or type the code there. `onOpen` hears whether check-in is open now (the test page
 * then keeps its participants up to date).
 */
export function CheckInPanel({ id, onOpen }: { id: number; onOpen?: (open: boolean) => void }) {
  const [code, setCode] = useState<CheckInCode | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [left, setLeft] = useState<number | null>(null)
  const [big, setBig] = useState(false)

  const load = useCallback(
    () =>
      loadCode(id).then(
        (r) => {
          setCode(r.data)
          setError(null)
          setLeft(r.data.refreshInSeconds ?? null)
        },
        (e: Error) => setError(e.message),
      ),
    [id],
  )

  // The next code when the server's window changes; outside the window, look again every 30 seconds (it
  // opens on its own an hour before the test).
  useEffect(() => {
    load()
  }, [load])
  useEffect(() => {
    if (!code && !error) return
    const seconds = code?.refreshInSeconds ?? 30
    const timer = setTimeout(load, seconds * 1000 + 250)
    return () => clearTimeout(timer)
  }, [code, error, load])
  const open = code?.state === 'open'
  useEffect(() => onOpen?.(open), [open, onOpen])
  useEffect(() => {
    const tick = setInterval(() => setLeft((s) => (s === null ? null : Math.max(0, s - 1))), 1000)
    return () => clearInterval(tick)
  }, [])

  return (
    <Card withBorder aria-labelledby="check-in-title">
      <Title order={2} size="h4" mb="xs" id="check-in-title">
        Kode check-in
      </Title>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {code?.state === 'not_yet' && (
        <Text size="sm">
          Check-in dibuka {formatDateTime(code.opensAt)} (60 menit sebelum tes dimulai) sampai tes selesai.
          Kode dan QR tampil di sini saat itu.
        </Text>
      )}
      {code?.state === 'closed' && (
        <Text size="sm">
          Check-in sudah ditutup: tes berakhir {formatDateTime(code.closesAt)}. Kehadiran tetap dapat dicatat
          di daftar peserta.
        </Text>
      )}
      {code?.state === 'open' && code.code && code.url && (
        <Group align="center" gap="xl">
          <CodeView code={code.code} url={code.url} size={180} />
          <Stack gap={4} maw={360}>
            <Text size="sm">
              Peserta memindai QR dengan kamera ponsel (halaman check-in terbuka), atau membuka menu{' '}
              <b>Check-in tes</b> dan mengetik kode di samping QR.
            </Text>
            {/* No live region: a screen reader would read the countdown out every second. */}
            <Text size="sm" c="dimmed">
              Kode berganti setiap 30 detik{left !== null ? ` (${left} detik lagi)` : ''}. Check-in ditutup{' '}
              {formatDateTime(code.closesAt)}.
            </Text>
            <Button variant="light" size="xs" w="fit-content" onClick={() => setBig(true)}>
              Tampilkan layar penuh
            </Button>
          </Stack>
        </Group>
      )}
      <Modal opened={big} onClose={() => setBig(false)} fullScreen title="Kode check-in">
        {code?.code && code.url ? (
          <Center h="80vh">
            <CodeView code={code.code} url={code.url} size={420} />
          </Center>
        ) : (
          <Text>Check-in sedang tidak dibuka.</Text>
        )}
      </Modal>
    </Card>
  )
}

function CodeView({ code, url, size }: { code: string; url: string; size: number }) {
  return (
    <Stack align="center" gap="xs">
      <QRCodeSVG value={url} size={size} marginSize={2} title={`QR check-in ${code}`} />
      <Text
        ff="monospace"
        fw={700}
        fz={size > 300 ? 48 : 28}
        data-testid="check-in-code"
        aria-label={`Kode check-in ${code}`}
      >
        {code}
      </Text>
    </Stack>
  )
}

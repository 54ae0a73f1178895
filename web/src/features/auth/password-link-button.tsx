import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { type RefObject, useRef, useState } from 'react'
import { api, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { useFocusBack } from '../../components/focus-back'
import { formatDateTime } from '../../lib/format'
import { toastError, toastOk } from '../../lib/toast'

interface Sent {
  email: string
  link: string
  expiresAt: string
}

/**
 * Staff's "Kirim tautan atur ulang kata sandi" for one account (users, students, alumni): a one-time
 * link, by e-mail when the school has e-mail set up; otherwise the link is shown here to hand over in
 * person, with a copy button.
 */
export function PasswordLinkButton({ userId, email }: { userId: number; email: string }) {
  const [shown, setShown] = useState<Sent | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const send = () =>
    unwrap(api.POST('/api/admin/users/{id}/password-reset', { params: { path: { id: userId } } })).then(
      (res) => {
        if (res.data.emailed || !res.data.link) toastOk(res.message)
        else setShown({ email: res.data.email, link: res.data.link, expiresAt: res.data.expiresAt })
      },
      toastError,
    )
  return (
    <>
      <ConfirmButton
        title="Kirim tautan atur ulang kata sandi?"
        message={`${email} mendapat tautan sekali pakai (berlaku 60 menit) untuk membuat kata sandi baru. Kata sandi yang sekarang tetap berlaku sampai tautan dipakai.`}
        confirmLabel="Kirim tautan"
        color="blue"
        onConfirm={send}
        ref={button}
      >
        Kirim tautan atur ulang kata sandi
      </ConfirmButton>
      {shown && <LinkModal sent={shown} back={button} onClose={() => setShown(null)} />}
    </>
  )
}

function LinkModal({
  sent,
  back,
  onClose,
}: {
  sent: Sent
  /** The "Kirim tautan atur ulang kata sandi" that asked for the link. */
  back: RefObject<HTMLButtonElement | null>
  onClose: () => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  // Mounted only while open: Mantine would leave the focus on <body> once it closes. It opens as the confirmation's
  // "Kirim tautan" is busy (switched off: the browser has dropped the focus from it), so what has the focus then is
  // no way back; the button that asked is.
  useFocusBack(true, back)
  // The clipboard API needs a secure context (https or localhost); a school serving bursa over plain
  // http on its network gets the selected text copied the old way.
  const copy = async () => {
    try {
      if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(sent.link)
      else {
        input.current?.select()
        if (!document.execCommand('copy')) throw new Error('copy refused')
      }
      setCopied(true)
    } catch {
      input.current?.select()
      toastError(new Error('Tautan tidak dapat disalin otomatis; tautan sudah dipilih, salin dengan Ctrl+C.'))
    }
  }
  return (
    <Modal opened onClose={onClose} title="Tautan atur ulang kata sandi" centered size="lg">
      <Stack>
        <Alert color="yellow" role="status">
          E-mail belum dikonfigurasi, jadi tautan ini tidak dikirim. Serahkan tautan ini langsung kepada
          pemilik akun ({sent.email}).
        </Alert>
        <TextInput
          ref={input}
          label="Tautan"
          readOnly
          value={sent.link}
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Text size="xs" c="dimmed">
          Sekali pakai; berlaku sampai {formatDateTime(sent.expiresAt)}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Tutup
          </Button>
          <Button color={copied ? 'teal' : 'blue'} onClick={copy}>
            {copied ? 'Tersalin' : 'Salin tautan'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

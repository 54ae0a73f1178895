/**
 * Every message the service sends (in-app notice, e-mail or both), with its default wording and the
 * placeholders it may use. THE list: a message is sent by its key through `renderMessage`
 * (./render.ts), and the school may reword it (`/api/admin/message-templates`); a key that is not
 * here cannot be sent.
 *
 * Placeholders are written `{{name}}` in the title and body. A template may only use the placeholders
 * its entry names (checked when staff save it), so a message never goes out with a hole in it.
 */
export interface MessageDefinition {
  /** What it is, for the staff screen (Indonesian). */
  label: string
  /** How it travels: an in-app notice, an e-mail, or both. */
  channel: 'notice' | 'email' | 'both'
  title: string
  body: string
  /** Placeholder name → what it holds (Indonesian, for the staff screen). */
  placeholders: Record<string, string>
}

const define = <K extends string>(m: Record<K, MessageDefinition>) => m

export const MESSAGES = define({
  'password.reset': {
    label: 'Tautan atur ulang kata sandi',
    channel: 'email',
    title: 'Atur ulang kata sandi akun BKK Anda',
    body:
      'Yth. {{nama}},\n\nKami menerima permintaan untuk mengatur ulang kata sandi akun {{email}}. ' +
      'Buka tautan berikut dalam {{berlaku_menit}} menit untuk membuat kata sandi baru:\n\n{{tautan}}\n\n' +
      'Tautan hanya dapat dipakai sekali. Jika Anda tidak memintanya, abaikan e-mail ini; kata sandi Anda tidak berubah.\n\n' +
      'Salam,\nBursa Kerja Khusus',
    placeholders: {
      nama: 'Nama pemilik akun',
      email: 'E-mail akun',
      tautan: 'Tautan ke halaman atur ulang kata sandi',
      berlaku_menit: 'Berapa menit tautan berlaku',
    },
  },
})

export type MessageKey = keyof typeof MESSAGES
export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[]

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key)

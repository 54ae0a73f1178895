import { pageSetting } from './page-setting'

// The largest file the service takes (`UPLOAD_LIMIT_BYTES`, 10 MB unless the school set another), as the
// server writes it into the page (src/http/web.ts); and the types it takes: PDF and images.
const META = 'bursa-upload-limit'
const DEFAULT_LIMIT = 10 * 1024 * 1024

const written = Number(pageSetting(META) || undefined)
export const MAX_UPLOAD = Number.isSafeInteger(written) && written > 0 ? written : DEFAULT_LIMIT
export const UPLOAD_TYPES = 'application/pdf,image/jpeg,image/png,image/webp'

/** A file size as people read it: "512 B", "340 KB", "2,5 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024)
    return `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(n / 1024)} KB`
  return `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 }).format(n / 1024 / 1024)} MB`
}

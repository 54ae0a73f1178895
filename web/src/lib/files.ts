/** The largest file the service takes (10 MB), and the types it takes: PDF and images. */
export const MAX_UPLOAD = 10 * 1024 * 1024
export const UPLOAD_TYPES = 'application/pdf,image/jpeg,image/png,image/webp'

/** A file size as people read it: "512 B", "340 KB", "2,5 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024)
    return `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(n / 1024)} KB`
  return `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 }).format(n / 1024 / 1024)} MB`
}

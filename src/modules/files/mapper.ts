import type { files } from '../../db/schema/index.js'

type FileRow = Pick<
  typeof files.$inferSelect,
  'id' | 'category' | 'title' | 'originalName' | 'mimeType' | 'size'
> & {
  createdAt?: Date
}

/** A stored file as every response shows it (schema `FileOut` in http/schemas.ts). */
export function fileOut(row: FileRow) {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    originalName: row.originalName,
    mimeType: row.mimeType,
    size: row.size,
    downloadUrl: `/api/files/${row.id}/download`,
    ...(row.createdAt ? { createdAt: row.createdAt.toISOString() } : {}),
  }
}

import { describe, expect, it } from 'vitest'
import { contentDisposition, downloadName } from '../../src/modules/files/service.js'
import { displayName, newStorageKey } from '../../src/modules/files/upload.js'

describe('displayName()', () => {
  it('keeps only the last path part, without control or direction characters', () => {
    expect(displayName('../../etc/passwd')).toBe('passwd')
    expect(displayName('C:\\Users\\budi\\CV.pdf')).toBe('CV.pdf')
    expect(displayName('cv\u202Efdp.exe')).toBe('cvfdp.exe')
    expect(displayName('a\u0000b\r\n.pdf')).toBe('ab.pdf')
    expect(displayName('  .htaccess ')).toBe('htaccess')
  })

  it('falls back when nothing is left, and keeps the extension when it shortens', () => {
    expect(displayName('..', 'cv.pdf')).toBe('cv.pdf')
    expect(displayName(undefined)).toBe('berkas')
    const long = displayName(`${'é'.repeat(300)}.pdf`)
    expect(Array.from(long)).toHaveLength(200)
    expect(long.endsWith('é.pdf')).toBe(true)
  })
})

describe('downloadName() and contentDisposition()', () => {
  it('appends the sniffed extension only when the name does not carry it', () => {
    expect(downloadName({ originalName: 'foto.JPEG', mimeType: 'image/jpeg' })).toBe('foto.JPEG')
    expect(downloadName({ originalName: 'foto.jpg', mimeType: 'image/jpeg' })).toBe('foto.jpg')
    expect(downloadName({ originalName: 'cv.pdf', mimeType: 'image/webp' })).toBe('cv.pdf.webp')
    expect(downloadName({ originalName: 'passwd', mimeType: 'application/pdf' })).toBe('passwd.pdf')
  })

  it('quotes an ASCII fallback and encodes the exact name', () => {
    expect(contentDisposition('Surat "resmi" \\ ok.pdf')).toBe(
      `attachment; filename="Surat _resmi_ _ ok.pdf"; filename*=UTF-8''Surat%20%22resmi%22%20%5C%20ok.pdf`,
    )
    expect(contentDisposition('Piagam Juara 1 – Ümit.pdf')).toBe(
      `attachment; filename="Piagam Juara 1  Umit.pdf"; filename*=UTF-8''Piagam%20Juara%201%20%E2%80%93%20%C3%9Cmit.pdf`,
    )
    // A name written to look like a parameter of its own stays inside the fallback, defused.
    expect(contentDisposition("CV filename*=UTF-8''CV.html;.pdf")).toBe(
      `attachment; filename="CV filename__UTF-8''CV.html_.pdf"; filename*=UTF-8''CV%20filename%2A%3DUTF-8%27%27CV.html%3B.pdf`,
    )
    expect(contentDisposition('日本.pdf')).toBe(
      `attachment; filename="berkas.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`,
    )
  })
})

describe('newStorageKey()', () => {
  it('is random and says nothing about the file', () => {
    const a = newStorageKey('portfolio')
    expect(a).toMatch(/^portfolio\/\d{4}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(newStorageKey('portfolio')).not.toBe(a)
  })
})

/**
 * Every message the service sends (in-app notice, e-mail or both), with its default wording and the
 * placeholders it may use. THE list: a message is sent by its key through `renderMessage`
 * (./render.ts), and the school may reword it (`/api/admin/message-templates`); a key that is not
 * here cannot be sent.
 *
 * Placeholders are written `{{name}}` in the title and body. A template may only use the placeholders
 * its entry names (checked when staff save it), so a message never goes out with a hole in it.
 */
/** How a message travels (worded by the vocabulary's `messageChannel`). */
export const MESSAGE_CHANNELS = ['notice', 'email', 'both'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]

export interface MessageDefinition {
  /** What it is, for the staff screen (Indonesian). */
  label: string
  /** How it travels: an in-app notice, an e-mail, or both. */
  channel: MessageChannel
  title: string
  body: string
  /**
   * Placeholder name → what it holds (Indonesian, for the staff screen), with an example value for the
   * preview: `{ description, example }`. A bare description takes its example from `EXAMPLES` by name
   * (or shows the description in brackets).
   */
  placeholders: Record<string, string | Placeholder>
  /** Placeholders the school's wording must keep (a password e-mail's link): a save without one is 422. */
  required?: readonly string[]
}

/** A placeholder of a message: what it holds and a value the preview fills in. */
export interface Placeholder {
  description: string
  example: string
}

/** Example values by placeholder name, for placeholders whose entry gives only a description. */
export const EXAMPLES: Record<string, string> = {
  nama: 'Siti Rahmawati',
  email: 'siti.rahmawati@contoh.sch.id',
  tautan: 'https://bkk.contoh.sch.id/atur-kata-sandi?email=siti.rahmawati%40contoh.sch.id&token=contoh',
  berlaku_menit: '60',
  lowongan: 'Teknisi Listrik Pabrik',
  perusahaan: 'PT Sinar Jaya Abadi',
  nama_pelamar: 'Rina Marlina',
  judul: 'Teknisi Listrik Pabrik',
  alasan: 'Data perusahaan belum lengkap.',
  berlaku_jam: '24',
  berlaku_hari: '7',
}

/** The example a placeholder shows in a preview. */
export function exampleOf(name: string, p: string | Placeholder): string {
  return typeof p === 'string' ? (EXAMPLES[name] ?? `[${p}]`) : p.example
}

/** What a placeholder holds. */
export const descriptionOf = (p: string | Placeholder) => (typeof p === 'string' ? p : p.description)

const define = <K extends string>(m: Record<K, MessageDefinition>) => m

// Placeholders of the applicant's notices (applications, review, selection results).
const applicant = { description: 'Nama pelamar (penerima pesan)', example: 'Rina Marlina' }
const vacancy = { description: 'Judul lowongan', example: 'Teknisi Listrik Pabrik' }
const company = { description: 'Nama perusahaan', example: 'PT Sinar Jaya Abadi' }
const hrNotes = {
  description: 'Catatan HRD, diawali "Catatan HRD: " (kosong bila HRD tidak menulis catatan)',
  example: 'Catatan HRD: Berkas lengkap, sampai jumpa di psikotes.',
}

// Placeholders of the test-schedule messages (schedules, reminders), for the participant.
const testWhat = {
  nama: { description: 'Nama peserta (penerima pesan)', example: 'Rina Marlina' },
  jenis_tes: { description: 'Jenis tes', example: 'Psikotes' },
  nama_tes: { description: 'Nama tes', example: 'Psikotes Tahap 1' },
  lowongan: vacancy,
  perusahaan: company,
}
const testWhen = {
  waktu: {
    description: 'Hari, tanggal dan jam tes (zona waktu sekolah)',
    example: 'Rabu, 15 Juli 2026 pukul 08.00 WIB',
  },
  lokasi: { description: 'Tempat tes', example: 'Aula PT Sinar Jaya Abadi' },
}

export const MESSAGES = define({
  'application.received': {
    label: 'Lamaran baru masuk (untuk HRD atau petugas BKK)',
    channel: 'notice',
    title: 'Lamaran baru: {{lowongan}}',
    body: '{{nama_pelamar}} melamar {{lowongan}} di {{perusahaan}}. Lamaran menunggu seleksi berkas.',
    placeholders: {
      nama: { description: 'Nama akun HRD (atau petugas BKK) penerima', example: 'Dewi Lestari' },
      nama_pelamar: { description: 'Nama pelamar', example: 'Rina Marlina' },
      lowongan: vacancy,
      perusahaan: company,
    },
  },
  'application.review_passed': {
    label: 'Lolos seleksi berkas (untuk pelamar)',
    channel: 'notice',
    title: 'Lamaran Anda lolos seleksi berkas',
    body:
      'Selamat! Lamaran Anda untuk lowongan "{{lowongan}}" di {{perusahaan}} lolos seleksi berkas. ' +
      'Tunggu informasi jadwal tes berikutnya. {{catatan_hrd}}',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company, catatan_hrd: hrNotes },
  },
  'application.review_failed': {
    label: 'Tidak lolos seleksi berkas (untuk pelamar)',
    channel: 'notice',
    title: 'Hasil seleksi berkas lamaran Anda',
    body:
      'Mohon maaf, lamaran Anda untuk lowongan "{{lowongan}}" di {{perusahaan}} belum lolos seleksi berkas. ' +
      '{{catatan_hrd}}',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company, catatan_hrd: hrNotes },
  },
  'application.closed': {
    label: 'Lowongan dihapus perusahaan saat lamaran masih berjalan (untuk pelamar)',
    channel: 'notice',
    title: 'Lowongan "{{lowongan}}" ditutup',
    body:
      'Mohon maaf, lowongan "{{lowongan}}" di {{perusahaan}} telah ditutup oleh perusahaan, sehingga lamaran Anda ' +
      'tidak dilanjutkan. Silakan lihat lowongan lain yang sesuai.',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company },
  },
  'application.closed_by_school': {
    label: 'Lowongan dihapus petugas BKK saat lamaran masih berjalan (untuk pelamar)',
    channel: 'notice',
    title: 'Lowongan "{{lowongan}}" ditutup',
    body:
      'Mohon maaf, lowongan "{{lowongan}}" di {{perusahaan}} telah ditutup oleh BKK sekolah, sehingga lamaran Anda ' +
      'tidak dilanjutkan. Silakan lihat lowongan lain yang sesuai.',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company },
  },
  'application.on_hold': {
    label: 'Perusahaan dinonaktifkan BKK saat lamaran masih berjalan (untuk pelamar)',
    channel: 'notice',
    title: 'Seleksi "{{lowongan}}" dihentikan sementara',
    body:
      'Lamaran Anda untuk lowongan "{{lowongan}}" di {{perusahaan}} belum dapat diproses karena {{perusahaan}} ' +
      'sedang nonaktif sebagai mitra BKK sekolah. Lamaran Anda tetap tersimpan; bila perusahaan diaktifkan ' +
      'kembali, seleksi dilanjutkan. Anda juga dapat melamar lowongan lain yang sesuai.',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company },
  },
  'application.resumed': {
    label: 'Perusahaan diaktifkan kembali oleh BKK: seleksi dilanjutkan (untuk pelamar)',
    channel: 'notice',
    title: 'Seleksi "{{lowongan}}" dilanjutkan',
    body:
      '{{perusahaan}} kembali aktif sebagai mitra BKK sekolah, sehingga seleksi lamaran Anda untuk lowongan ' +
      '"{{lowongan}}" dilanjutkan. Pantau perkembangannya di Lamaran saya.',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company },
  },
  'application.terms_changed': {
    label: 'Ketentuan lowongan diubah setelah pelamar melamar (untuk pelamar)',
    channel: 'notice',
    title: 'Ketentuan lowongan "{{lowongan}}" berubah',
    body:
      'Lowongan "{{lowongan}}" di {{perusahaan}} yang Anda lamar telah diubah: {{perubahan}}. Periksa kembali ' +
      'lowongannya; bila tidak lagi sesuai, Anda dapat membatalkan lamaran di Lamaran saya.',
    placeholders: {
      nama: applicant,
      lowongan: { description: 'Judul lowongan (yang baru, bila diubah)', example: 'Teknisi Listrik Pabrik' },
      perusahaan: company,
      perubahan: {
        description:
          'Apa yang berubah, dari yang lama ke yang baru (gaji, jenis pekerjaan, lokasi, judul, …)',
        example:
          'gaji Rp4.500.000–Rp5.000.000 → Rp1.500.000–Rp2.000.000; jenis pekerjaan Penuh waktu → Kontrak; ' +
          'lokasi Bekasi, Jawa Barat → Karawang, Jawa Barat',
      },
    },
    required: ['perubahan'],
  },
  'selection.accepted': {
    label: 'Hasil seleksi: diterima (untuk pelamar)',
    channel: 'notice',
    title: 'Selamat! Anda diterima',
    body:
      'Selamat! Anda dinyatakan diterima pada lowongan "{{lowongan}}" di {{perusahaan}}. ' +
      'Lihat detail lamaran untuk hasil seleksi dan surat keputusan.',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company },
  },
  'selection.rejected': {
    label: 'Hasil seleksi: tidak diterima (untuk pelamar)',
    channel: 'notice',
    title: 'Hasil akhir seleksi lamaran Anda',
    body:
      'Mohon maaf, Anda belum diterima pada lowongan "{{lowongan}}" di {{perusahaan}}. ' +
      'Terima kasih telah mengikuti seluruh tahap seleksi.',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company },
  },
  'selection.waitlisted': {
    label: 'Hasil seleksi: cadangan (untuk pelamar)',
    channel: 'notice',
    title: 'Anda masuk daftar cadangan',
    body:
      'Anda masuk daftar cadangan pada lowongan "{{lowongan}}" di {{perusahaan}}. ' +
      'Perusahaan dapat menghubungi Anda bila ada tempat; pantau statusnya di Lamaran saya.',
    placeholders: { nama: applicant, lowongan: vacancy, perusahaan: company },
  },
  'test.scheduled': {
    label: 'Jadwal tes baru (untuk peserta, dengan undangan kalender)',
    channel: 'both',
    title: 'Jadwal {{jenis_tes}}: {{nama_tes}}',
    body: 'Anda dijadwalkan mengikuti {{jenis_tes}} "{{nama_tes}}" untuk lowongan "{{lowongan}}" di {{perusahaan}} pada {{waktu}} di {{lokasi}}.',
    placeholders: { ...testWhat, ...testWhen },
  },
  'test.rescheduled': {
    label: 'Perubahan waktu atau tempat tes (untuk peserta, dengan undangan kalender)',
    channel: 'both',
    title: 'Perubahan jadwal {{jenis_tes}}: {{nama_tes}}',
    body: 'Jadwal {{jenis_tes}} "{{nama_tes}}" untuk lowongan "{{lowongan}}" di {{perusahaan}} berubah menjadi {{waktu}} di {{lokasi}}.',
    placeholders: { ...testWhat, ...testWhen },
  },
  'test.cancelled': {
    label: 'Tes dibatalkan (untuk peserta, dengan pembatalan kalender)',
    channel: 'both',
    title: '{{jenis_tes}} dibatalkan: {{nama_tes}}',
    body: '{{jenis_tes}} "{{nama_tes}}" untuk lowongan "{{lowongan}}" di {{perusahaan}} pada {{waktu}} di {{lokasi}} dibatalkan. Alasan: {{alasan}}',
    placeholders: {
      ...testWhat,
      ...testWhen,
      alasan: { description: 'Alasan pembatalan dari HRD', example: 'Ruang tes sedang direnovasi.' },
    },
    required: ['alasan'],
  },
  'test.removed': {
    label: 'Peserta dikeluarkan dari jadwal tes (untuk peserta, dengan pembatalan kalender)',
    channel: 'both',
    title: 'Anda tidak lagi menjadi peserta {{jenis_tes}}: {{nama_tes}}',
    body: 'Anda tidak lagi dijadwalkan mengikuti {{jenis_tes}} "{{nama_tes}}" untuk lowongan "{{lowongan}}" di {{perusahaan}}. Informasi tahap berikutnya akan disampaikan kemudian.',
    placeholders: { ...testWhat, ...testWhen },
  },
  'test.not_needed': {
    label:
      'Tes yang tidak perlu dihadiri lagi: lamaran peserta keluar dari seleksi (e-mail untuk peserta, dengan pembatalan kalender)',
    channel: 'email',
    title: '{{jenis_tes}} tidak perlu dihadiri: {{nama_tes}}',
    body: 'Lamaran Anda untuk lowongan "{{lowongan}}" di {{perusahaan}} tidak lagi dalam tahap seleksi, sehingga Anda tidak perlu mengikuti {{jenis_tes}} "{{nama_tes}}" pada {{waktu}} di {{lokasi}}.',
    placeholders: { ...testWhat, ...testWhen },
  },
  'test.reminder': {
    label: 'Pengingat tes (untuk peserta, dengan undangan kalender)',
    channel: 'both',
    title: 'Pengingat: {{jenis_tes}} "{{nama_tes}}"',
    body: 'Jangan lupa, Anda mengikuti {{jenis_tes}} "{{nama_tes}}" untuk lowongan "{{lowongan}}" di {{perusahaan}} pada {{waktu}} di {{lokasi}}.',
    placeholders: { ...testWhat, ...testWhen },
  },
  'password.reset': {
    label: 'Tautan atur ulang kata sandi',
    channel: 'email',
    title: 'Atur ulang kata sandi akun BKK Anda',
    body:
      'Yth. {{nama}},\n\nKami menerima permintaan untuk mengatur ulang kata sandi akun {{email}}. ' +
      'Buka tautan berikut dalam {{berlaku_menit}} menit untuk membuat kata sandi baru:\n\n{{tautan}}\n\n' +
      'Tautan hanya dapat dipakai sekali. Jika Anda tidak memintanya, abaikan e-mail ini; kata sandi Anda tidak berubah.\n\n' +
      'Salam,\nBursa Kerja Khusus',
    required: ['tautan'],
    placeholders: {
      nama: 'Nama pemilik akun',
      email: 'E-mail akun',
      tautan: 'Tautan ke halaman atur ulang kata sandi',
      berlaku_menit: 'Berapa menit tautan berlaku',
    },
  },
  'registration.confirm_email': {
    label: 'Konfirmasi e-mail pendaftaran perusahaan',
    channel: 'email',
    title: 'Konfirmasi pendaftaran {{perusahaan}} di BKK',
    body:
      'Yth. {{nama}},\n\nTerima kasih telah mendaftarkan {{perusahaan}} sebagai perusahaan mitra Bursa Kerja Khusus. ' +
      'Buka tautan berikut dalam {{berlaku_jam}} jam untuk mengonfirmasi alamat e-mail Anda:\n\n{{tautan}}\n\n' +
      'Setelah dikonfirmasi, pendaftaran akan diperiksa oleh petugas BKK dan hasilnya dikirim ke e-mail ini. ' +
      'Jika Anda tidak merasa mendaftar, abaikan e-mail ini.\n\n' +
      'Salam,\nBursa Kerja Khusus',
    placeholders: {
      nama: { description: 'Nama narahubung (HRD) yang mendaftar', example: 'Rina Hartati' },
      perusahaan: 'Nama perusahaan',
      tautan: {
        description: 'Tautan konfirmasi e-mail',
        example: 'https://bkk.contoh.sch.id/daftar-perusahaan/konfirmasi?token=contoh',
      },
      berlaku_jam: { description: 'Berapa jam tautan berlaku', example: '72' },
    },
    required: ['tautan'],
  },
  'registration.approved': {
    label: 'Pendaftaran perusahaan disetujui',
    channel: 'email',
    title: 'Pendaftaran {{perusahaan}} disetujui',
    body:
      'Yth. {{nama}},\n\nPendaftaran {{perusahaan}} sebagai perusahaan mitra Bursa Kerja Khusus telah disetujui. ' +
      'Akun HRD Anda dibuat dengan e-mail {{email}}. Buka tautan berikut dalam {{berlaku_hari}} hari untuk membuat kata sandi:\n\n' +
      '{{tautan}}\n\nSetelah itu Anda dapat masuk dan memasang lowongan. ' +
      'Lowongan baru akan diperiksa petugas BKK sebelum tampil kepada siswa dan alumni.\n\n' +
      'Salam,\nBursa Kerja Khusus',
    placeholders: {
      nama: { description: 'Nama narahubung (HRD)', example: 'Rina Hartati' },
      perusahaan: 'Nama perusahaan',
      email: { description: 'E-mail akun HRD', example: 'rina.hartati@sinarjaya.co.id' },
      tautan: {
        description: 'Tautan untuk membuat kata sandi',
        example:
          'https://bkk.contoh.sch.id/atur-kata-sandi?email=rina.hartati%40sinarjaya.co.id&token=contoh',
      },
      berlaku_hari: { description: 'Berapa hari tautan berlaku', example: '7' },
    },
    required: ['tautan'],
  },
  'registration.rejected': {
    label: 'Pendaftaran perusahaan ditolak',
    channel: 'email',
    title: 'Pendaftaran {{perusahaan}} belum dapat disetujui',
    body:
      'Yth. {{nama}},\n\nTerima kasih atas minat {{perusahaan}} untuk bermitra dengan Bursa Kerja Khusus. ' +
      'Mohon maaf, pendaftaran Anda belum dapat kami setujui dengan alasan berikut:\n\n{{alasan}}\n\n' +
      'Anda dapat mendaftar kembali setelah memperbaiki hal di atas, atau menghubungi BKK sekolah.\n\n' +
      'Salam,\nBursa Kerja Khusus',
    placeholders: {
      nama: { description: 'Nama narahubung (HRD)', example: 'Rina Hartati' },
      perusahaan: 'Nama perusahaan',
      alasan: {
        description: 'Alasan penolakan dari petugas BKK',
        example: 'Alamat perusahaan tidak dapat kami verifikasi.',
      },
    },
    required: ['alasan'],
  },
  'registration.pending': {
    label: 'Pendaftaran perusahaan baru menunggu persetujuan (untuk petugas BKK)',
    channel: 'notice',
    title: 'Pendaftaran perusahaan baru: {{perusahaan}}',
    body:
      '{{perusahaan}} mendaftar sebagai perusahaan mitra (narahubung: {{narahubung}}). ' +
      'Pendaftaran menunggu pemeriksaan petugas BKK.',
    placeholders: {
      nama: { description: 'Nama petugas BKK penerima', example: 'Sari Wulandari' },
      perusahaan: 'Nama perusahaan',
      narahubung: { description: 'Nama narahubung (HRD) yang mendaftar', example: 'Rina Hartati' },
    },
  },
  'place.freed': {
    label: 'Tempat lowongan terbuka lagi, ada pelamar cadangan (untuk HRD atau petugas BKK)',
    channel: 'notice',
    title: 'Tempat terbuka lagi: {{lowongan}}',
    body:
      '{{nama_pelamar}} tidak lagi bekerja lewat lowongan {{lowongan}} ({{status}}), jadi tempatnya terbuka ' +
      'lagi. {{jumlah_cadangan}} pelamar cadangan dapat menggantikannya: ubah keputusannya menjadi "diterima" di ' +
      'Hasil seleksi, lalu umumkan.',
    placeholders: {
      nama: { description: 'Nama akun HRD (atau petugas BKK) penerima', example: 'Dewi Lestari' },
      nama_pelamar: { description: 'Nama yang tidak lagi bekerja', example: 'Rina Marlina' },
      lowongan: vacancy,
      status: { description: 'Status penempatannya sekarang', example: 'Mengundurkan diri' },
      jumlah_cadangan: { description: 'Jumlah pelamar cadangan lowongan itu', example: '2' },
    },
  },
  'vacancy.approved': {
    label: 'Lowongan HRD disetujui BKK (untuk HRD)',
    channel: 'both',
    title: 'Lowongan "{{judul}}" disetujui',
    body:
      'Yth. {{nama}},\n\nLowongan "{{judul}}" dari {{perusahaan}} telah disetujui petugas BKK. Selama aktif dan ' +
      'belum melewati batas pendaftaran, lowongan tampil bagi siswa dan alumni yang sesuai.\n\n{{tautan}}\n\n' +
      'Salam,\nBursa Kerja Khusus',
    placeholders: {
      nama: { description: 'Nama akun HRD penerima', example: 'Dewi Lestari' },
      judul: { description: 'Judul lowongan', example: 'Teknisi Listrik Pabrik' },
      perusahaan: { description: 'Nama perusahaan', example: 'PT Sinar Jaya Abadi' },
      tautan: {
        description: 'Tautan ke daftar lowongan HRD',
        example: 'https://bkk.contoh.sch.id/hrd/lowongan',
      },
    },
  },
  'vacancy.rejected': {
    label: 'Lowongan HRD ditolak BKK (untuk HRD)',
    channel: 'both',
    title: 'Lowongan "{{judul}}" belum disetujui',
    body:
      'Yth. {{nama}},\n\nLowongan "{{judul}}" dari {{perusahaan}} belum dapat disetujui petugas BKK dengan alasan ' +
      'berikut:\n\n{{alasan}}\n\nPerbaiki lowongan melalui tautan berikut; setelah disimpan, lowongan kembali ' +
      'menunggu persetujuan:\n\n{{tautan}}\n\nSalam,\nBursa Kerja Khusus',
    placeholders: {
      nama: { description: 'Nama akun HRD penerima', example: 'Dewi Lestari' },
      judul: { description: 'Judul lowongan', example: 'Teknisi Listrik Pabrik' },
      perusahaan: { description: 'Nama perusahaan', example: 'PT Sinar Jaya Abadi' },
      alasan: { description: 'Alasan penolakan dari petugas BKK', example: 'Gaji belum dicantumkan.' },
      tautan: {
        description: 'Tautan ke formulir ubah lowongan',
        example: 'https://bkk.contoh.sch.id/hrd/lowongan/12/ubah',
      },
    },
    required: ['alasan'],
  },
  'vacancy.deleted': {
    label: 'Lowongan dihapus petugas BKK (untuk HRD)',
    channel: 'both',
    title: 'Lowongan "{{judul}}" dihapus BKK',
    body:
      'Yth. {{nama}},\n\nLowongan "{{judul}}" dari {{perusahaan}} telah dihapus oleh petugas BKK ({{petugas}}). ' +
      'Lowongan tidak lagi tampil bagi siswa dan alumni; lamaran yang masih berjalan ditutup dan pelamarnya telah ' +
      'diberi tahu, dan jadwal tes yang belum dimulai dibatalkan. Hubungi BKK sekolah bila ada pertanyaan.\n\n' +
      'Salam,\nBursa Kerja Khusus',
    placeholders: {
      nama: { description: 'Nama akun HRD penerima', example: 'Dewi Lestari' },
      judul: { description: 'Judul lowongan', example: 'Teknisi Listrik Pabrik' },
      perusahaan: { description: 'Nama perusahaan', example: 'PT Sinar Jaya Abadi' },
      petugas: { description: 'Nama petugas BKK yang menghapusnya', example: 'Sari Wulandari' },
    },
  },
  'vacancy.deactivated': {
    label: 'Lowongan dinonaktifkan petugas BKK (untuk HRD)',
    channel: 'both',
    title: 'Lowongan "{{judul}}" dinonaktifkan BKK',
    body:
      'Yth. {{nama}},\n\nLowongan "{{judul}}" dari {{perusahaan}} telah dinonaktifkan oleh petugas BKK ' +
      '({{petugas}}). Selama nonaktif, lowongan tidak tampil bagi siswa dan alumni dan tidak menerima lamaran ' +
      'baru; lamaran yang sudah masuk tetap dapat Anda proses. Hubungi BKK sekolah bila ada pertanyaan.\n\n' +
      '{{tautan}}\n\nSalam,\nBursa Kerja Khusus',
    placeholders: {
      nama: { description: 'Nama akun HRD penerima', example: 'Dewi Lestari' },
      judul: { description: 'Judul lowongan', example: 'Teknisi Listrik Pabrik' },
      perusahaan: { description: 'Nama perusahaan', example: 'PT Sinar Jaya Abadi' },
      petugas: { description: 'Nama petugas BKK yang menonaktifkannya', example: 'Sari Wulandari' },
      tautan: {
        description: 'Tautan ke daftar lowongan HRD',
        example: 'https://bkk.contoh.sch.id/hrd/lowongan',
      },
    },
  },
  'vacancy.pending': {
    label: 'Lowongan HRD menunggu persetujuan (untuk petugas BKK)',
    channel: 'notice',
    title: 'Lowongan menunggu persetujuan: {{judul}}',
    body: 'Lowongan "{{judul}}" dari {{perusahaan}} menunggu persetujuan BKK sebelum tampil kepada siswa dan alumni.',
    placeholders: {
      nama: { description: 'Nama petugas BKK penerima', example: 'Sari Wulandari' },
      judul: { description: 'Judul lowongan', example: 'Teknisi Listrik Pabrik' },
      perusahaan: { description: 'Nama perusahaan', example: 'PT Sinar Jaya Abadi' },
    },
  },
})

export type MessageKey = keyof typeof MESSAGES
export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[]

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key)

import '@mantine/dates/styles.css'
import 'dayjs/locale/id'
import {
  DateInput,
  type DateInputProps,
  DatesProvider,
  type DatesProviderSettings,
  TimePicker,
} from '@mantine/dates'
import { type ReactNode, useId, useState } from 'react'
import { parseDateInput } from '../lib/date-input'

/**
 * Date and time fields that read Indonesian whatever the browser's language: `dd/mm/yyyy`, 24-hour
 * clock, month and day names in Indonesian, weeks from Monday. (A native `<input type=date>` follows the
 * browser's locale: `mm/dd/yyyy` and AM/PM on an English browser.) Values stay the API's: `YYYY-MM-DD`
 * and `HH:mm`.
 */
const SETTINGS: DatesProviderSettings = { locale: 'id', firstDayOfWeek: 1, weekendDays: [0] }

/** The calendar's arrows, named for a screen reader (Mantine leaves them unnamed). */
const ARROWS = {
  previousMonth: 'Bulan sebelumnya',
  nextMonth: 'Bulan berikutnya',
  previousYear: 'Tahun sebelumnya',
  nextYear: 'Tahun berikutnya',
  previousDecade: 'Dekade sebelumnya',
  nextDecade: 'Dekade berikutnya',
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'minDate' | 'maxDate' | 'excludeDate'> & {
  /** `YYYY-MM-DD`, or '' for none. */
  value: string
  onChange: (value: string) => void
  /**
   * The first and last days that make sense (`YYYY-MM-DD`, '' for no bound): the calendar greys out the days
   * beyond them. A day typed beyond them is kept, for the service to say why it is refused (Mantine's own
   * bounds would drop it without a word).
   */
  min?: string
  max?: string
}

export function DateField({
  value,
  onChange,
  min,
  max,
  required,
  label,
  popoverProps,
  ...rest
}: DateFieldProps) {
  // While the calendar is open, Escape closes it, not the dialog the field is in (a Mantine Modal closes on an
  // Escape whose target lacks this mark): the dialog closed with the date and everything else typed in it.
  const [calendarOpen, setCalendarOpen] = useState(false)
  return (
    <DatesProvider settings={SETTINGS}>
      <DateInput
        popoverProps={{
          ...popoverProps,
          onOpen: () => {
            setCalendarOpen(true)
            popoverProps?.onOpen?.()
          },
          onClose: () => {
            setCalendarOpen(false)
            popoverProps?.onClose?.()
          },
        }}
        data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
        valueFormat="DD/MM/YYYY"
        dateParser={parseDateInput}
        placeholder="hh/bb/tttt"
        allowDeselect
        clearable={!required}
        clearButtonProps={{
          'aria-label': typeof label === 'string' ? `Kosongkan ${label}` : 'Kosongkan tanggal',
        }}
        ariaLabels={ARROWS}
        label={label}
        required={required}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        excludeDate={(day) => Boolean((min && day < min) || (max && day > max))}
        {...rest}
      />
    </DatesProvider>
  )
}

/**
 * A time of day on the 24-hour clock (`HH:mm`, '' for none). Its two fields ("Jam", "Menit") are one group named
 * by the label ("Jam mulai (WIB)"), described by its message: a screen reader says which time they set, where it
 * read only "Jam" and "Menit".
 */
export function TimeField({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  error?: ReactNode
  required?: boolean
}) {
  const id = useId()
  return (
    <TimePicker
      id={id}
      role="group"
      aria-labelledby={`${id}-label`}
      label={label}
      format="24h"
      withDropdown
      hoursInputLabel="Jam"
      minutesInputLabel="Menit"
      required={required}
      error={error}
      value={value}
      onChange={(v) => onChange(v ? v.slice(0, 5) : '')}
    />
  )
}

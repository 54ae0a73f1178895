import { Button, type ButtonProps } from '@mantine/core'
import { download } from '../../api/client'
import { toastError } from '../../lib/toast'

/** The learner's test as an .ics file for their calendar: the same event as the e-mails carry. */
export const calendarUrl = (applicationId: number, scheduleId: number) =>
  `/api/my-applications/${applicationId}/tests/${scheduleId}.ics`

export function CalendarButton({
  applicationId,
  scheduleId,
  ...props
}: { applicationId: number; scheduleId: number } & ButtonProps) {
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      {...props}
      onClick={() => download(calendarUrl(applicationId, scheduleId)).catch(toastError)}
    >
      Tambahkan ke kalender (.ics)
    </Button>
  )
}

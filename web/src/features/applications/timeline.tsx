import { Card, Text, Timeline, Title } from '@mantine/core'
import { formatDateTime } from '../../lib/format'
import { eventLabel } from './event-label'

export interface TimelineEvent {
  stage: string
  status: string
  notes?: string | null
  at: string
  actor?: string | null
}

/** An application's history in words: each stage, its outcome, notes, when and by whom. */
export function ApplicationTimeline({ title, events }: { title: string; events: TimelineEvent[] }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
        {events.map((e, i) => (
          <Timeline.Item key={`${e.at}-${i}`} title={eventLabel(e).stage}>
            <Text size="sm">{eventLabel(e).status}</Text>
            {e.notes && (
              <Text size="sm" c="dimmed">
                {e.notes}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)}
              {e.actor && ` · ${e.actor}`}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  )
}

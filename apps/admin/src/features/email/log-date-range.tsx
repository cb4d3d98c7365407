import '@mantine/dates/styles.css';
import { Button, Group, Popover, Stack } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';

export type DayRange = { start: string; end: string } | null;

function label(range: DayRange): string {
  if (!range) return 'Pick a date range';
  const from = dayjs(range.start).format('MMM D, YYYY');
  const to = dayjs(range.end).format('MMM D, YYYY');
  return from === to ? from : `${from} – ${to}`;
}

/**
 * Spec §2: a two-month calendar with future days disabled, Clear and Apply (disabled until a day is
 * chosen). A single chosen day is a one-day range. Days are YYYY-MM-DD (the server filters whole days).
 */
export function LogDateRange({ value, onApply }: { value: DayRange; onApply: (range: DayRange) => void }) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<DatesRangeValue<string>>([value?.start ?? null, value?.end ?? null]);
  const [start, end] = draft;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconCalendar size={16} aria-hidden="true" />}
          onClick={() => {
            setDraft([value?.start ?? null, value?.end ?? null]);
            setOpened((o) => !o);
          }}
        >
          {label(value)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <DatePicker
            type="range"
            numberOfColumns={2}
            allowSingleDateInRange
            // The current month is the right-hand one: the future is disabled anyway.
            defaultDate={dayjs(start ?? undefined).subtract(start ? 0 : 1, 'month').format('YYYY-MM-DD')}
            maxDate={dayjs().format('YYYY-MM-DD')}
            value={draft}
            onChange={setDraft}
          />
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                setDraft([null, null]);
                onApply(null);
                setOpened(false);
              }}
            >
              Clear
            </Button>
            <Button
              size="xs"
              disabled={!start}
              onClick={() => {
                if (!start) return;
                onApply({ start, end: end ?? start });
                setOpened(false);
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

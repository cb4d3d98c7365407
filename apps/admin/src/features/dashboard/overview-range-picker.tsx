import '@mantine/dates/styles.css';
import { Group, Select } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { customRangeProblem } from '@reelsmith/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { CUSTOM_RANGE, isOverviewPreset, overviewRangeOptions, utcToday, type OverviewRange } from './overview-range-state.ts';

/**
 * The Overview's range: a preset, or a custom range of two dates (UTC days, both included, none in
 * the future, at most two years). A custom range is applied once both dates are chosen and valid;
 * otherwise the picker says why.
 */
export function OverviewRangePicker({ range, onChange }: { range: OverviewRange; onChange: (range: OverviewRange) => void }) {
  const today = utcToday();
  const [custom, setCustom] = useState('from' in range);
  const [draft, setDraft] = useState<DatesRangeValue<string>>('from' in range ? [range.from, range.to] : [null, null]);
  const [from, to] = draft;
  const problem = from && to ? customRangeProblem(from, to, today) : null;

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label="Range"
        data={overviewRangeOptions.map((option) => ({ ...option }))}
        value={custom ? CUSTOM_RANGE : 'preset' in range ? range.preset : CUSTOM_RANGE}
        onChange={(value) => {
          if (value === CUSTOM_RANGE) {
            setCustom(true);
            return;
          }
          if (isOverviewPreset(value)) {
            setCustom(false);
            onChange({ preset: value });
          }
        }}
        allowDeselect={false}
        w={170}
      />
      {custom ? (
        <DatePickerInput
          type="range"
          label="Custom range"
          placeholder="Pick the first and last day"
          numberOfColumns={2}
          allowSingleDateInRange
          maxDate={today}
          // Last month and this one side by side (the future is disabled anyway).
          defaultDate={dayjs(from ?? today).subtract(from ? 0 : 1, 'month').startOf('month').format('YYYY-MM-DD')}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            const [start, end] = value;
            if (start && end && !customRangeProblem(start, end, today)) onChange({ from: start, to: end });
          }}
          error={problem}
          valueFormat="MMM D, YYYY"
          clearable={false}
          miw={260}
          data-testid="overview-custom-range"
        />
      ) : null}
    </Group>
  );
}

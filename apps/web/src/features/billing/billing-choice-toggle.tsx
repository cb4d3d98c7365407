import { Badge, Group, SegmentedControl } from '@mantine/core';
import type { BillingChoice } from './billing-rules.ts';

/** Monthly / Annually, with the yearly saving next to its label. */
export function BillingChoiceToggle({ value, onChange }: { value: BillingChoice; onChange: (value: BillingChoice) => void }) {
  return (
    <SegmentedControl
      value={value}
      onChange={(next) => onChange(next === 'yearly' ? 'yearly' : 'monthly')}
      size="md"
      radius="xl"
      aria-label="Billing period"
      // Mantine gives every segment the same width; let 'Annually' and its badge take what they need.
      styles={{ control: { flex: '1 1 auto' } }}
      data={[
        { value: 'monthly', label: 'Monthly' },
        {
          value: 'yearly',
          label: (
            <Group gap={8} wrap="nowrap" justify="center">
              <span>Annually</span>
              <Badge size="sm" color="teal" variant="filled" tt="none" style={{ flexShrink: 0 }}>
                Save 20%
              </Badge>
            </Group>
          ),
        },
      ]}
    />
  );
}

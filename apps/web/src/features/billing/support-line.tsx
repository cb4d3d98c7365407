import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { brand, telHref } from '../../lib/brand.ts';

/** 'Questions about billing?' with the brand's support e-mail and phone. */
export function SupportLine({ lead = 'Questions about plans or billing?' }: { lead?: string }) {
  return (
    <Group gap="sm" wrap="nowrap" justify="center" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
        <IconHeadset size={18} />
      </ThemeIcon>
      <Text size="sm" c="gray.7" maw={520}>
        {lead} Email <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor> or call{' '}
        <Anchor href={telHref(brand.supportPhone)} style={{ whiteSpace: 'nowrap' }}>
          {brand.supportPhone}
        </Anchor>
        .
      </Text>
    </Group>
  );
}

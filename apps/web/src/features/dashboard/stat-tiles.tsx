import { Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBolt, IconMicrophone, IconMovie, IconWorld } from '@tabler/icons-react';

const stats = [
  { icon: IconBolt, value: '30 sec', label: 'From script to first scene video' },
  { icon: IconMicrophone, value: '25+', label: 'Premium voices in multiple languages' },
  { icon: IconMovie, value: '1080p', label: 'HD export for every platform' },
  { icon: IconWorld, value: '1 link', label: 'To share a finished video with anyone' },
] as const;

/** Fixed marketing figures shown under the project list. */
export function StatTiles() {
  return (
    <SimpleGrid component="section" aria-label="Reelsmith at a glance" cols={{ base: 2, md: 4 }} spacing="md">
      {stats.map(({ icon: Icon, value, label }) => (
        <Paper key={value} withBorder radius="lg" p="lg">
          <ThemeIcon variant="light" size={40} radius="md" mb="sm">
            <Icon size={22} aria-hidden />
          </ThemeIcon>
          <Text fw={800} fz={28} lh={1.1}>
            {value}
          </Text>
          <Text size="sm" c="gray.7" mt={4}>
            {label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

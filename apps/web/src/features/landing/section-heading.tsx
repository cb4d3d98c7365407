import { Stack, Text, Title } from '@mantine/core';
import classes from './landing.module.css';

export function SectionHeading({ id, eyebrow, title, description }: { id: string; eyebrow: string; title: string; description: string }) {
  return (
    <Stack gap="sm" align="center" ta="center" mb={{ base: 32, sm: 48 }} maw={680} mx="auto">
      <Text className={classes.eyebrow}>{eyebrow}</Text>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      <Text c="gray.7" fz={{ base: 'md', sm: 'lg' }}>
        {description}
      </Text>
    </Stack>
  );
}

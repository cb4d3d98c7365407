import { Box, Container, SimpleGrid, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { serverRoutes } from '../../lib/server-routes.ts';
import landing from './landing.module.css';
import { SectionHeading } from './section-heading.tsx';
import { useCases } from './use-case-list.ts';
import classes from './use-cases.module.css';

export function UseCases() {
  return (
    <Box component="section" aria-labelledby="what-you-can-create-heading" id="what-you-can-create" className={landing.section}>
      <Container size="xl">
        <SectionHeading
          id="what-you-can-create-heading"
          eyebrow="What You Can Create"
          title="One tool for every kind of short video"
          description="Creators and businesses use Reelsmith for 20 to 60 second videos across every niche."
        />
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
          {useCases.map(({ title, text, icon: UseCaseIcon }) => (
            // Named by its text after a hidden 'Create … videos:' (WCAG 2.5.3: what is shown is part of the name).
            <a key={title} href={serverRoutes.signIn} className={classes.card}>
              <VisuallyHidden>Create {title} videos:</VisuallyHidden>
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                <UseCaseIcon size={22} aria-hidden />
              </ThemeIcon>
              <Text fw={700} mt="sm" c="gray.9" className={classes.title}>
                {title}
              </Text>
              <Text size="sm" c="gray.7" mt={4}>
                {text}
              </Text>
            </a>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

import { Container, Stack } from '@mantine/core';
import { useRedirectWithoutPlan } from '../billing/use-redirect-without-plan.ts';
import { ProjectsSection } from '../projects/projects-section.tsx';
import { DashboardHero } from './dashboard-hero.tsx';
import { StatTiles } from './stat-tiles.tsx';

/** '/' for a signed-in customer. */
export function DashboardPage() {
  useRedirectWithoutPlan();
  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }}>
      <Stack gap={48}>
        <DashboardHero />
        <ProjectsSection />
        <StatTiles />
      </Stack>
    </Container>
  );
}

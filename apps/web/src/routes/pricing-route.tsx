import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { FREE_PLAN_LIMITS } from '@reelsmith/shared';
import { brand, pageTitle, telHref } from '../lib/brand.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function PricingRoute() {
  usePageTitle(pageTitle('Pricing'));
  return (
    <Container size="md" py={64}>
      <Stack gap="xl" align="center" ta="center">
        <Stack gap="sm" align="center">
          <Title order={1}>Choose your plan</Title>
          <Text c="gray.7" maw={560}>
            Start free and upgrade when you need longer videos, HD quality and downloads. Billed monthly or yearly
            in USD; yearly billing saves 20%.
          </Text>
        </Stack>
        <Paper withBorder radius="lg" p="xl" w="100%" maw={420} ta="left">
          <Title order={2} fz="h3" mb="sm">
            Free
          </Title>
          <List spacing="xs" size="sm" c="gray.8">
            <List.Item>{FREE_PLAN_LIMITS.videosLifetime} video, lifetime</List.Item>
            <List.Item>Up to {FREE_PLAN_LIMITS.maxReelSeconds} seconds per video</List.Item>
            <List.Item>Standard quality (360p) with watermark</List.Item>
            <List.Item>No downloads</List.Item>
          </List>
        </Paper>
        <Text size="sm" c="gray.7">
          Questions about plans? Write to <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor> or
          call <Anchor href={telHref(brand.supportPhone)}>{brand.supportPhone}</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}

import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { LogoMark } from '@reelsmith/ui';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { brand, telHref } from '../lib/brand.ts';
import classes from './site-footer.module.css';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={40}>
          <Stack gap="sm">
            <Group gap={8}>
              <LogoMark size={28} />
              <Text fw={800} fz="lg">
                {brand.productName}
              </Text>
            </Group>
            <Text size="sm" c="gray.7" maw={320}>
              Turn a script into a short talking-avatar video for social media, product demos and more.
            </Text>
          </Stack>
          <Stack gap="xs">
            <Text fw={700} size="sm" tt="uppercase" c="gray.7">
              Product
            </Text>
            {/* Links alone on their lines, not in running text: underlined on hover only (the theme underlines the rest). */}
            <Anchor component={Link} to="/pricing" size="sm" c="gray.8" underline="hover">
              Pricing
            </Anchor>
            <Anchor href="/#templates" size="sm" c="gray.8" underline="hover">
              Templates
            </Anchor>
            <Anchor href="/#how-it-works" size="sm" c="gray.8" underline="hover">
              How It Works
            </Anchor>
          </Stack>
          <Stack gap="xs">
            <Text fw={700} size="sm" tt="uppercase" c="gray.7">
              Contact
            </Text>
            <Box component="address" className={classes.address}>
              <Stack gap={8}>
                <Text size="sm" fw={600} c="gray.9">
                  {brand.companyLegalName}
                </Text>
                <Group gap={8} wrap="nowrap" align="flex-start">
                  <IconMapPin size={16} aria-hidden className={classes.icon} />
                  <Text size="sm" c="gray.8">
                    {brand.companyAddress}
                  </Text>
                </Group>
                <Group gap={8} wrap="nowrap">
                  <IconMail size={16} aria-hidden className={classes.icon} />
                  <Anchor href={`mailto:${brand.supportEmail}`} size="sm" underline="hover">
                    {brand.supportEmail}
                  </Anchor>
                </Group>
                <Group gap={8} wrap="nowrap">
                  <IconPhone size={16} aria-hidden className={classes.icon} />
                  <Anchor href={telHref(brand.supportPhone)} size="sm" underline="hover">
                    {brand.supportPhone}
                  </Anchor>
                </Group>
              </Stack>
            </Box>
          </Stack>
        </SimpleGrid>
        <Divider my="xl" />
        <Text size="xs" c="gray.7">
          © {year} {brand.companyLegalName.replace(/\.$/, '')}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}

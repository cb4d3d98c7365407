import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import classes from './final-cta.module.css';
import { SignInButton } from './sign-in-button.tsx';

export function FinalCta() {
  return (
    <Box component="section" aria-labelledby="final-cta-heading" pb={{ base: 56, sm: 96 }}>
      <Container size="lg">
        <div className={classes.panel}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2} id="final-cta-heading" className={classes.title}>
              Your next video is 30 seconds away
            </Title>
            <Text className={classes.text} maw={560}>
              Write a script, pick a voice and an avatar, and let Reelsmith do the rest. Your first video is free.
            </Text>
            <Group justify="center" mt="sm">
              <SignInButton size="lg" color="white" c="reel.7" rightSection={<IconArrowRight size={18} aria-hidden />}>
                Get Started Free
              </SignInButton>
            </Group>
          </Stack>
        </div>
      </Container>
    </Box>
  );
}

import { Badge, Box, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconMicrophone, IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './hero-section.module.css';
import { sampleVideo } from './sample-videos.ts';
import { SignInButton } from './sign-in-button.tsx';
import { AmbientVideo } from './ambient-video.tsx';

const claims = [
  'AI writes your script and scenes, or bring your own',
  '25+ premium voices in multiple languages',
  'Your avatar holding your product, animated with a synced voice',
  'Export in 1080p HD or share with a single link',
] as const;

export function HeroSection() {
  // Fades in when the app draws it; already in place on the page drawn at build time (no document
  // there), which the server sends to visitors and no script redraws (features/landing/drawn-landing.ts).
  const [visible, setVisible] = useState(() => typeof document === 'undefined');
  useEffect(() => setVisible(true), []);
  const front = sampleVideo(1);
  const back = sampleVideo(3);

  return (
    <Box component="section" aria-labelledby="hero-heading" className={classes.hero}>
      <Container size="xl">
        <div className={classes.grid}>
          <Stack gap="lg" className={classes.copy} data-visible={visible || undefined}>
            <Badge size="lg" variant="light" leftSection={<IconSparkles size={14} aria-hidden />} className={classes.badge}>
              AI talking-avatar videos
            </Badge>
            <Title order={1} id="hero-heading" className={classes.title}>
              Turn your script into an AI avatar video <span className={classes.highlight}>in 30 Seconds</span>
            </Title>
            <Text className={classes.lead}>
              Reelsmith turns your script into a short, scroll-stopping video: scenes, voiceover, an avatar that holds
              your product, and a finished cut ready for social media.
            </Text>
            <List spacing={10} center icon={<ThemeIcon size={22} radius="xl" color="teal.7"><IconCheck size={14} aria-hidden /></ThemeIcon>}>
              {claims.map((claim) => (
                <List.Item key={claim} className={classes.claim} lh={1.45}>
                  {claim}
                </List.Item>
              ))}
            </List>
            <Group gap="sm" mt="xs">
              <SignInButton size="lg" rightSection={<IconArrowRight size={18} aria-hidden />}>
                Create Your Video Free
              </SignInButton>
              <SignInButton size="lg" variant="default">
                Sign In
              </SignInButton>
            </Group>
            <Text size="sm" c="gray.7">
              No credit card needed. Your first video is free.
            </Text>
          </Stack>

          <div className={classes.showcase}>
            <div className={`${classes.phone} ${classes.phoneBack}`}>
              <AmbientVideo
                className={classes.video}
                src={back.src}
                poster={back.poster}
                aria-label={`Sample video: ${back.title}`}
              />
            </div>
            <div className={`${classes.phone} ${classes.phoneFront}`}>
              <AmbientVideo
                className={classes.video}
                src={front.src}
                poster={front.poster}
                aria-label={`Sample video: ${front.title}`}
              />
            </div>
            <div className={`${classes.chip} ${classes.chipVoice}`} aria-hidden="true">
              <IconMicrophone size={16} /> Voiceover ready
            </div>
            <div className={`${classes.chip} ${classes.chipExport}`} aria-hidden="true">
              <IconSparkles size={16} /> 1080p HD export
            </div>
          </div>
        </div>
      </Container>
    </Box>
  );
}

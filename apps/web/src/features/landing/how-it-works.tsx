import { Box, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconFileText,
  IconHandGrab,
  IconMicrophone,
  IconMovie,
  IconUserCircle,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import type { WIZARD_STEPS } from '@reelsmith/shared';
import classes from './how-it-works.module.css';
import landing from './landing.module.css';
import { SectionHeading } from './section-heading.tsx';

type WizardStep = (typeof WIZARD_STEPS)[number];

// Keyed by the shared step names (checked at compile time, in wizard order) without importing
// the shared package at run time, which keeps its zod schemas out of the landing bundle.
const stepDetails: Record<WizardStep, { icon: Icon; text: string }> = {
  'Script & Scenes': { icon: IconFileText, text: 'Paste your script or let AI write one, then get it split into timed scenes you can edit.' },
  Voiceover: { icon: IconMicrophone, text: 'Choose from 25+ premium voices by language, gender and age, and tune the speed of each scene.' },
  'Avatar & Setting': { icon: IconUserCircle, text: 'Describe your presenter and setting, or upload your own photo, and pick from four variations.' },
  'Avatar-Product': { icon: IconHandGrab, text: 'Upload your product and see your avatar holding it, or skip this step for talking-head videos.' },
  'Video Generation': { icon: IconVideo, text: 'Every scene becomes an animated clip with the voice lip-synced to your avatar.' },
  'Merge & Export': { icon: IconMovie, text: 'Join the scenes with the transition you like, then export in up to 1080p HD or share a link.' },
};

export function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="how-it-works-heading" id="how-it-works" className={`${landing.section} ${landing.sectionMuted}`}>
      <Container size="xl">
        <SectionHeading
          id="how-it-works-heading"
          eyebrow="How It Works"
          title="Six guided steps from script to final cut"
          description="Each project walks you through the same short path, so your first video is as easy as your hundredth."
        />
        <SimpleGrid component="ol" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" className={classes.steps}>
          {(Object.entries(stepDetails) as [WizardStep, (typeof stepDetails)[WizardStep]][]).map(([step, { icon: StepIcon, text }], index) => {
            return (
              <li key={step} className={classes.step}>
                <div className={classes.stepHeader}>
                  <ThemeIcon size={48} radius="md" variant="gradient" gradient={{ from: 'reel.6', to: 'grape.7', deg: 135 }}>
                    <StepIcon size={24} aria-hidden />
                  </ThemeIcon>
                  <Text className={classes.number} aria-hidden>
                    {String(index + 1).padStart(2, '0')}
                  </Text>
                </div>
                <Title order={3} fz="lg" mt="md" mb={6}>
                  <span className={classes.visuallyHidden}>Step {index + 1}: </span>
                  {step}
                </Title>
                <Text size="sm" c="gray.7">
                  {text}
                </Text>
              </li>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

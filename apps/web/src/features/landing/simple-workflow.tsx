import type { ReactNode } from 'react';
import { Badge, Box, Container, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { serverRoutes } from '../../lib/server-routes.ts';
import { FinalVideoPlayer } from './final-video-player.tsx';
import landing from './landing.module.css';
import { sampleVideo } from './sample-videos.ts';
import { SectionHeading } from './section-heading.tsx';
import classes from './simple-workflow.module.css';
import { AmbientVideo } from './ambient-video.tsx';

export function SimpleWorkflow() {
  const voice = sampleVideo(2);
  const product = sampleVideo(4);
  const holding = sampleVideo(6);
  const final = sampleVideo(1);
  return (
    <Box component="section" aria-labelledby="simple-workflow-heading" id="simple-workflow" className={landing.section}>
      <Container size="xl">
        <SectionHeading
          id="simple-workflow-heading"
          eyebrow="Simple Workflow"
          title="From product photo to finished video in four moves"
          description="Choose who speaks, show what you sell, and let Reelsmith put them together in a video that feels filmed, not generated."
        />
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
          <WorkflowCard step={1} title="Choose Model & Voice" text="Pick an AI model and one of 25+ premium voices in the language your audience speaks.">
            <AmbientVideo
              className={classes.media}
              src={voice.src}
              poster={voice.poster}
              aria-label="Sample avatar speaking with a chosen voice"
            />
          </WorkflowCard>
          <WorkflowCard step={2} title="Add Product" text="Upload a photo of your product. Any PNG or JPG straight from your store works.">
            <Image className={classes.media} src={product.poster} alt="A product photo ready to upload" />
          </WorkflowCard>
          <WorkflowCard step={3} title="Model Holding Product" text="Get four images of your avatar holding your product, and keep the one you like best.">
            <Image className={classes.media} src={holding.poster} alt="The avatar holding the uploaded product" />
          </WorkflowCard>
          <WorkflowCard step={4} title="Final Video" text="Scenes, voice and lip-sync merged into one video, ready to download in 1080p HD or share.">
            <FinalVideoPlayer src={final.src} poster={final.poster} />
          </WorkflowCard>
        </SimpleGrid>
        <Box ta="center" mt={40}>
          <Text component="a" href={serverRoutes.signIn} className={classes.cta}>
            Try the workflow free →
          </Text>
        </Box>
      </Container>
    </Box>
  );
}

function WorkflowCard({ step, title, text, children }: { step: number; title: string; text: string; children: ReactNode }) {
  return (
    <article className={classes.card}>
      <div className={classes.mediaFrame}>{children}</div>
      <div className={classes.body}>
        <Badge variant="light" size="sm" mb={8}>
          Step {step}
        </Badge>
        <Title order={3} fz="lg" mb={6}>
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {text}
        </Text>
      </div>
    </article>
  );
}

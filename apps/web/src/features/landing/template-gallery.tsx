import { Badge, Box, Container, Text, VisuallyHidden } from '@mantine/core';
import { serverRoutes } from '../../lib/server-routes.ts';
import classes from './template-gallery.module.css';
import landing from './landing.module.css';
import { sampleVideos, type SampleVideo } from './sample-videos.ts';
import { SectionHeading } from './section-heading.tsx';
import { AmbientVideo } from './ambient-video.tsx';

/**
 * The 8 samples rendered twice in one track that slides by half its width, so the loop is seamless.
 * The second copy is hidden from assistive tech and the tab order.
 */
export function TemplateGallery() {
  return (
    <Box component="section" aria-labelledby="templates-heading" id="templates" className={`${landing.section} ${landing.sectionMuted}`}>
      <Container size="xl">
        <SectionHeading
          id="templates-heading"
          eyebrow="Template Gallery"
          title="Start from a template that already performs"
          description="Pick a proven format, swap in your product and script, and publish a video that looks native on every feed."
        />
      </Container>
      <div className={classes.marquee}>
        <div className={classes.track}>
          {sampleVideos.map((sample) => (
            <TemplateCard key={sample.number} sample={sample} />
          ))}
          {sampleVideos.map((sample) => (
            <TemplateCard key={`repeat-${sample.number}`} sample={sample} duplicate />
          ))}
        </div>
      </div>
    </Box>
  );
}

function TemplateCard({ sample, duplicate = false }: { sample: SampleVideo; duplicate?: boolean }) {
  return (
    <div className={classes.item} aria-hidden={duplicate || undefined} data-duplicate={duplicate || undefined}>
      <a
        href={serverRoutes.signIn}
        className={classes.card}
        tabIndex={duplicate ? -1 : undefined}
      >
        {/* Named by its text after a hidden 'Use template:' (WCAG 2.5.3: what is shown is part of the name). */}
        <VisuallyHidden>Use template: </VisuallyHidden>
        <div className={classes.media} aria-hidden>
          <AmbientVideo
            className={classes.video}
            src={sample.src}
            poster={sample.poster}
            aria-label={`${sample.title} sample video`}
          />
          <Badge className={classes.trending} color="pink.7" variant="filled" size="sm" tt="none">
            Trending
          </Badge>
        </div>
        <div className={classes.body}>
          <Text fw={700} size="sm" c="gray.9">
            {sample.title}
          </Text>
          <Text size="xs" c="gray.7">
            Perfect for e-commerce
          </Text>
        </div>
      </a>
    </div>
  );
}

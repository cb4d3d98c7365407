import { FinalCta } from './final-cta.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { SimpleWorkflow } from './simple-workflow.tsx';
import { TemplateGallery } from './template-gallery.tsx';
import { UseCases } from './use-cases.tsx';

/** '/' for signed-out visitors (spec §2 'Landing page'). */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <TemplateGallery />
      <SimpleWorkflow />
      <HowItWorks />
      <UseCases />
      <FinalCta />
    </>
  );
}

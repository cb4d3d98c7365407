import {
  IconBarbell,
  IconBulb,
  IconCertificate,
  IconChartLine,
  IconDeviceGamepad2,
  IconDeviceLaptop,
  IconDoorEnter,
  IconHelpCircle,
  IconHome,
  IconPackage,
  IconRocket,
  IconSchool,
  IconShoppingCart,
  IconSparkles,
  IconSpeakerphone,
  IconStar,
  IconToolsKitchen2,
  IconTrendingUp,
  IconUserSearch,
  IconUserStar,
  type Icon,
} from '@tabler/icons-react';

export interface UseCase {
  title: string;
  text: string;
  icon: Icon;
}

// The 20 audiences of spec §1, one card each.
export const useCases: readonly UseCase[] = [
  { title: 'Social Media', text: 'Daily short-form posts for TikTok, Reels and Shorts.', icon: IconSpeakerphone },
  { title: 'Personal Branding', text: 'Show up on camera every day without filming.', icon: IconUserStar },
  { title: 'Education', text: 'Bite-size lessons and explainers for learners.', icon: IconSchool },
  { title: 'Beauty', text: 'Routines, swatches and product how-tos.', icon: IconSparkles },
  { title: 'Fitness', text: 'Workout tips and program promos.', icon: IconBarbell },
  { title: 'Food', text: 'Recipes, menus and restaurant specials.', icon: IconToolsKitchen2 },
  { title: 'Tech Reviews', text: 'Quick takes on gadgets and apps.', icon: IconDeviceLaptop },
  { title: 'Gaming', text: 'Patch notes, tips and stream teasers.', icon: IconDeviceGamepad2 },
  { title: 'Coaching', text: 'Advice clips that bring in new clients.', icon: IconBulb },
  { title: 'Finance', text: 'Market updates and money tips made simple.', icon: IconChartLine },
  { title: 'E-commerce', text: 'UGC-style ads for every product page.', icon: IconShoppingCart },
  { title: 'Product Demos', text: 'Walk through features in under a minute.', icon: IconPackage },
  { title: 'Sales', text: 'Personal outreach videos at scale.', icon: IconTrendingUp },
  { title: 'Training', text: 'Consistent internal training for every team.', icon: IconCertificate },
  { title: 'Real Estate', text: 'Listing tours and neighborhood guides.', icon: IconHome },
  { title: 'Recruitment', text: 'Job posts candidates actually watch.', icon: IconUserSearch },
  { title: 'Launches', text: 'Announce new products with a bang.', icon: IconRocket },
  { title: 'Testimonials', text: 'Turn customer quotes into video stories.', icon: IconStar },
  { title: 'FAQ', text: 'Answer common questions once, on video.', icon: IconHelpCircle },
  { title: 'Onboarding', text: 'Welcome new users and customers warmly.', icon: IconDoorEnter },
];

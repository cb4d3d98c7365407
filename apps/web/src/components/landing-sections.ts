// The landing page's sections, in page order; the public header links to them.
export const landingSections = [
  { id: 'templates', label: 'Templates' },
  { id: 'simple-workflow', label: 'Workflow' },
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'what-you-can-create', label: 'Use Cases' },
] as const;

// One UI kit for the customer app and the back office: theme, brand, loading and error screens.
// The fetch wrapper and its session rules are '@reelsmith/ui/api'; test helpers '@reelsmith/ui/testing'.
export { createAppTheme, type AppThemeOptions } from './theme.ts';
export { productName } from './brand.ts';
export { Logo, LogoMark, type LogoProps } from './logo.tsx';
export { CenteredLoader } from './centered-loader.tsx';
export { RouteError } from './route-error.tsx';

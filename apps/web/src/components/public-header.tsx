import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { Logo } from '@reelsmith/ui';
import { Link, useLocation } from 'react-router';
import { serverRoutes } from '../lib/server-routes.ts';
import { HeaderBar, headerClasses } from './header-bar.tsx';
import { landingSections } from './landing-sections.ts';

const mobileMenuId = 'public-mobile-menu';

/**
 * The signed-out header: section anchors, Pricing, and sign-in; a burger menu on small screens. On the
 * drawn landing page the burger works without the app (features/landing/drawn-landing.ts).
 */
export function PublicHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  // On the landing page the anchors scroll in place; elsewhere they lead back to it.
  const sectionHref = (id: string) => (pathname === '/' ? `#${id}` : `/#${id}`);
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') menu.close();
  });

  const mobileMenu = (
    <nav id={mobileMenuId} aria-label="Mobile" hidden={!menuOpened} className={headerClasses.mobileMenu}>
      <Container size="xl">
        {landingSections.map((section) => (
          <a key={section.id} href={sectionHref(section.id)} className={headerClasses.mobileLink} onClick={menu.close}>
            {section.label}
          </a>
        ))}
        <Link to="/pricing" className={headerClasses.mobileLink} onClick={menu.close}>
          Pricing
        </Link>
        <Button component="a" href={serverRoutes.signIn} variant="default" fullWidth mt="md">
          Sign In
        </Button>
      </Container>
    </nav>
  );

  return (
    <HeaderBar below={mobileMenu}>
      <Logo to="/" />
      <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
        {landingSections.map((section) => (
          <a key={section.id} href={sectionHref(section.id)} className={headerClasses.navLink}>
            {section.label}
          </a>
        ))}
        <Link to="/pricing" className={headerClasses.navLink}>
          Pricing
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button component="a" href={serverRoutes.signIn} variant="subtle" visibleFrom="sm">
          Sign In
        </Button>
        <Button component="a" href={serverRoutes.signIn}>
          Get Started
        </Button>
        <Burger
          opened={menuOpened}
          onClick={menu.toggle}
          hiddenFrom="md"
          size="sm"
          aria-label={menuOpened ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpened}
          aria-controls={mobileMenuId}
        />
      </Group>
    </HeaderBar>
  );
}

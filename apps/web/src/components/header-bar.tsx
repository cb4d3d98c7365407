import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './header-bar.module.css';

/** The sticky top bar every header variant sits in; `below` renders under the bar (e.g. a mobile menu). */
export function HeaderBar({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        {children}
      </Container>
      {below}
    </Box>
  );
}

export { classes as headerClasses };

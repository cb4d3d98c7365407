import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { brand } from '../lib/brand.ts';
import classes from './logo.module.css';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="rs-logo-gradient" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6741ff" />
          <stop offset="0.6" stopColor="#c026d3" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#rs-logo-gradient)" />
      <path d="M12.5 9.5v13l10.5-6.5z" fill="#fff" />
    </svg>
  );
}

/** The logo as a link home; the wordmark is the accessible name. */
export function Logo() {
  return (
    <Link to="/" className={classes.logo} aria-label={`${brand.productName} home`}>
      <Group gap={8} wrap="nowrap">
        <LogoMark />
        <Text component="span" fw={800} fz={20} className={classes.wordmark}>
          {brand.productName}
        </Text>
      </Group>
    </Link>
  );
}

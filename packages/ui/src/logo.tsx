import { Badge, Group, Text } from '@mantine/core';
import { useId, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { productName } from './brand.ts';

/** The play-button mark; each instance has its own gradient id, so a hidden copy never blanks a visible one. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = `rs-logo${useId()}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6741ff" />
          <stop offset="0.6" stopColor="#c026d3" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path d="M12.5 9.5v13l10.5-6.5z" fill="#fff" />
    </svg>
  );
}

const sizes = {
  md: { mark: 32, font: 20 },
  sm: { mark: 30, font: 19 },
} as const;

const linkStyle: CSSProperties = {
  color: 'var(--mantine-color-dark-8)',
  textDecoration: 'none',
  borderRadius: 'var(--mantine-radius-sm)',
  flexShrink: 0,
};

export interface LogoProps {
  /** Makes the logo a link to this in-app path, named '<product> home'. */
  to?: string;
  /** A tag after the wordmark ('Admin'), so the back office is never mistaken for the customer app. */
  tag?: string;
  size?: keyof typeof sizes;
}

/** The mark and the wordmark, optionally a link home and tagged. */
export function Logo({ to, tag, size = 'md' }: LogoProps) {
  const { mark, font } = sizes[size];
  const logo = (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={mark} />
      <Text component="span" fw={800} fz={font} style={{ letterSpacing: '-0.02em' }}>
        {productName}
      </Text>
      {tag ? (
        <Badge variant="light" size="sm" radius="sm">
          {tag}
        </Badge>
      ) : null}
    </Group>
  );
  if (to === undefined) return logo;
  return (
    <Link to={to} style={linkStyle} aria-label={`${productName} home`}>
      {logo}
    </Link>
  );
}

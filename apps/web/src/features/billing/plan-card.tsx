import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Plan } from '@reelsmith/shared';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { priceDisplay } from './billing-rules.ts';
import classes from './plan-card.module.css';

export interface PlanCardProps {
  plan: Plan;
  popular: boolean;
  current: boolean;
  /** The card's button (buy, sign in, or a disabled state). */
  action: ReactNode;
}

/** One plan on /pricing: badges, price per month, features and the action. */
export function PlanCard({ plan, popular, current, action }: PlanCardProps) {
  const price = priceDisplay(plan);
  const headingId = `plan-${plan.id}-name`;
  const className = [classes.card, popular ? classes.popular : '', current && !popular ? classes.current : ''].join(' ');
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="xl" className={className}>
      <Stack gap="lg" h="100%">
        {popular ? (
          <Badge variant="filled" color="reel" size="md" className={classes.ribbon}>
            Most Popular
          </Badge>
        ) : null}
        <Stack gap="xs">
          <Group gap="xs" align="center" wrap="wrap" className={classes.heading}>
            <Title order={2} fz="h3" id={headingId}>
              {plan.name}
            </Title>
            {current ? (
              <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
                Current Plan
              </Badge>
            ) : null}
          </Group>
          {plan.description ? (
            <Text size="sm" c="gray.7" className={classes.description}>
              {plan.description}
            </Text>
          ) : null}
        </Stack>
        <div>
          <Group gap={4} align="baseline" wrap="nowrap">
            <Text component="span" className={classes.price}>
              {price.amount}
            </Text>
            <Text component="span" c="gray.7" fw={500}>
              {price.period}
            </Text>
          </Group>
          <Text size="sm" c="gray.7" mt={6}>
            {price.note}
          </Text>
        </div>
        {action}
        <List
          className={classes.features}
          spacing={10}
          size="sm"
          aria-label={`${plan.name} features`}
          icon={
            <ThemeIcon size={20} radius="xl" color={popular ? 'reel' : 'teal.7'}>
              <IconCheck size={13} stroke={3} aria-hidden />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

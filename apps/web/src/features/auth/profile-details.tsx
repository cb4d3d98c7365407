import { Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { displayName, formatMemberSince, initials, type CurrentUserResponse } from './current-user.ts';

export function ProfileDetails({ user }: { user: CurrentUserResponse }) {
  const fields = [
    { label: 'Name', value: displayName(user) },
    { label: 'Email', value: user.email },
    { label: 'User ID', value: user.id, mono: true },
    { label: 'Member since', value: formatMemberSince(user.createdAt) },
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group gap="md" mb="lg" wrap="nowrap">
        <Avatar src={user.profileImageUrl} alt="" size={64} radius="xl" color="reel">
          {initials(user)}
        </Avatar>
        <Title order={2} fz="h3">
          My Profile
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" component="dl" m={0}>
        {fields.map((field) => (
          <Stack key={field.label} gap={2}>
            <Text component="dt" size="sm" c="gray.7">
              {field.label}
            </Text>
            <Text component="dd" m={0} fw={600} ff={field.mono ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
              {field.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

import { ActionIcon, Badge, Box, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { UploadZone } from './upload-zone.tsx';

export interface AvatarUploadPanelProps {
  uploaded: readonly string[];
  selectedUrl: string | null;
  uploading: boolean;
  onFile: (file: File) => void;
  /** The upload being removed, if any. */
  removing: string | null;
  onRemove: (url: string) => void;
  saving: boolean;
}

/** 'Upload Your Own': the drop zone and the uploads so far, each removable. */
export function AvatarUploadPanel({ uploaded, selectedUrl, uploading, onFile, removing, onRemove, saving }: AvatarUploadPanelProps) {
  return (
    <Stack gap="lg">
      <UploadZone uploading={uploading} onFile={onFile} />
      {uploaded.length > 0 ? (
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Your uploads
          </Text>
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
            {uploaded.map((url, index) => (
              <Box key={url} pos="relative">
                <Image src={url} alt={`Uploaded avatar ${index + 1}`} radius="md" fit="cover" style={{ aspectRatio: '1 / 1' }} />
                {url === selectedUrl ? (
                  <Badge size="xs" style={{ position: 'absolute', left: 4, bottom: 4 }}>
                    Selected
                  </Badge>
                ) : null}
                <ActionIcon
                  variant="white"
                  color="red"
                  size="sm"
                  radius="xl"
                  aria-label={`Remove uploaded avatar ${index + 1}`}
                  loading={removing === url}
                  disabled={saving}
                  style={{ position: 'absolute', top: 4, right: 4 }}
                  onClick={() => onRemove(url)}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Box>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}

import { Badge, Box, Image, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { ProjectAssets } from '@reelsmith/shared';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { cssAspect, galleryItems, isSelected, type GalleryItem } from './avatar-rules.ts';

export interface AvatarGalleryProps {
  avatar: ProjectAssets['avatar'];
  aspect: string;
  disabled: boolean;
  onChoose: (item: GalleryItem) => void;
}

/** The combined gallery of AI variations and uploads; one is the project's avatar. */
export function AvatarGallery({ avatar, aspect, disabled, onChoose }: AvatarGalleryProps) {
  const items = galleryItems(avatar);
  if (items.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Your generated and uploaded avatars appear here.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {items.map((item) => {
        const chosen = isSelected(item, avatar);
        return (
          <UnstyledButton
            key={`${item.source}-${item.url}`}
            aria-pressed={chosen}
            aria-label={`Choose ${item.label}`}
            disabled={disabled}
            onClick={() => onChoose(item)}
            style={{
              position: 'relative',
              borderRadius: 'var(--mantine-radius-md)',
              overflow: 'hidden',
              outline: chosen ? '3px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-color-gray-3)',
              outlineOffset: chosen ? 2 : 0,
            }}
          >
            <Image src={item.url} alt={item.label} fit="cover" style={{ aspectRatio: cssAspect(aspect), width: '100%' }} />
            <Badge size="xs" variant="white" color="dark" style={{ position: 'absolute', left: 6, bottom: 6 }}>
              {item.source === 'ai' ? 'AI' : 'Upload'}
            </Badge>
            {chosen ? (
              <Box style={{ position: 'absolute', top: 6, right: 6, color: 'var(--mantine-primary-color-filled)', background: 'white', borderRadius: '50%', lineHeight: 0 }}>
                <IconCircleCheckFilled size={26} aria-label="Selected" />
              </Box>
            ) : null}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

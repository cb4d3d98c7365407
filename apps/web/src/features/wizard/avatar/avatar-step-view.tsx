import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { WIZARD_STEPS, type ProjectAssets } from '@reelsmith/shared';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconSparkles, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { StepNav } from '../script/step-nav.tsx';
import { AvatarAiPanel, type AvatarAiPanelProps } from './avatar-ai-panel.tsx';
import { AvatarGallery } from './avatar-gallery.tsx';
import { continueHint, selectedAvatarUrl, type GalleryItem } from './avatar-rules.ts';
import { AvatarUploadPanel } from './avatar-upload-panel.tsx';

export interface AvatarStepViewProps extends Omit<AvatarAiPanelProps, 'busy'> {
  /** The project's avatars: AI variations, uploads and the chosen one. */
  avatar: ProjectAssets['avatar'];
  uploading: boolean;
  onFile: (file: File) => void;
  removing: string | null;
  onRemove: (url: string) => void;
  onChoose: (item: GalleryItem) => void;
  onNext: () => void;
  onBack: () => void;
}

/** Step 3, Avatar & Setting: AI-generated or uploaded avatars, aspect ratio, the chosen avatar (spec §2 'Step 3'). */
export function AvatarStepView(props: AvatarStepViewProps) {
  const [tab, setTab] = useState<string | null>('ai');
  const { avatar, aspect, saving } = props;
  const busy = props.generating || props.uploading;
  const selectedUrl = selectedAvatarUrl(avatar);
  const hint = continueHint(avatar);

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2}>{WIZARD_STEPS[2]}</Title>
        <Text c="gray.7">Create the person who presents your video with AI, or upload your own photo, then choose one.</Text>
      </Stack>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow style={{ flexWrap: 'nowrap' }}>
          <Tabs.Tab value="ai" px="xs" leftSection={<IconSparkles size={16} aria-hidden />}>
            Generate with AI
          </Tabs.Tab>
          <Tabs.Tab value="upload" px="xs" leftSection={<IconUpload size={16} aria-hidden />}>
            Upload Your Own
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="ai" pt="lg">
          <AvatarAiPanel {...props} busy={busy} />
        </Tabs.Panel>

        <Tabs.Panel value="upload" pt="lg">
          <AvatarUploadPanel
            uploaded={avatar?.uploaded ?? []}
            selectedUrl={selectedUrl}
            uploading={props.uploading}
            onFile={props.onFile}
            removing={props.removing}
            onRemove={props.onRemove}
            saving={saving}
          />
        </Tabs.Panel>
      </Tabs>

      <Stack gap="sm" component="section" aria-label="Choose your avatar">
        <Group gap="xs">
          <IconPhoto size={20} aria-hidden />
          <Title order={3} size="h4">
            Choose your avatar
          </Title>
        </Group>
        <AvatarGallery avatar={avatar} aspect={aspect} disabled={saving || busy} onChoose={props.onChoose} />
      </Stack>

      {hint ? (
        <Alert variant="light" color="gray" py="xs">
          {hint}
        </Alert>
      ) : null}

      <StepNav>
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={props.onBack}>
          Back to Step 2
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} disabled={!selectedUrl || busy || saving} onClick={props.onNext}>
          Continue to Step 4
        </Button>
      </StepNav>
    </Stack>
  );
}

import { Button, Group, Modal } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadHref, videoFileName } from './project-rules.ts';

export interface PreviewTarget {
  title: string;
  videoUrl: string;
}

/** Spec §2: 'Video Preview' with a player, Download Video and Close. */
export function VideoPreviewDialog({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="Video Preview" size="lg" centered>
      {target ? (
        <>
          <video
            src={target.videoUrl}
            controls
            playsInline
            preload="metadata"
            aria-label={`Video of ${target.title}`}
            style={{ width: '100%', maxHeight: '70vh', borderRadius: 8, background: '#000' }}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button component="a" href={downloadHref(target.videoUrl)} download={videoFileName(target.title)} leftSection={<IconDownload size={16} aria-hidden="true" />}>
              Download Video
            </Button>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}

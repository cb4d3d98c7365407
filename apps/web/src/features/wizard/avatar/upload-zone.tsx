import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { acceptAttribute } from './avatar-rules.ts';

export interface UploadZoneProps {
  uploading: boolean;
  onFile: (file: File) => void;
}

/** Drop an image or choose one; a real <input type=file> underneath, so keyboards and tests reach it. */
export function UploadZone({ uploading, onFile }: UploadZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) onFile(file);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
        background: dragging ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-gray-0)',
      }}
    >
      <Stack align="center" gap="sm" ta="center">
        <IconUpload size={36} aria-hidden color="var(--mantine-color-gray-6)" />
        <Text fw={600}>Drag and drop a photo here</Text>
        <Text size="sm" c="gray.7">
          JPEG, PNG, GIF or WebP, up to 10 MB. The video takes the photo&apos;s shape.
        </Text>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={acceptAttribute}
          aria-label="Upload an avatar image"
          disabled={uploading}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', pointerEvents: 'none' }}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
        <Button variant="light" loading={uploading} onClick={() => input.current?.click()} aria-controls={inputId}>
          Choose a file
        </Button>
      </Stack>
    </Paper>
  );
}

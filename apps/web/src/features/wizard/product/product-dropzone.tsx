import { Button, Group, Image, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import classes from './product.module.css';

/** The product image: a file picker and a drop area showing the chosen picture. */
export function ProductDropzone({ preview, disabled, onFile }: { preview: string | null; disabled: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <Stack gap="xs">
      <UnstyledButton
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        {/* Named by what it shows (WCAG 2.5.3): the prompt, or the preview after a hidden 'Replace product image'. */}
        {preview ? <VisuallyHidden>Replace product image</VisuallyHidden> : null}
        {preview ? (
          <Image src={preview} alt="Product" className={classes.productPreview} fit="contain" />
        ) : (
          <Stack align="center" gap={6} py="lg">
            <IconPhotoUp size={36} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Text fw={600}>Drop your product image here</Text>
            <Text size="sm" c="gray.7">
              or click to browse · PNG, JPG, WebP up to 10MB
            </Text>
          </Stack>
        )}
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="product-file-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      {preview ? (
        <Group>
          <Button variant="default" size="xs" disabled={disabled} onClick={() => input.current?.click()}>
            Change image
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

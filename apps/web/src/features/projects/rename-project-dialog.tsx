import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { PROJECT_TITLE_MAX, projectTitleSchema } from '@reelsmith/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ActionRow } from '../../components/action-row.tsx';

/** The title check the server makes (shared's projectTitleSchema): the trimmed title, or the message to show. */
export function checkProjectTitle(value: string): { title: string } | { error: string } {
  const parsed = projectTitleSchema.safeParse(value);
  return parsed.success ? { title: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'The title cannot be empty.' };
}

/** Renames a project from its dashboard card: the current title to edit, checked as the server checks it. */
export function RenameProjectDialog({
  opened,
  currentTitle,
  saving,
  onCancel,
  onSave,
}: {
  opened: boolean;
  currentTitle: string;
  saving: boolean;
  onCancel: () => void;
  onSave: (title: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Rename project" centered radius="lg" padding="xl" styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } }}>
      {/* Mounted per opening, so each starts from the title as it is now. */}
      {opened ? <RenameForm currentTitle={currentTitle} saving={saving} onCancel={onCancel} onSave={onSave} /> : null}
    </Modal>
  );
}

function RenameForm({ currentTitle, saving, onCancel, onSave }: { currentTitle: string; saving: boolean; onCancel: () => void; onSave: (title: string) => void }) {
  const [value, setValue] = useState(currentTitle);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProjectTitle(value);
    if ('error' in checked) return setError(checked.error);
    if (checked.title === currentTitle) return onCancel();
    onSave(checked.title);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TextInput
          label="Title"
          value={value}
          // A little past the limit, so an over-long paste shows the server's words instead of being cut silently.
          maxLength={PROJECT_TITLE_MAX + 20}
          data-autofocus
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
        />
        <ActionRow>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={saving}>
            Save
          </Button>
        </ActionRow>
      </Stack>
    </form>
  );
}

import { Button, Checkbox, Group, Input, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import type { EmailTemplate } from '@reelsmith/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { notifyFailure, notifySuccess } from '../../lib/notify.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { TemplateEditor } from './template-editor.tsx';

interface Draft {
  name: string;
  subject: string;
  description: string;
  htmlContent: string;
  textContent: string;
  isActive: boolean;
}

// New templates start active (spec §2).
const blank: Draft = { name: '', subject: '', description: '', htmlContent: '', textContent: '', isActive: true };

function draftOf(template: EmailTemplate | null): Draft {
  if (!template) return blank;
  return {
    name: template.name,
    subject: template.subject,
    description: template.description ?? '',
    htmlContent: template.htmlContent,
    textContent: template.textContent,
    isActive: template.isActive,
  };
}

/** Create Template / Edit Template (spec §2). No client-side validation: the server's message is shown (§5). */
export function TemplateDialog({ opened, template, onClose }: { opened: boolean; template: EmailTemplate | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  useEffect(() => {
    if (opened) setDraft(draftOf(template));
  }, [opened, template]);

  const onSaved = (message: string) => {
    notifySuccess('Success', message);
    void queryClient.invalidateQueries({ queryKey: trpc.admin.email.templates.list.pathKey() });
    onClose();
  };
  const create = useMutation(
    trpc.admin.email.templates.create.mutationOptions({
      onSuccess: () => onSaved('Template created successfully'),
      onError: (error) => notifyFailure('Error', error, 'Failed to save template'),
    }),
  );
  const update = useMutation(
    trpc.admin.email.templates.update.mutationOptions({
      onSuccess: () => onSaved('Template updated successfully'),
      onError: (error) => notifyFailure('Error', error, 'Failed to save template'),
    }),
  );
  const saving = create.isPending || update.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { ...draft, description: draft.description || null };
    if (template) update.mutate({ ...body, id: template.id });
    else create.mutate(body);
  }
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <Modal opened={opened} onClose={onClose} title={template ? 'Edit Template' : 'Create Template'} size="xl" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Template Name"
            description="For example welcome, project_complete, payment_receipt"
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <TextInput label="Subject" value={draft.subject} onChange={(e) => set('subject', e.currentTarget.value)} />
          <TextInput label="Description (optional)" value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} />
          <Input.Wrapper label="HTML Content" description="Use {{placeholders}} such as {{firstName}}; they are filled in when the e-mail is sent.">
            <TemplateEditor label="HTML Content" value={draft.htmlContent} onChange={(html) => set('htmlContent', html)} />
          </Input.Wrapper>
          <Textarea
            label="Text Content"
            description="Plain-text version; {{placeholders}} work here too."
            rows={6}
            value={draft.textContent}
            onChange={(e) => set('textContent', e.currentTarget.value)}
          />
          <Checkbox label="Active" checked={draft.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Template'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

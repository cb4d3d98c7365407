import '@mantine/tiptap/styles.css';
import { ActionIcon, Button, Group, Popover, TextInput } from '@mantine/core';
import { Link, RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Highlight from '@tiptap/extension-highlight';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { editorLinkHref } from './link-rules.ts';

const palette = ['#25262b', '#868e96', '#fa5252', '#e64980', '#be4bdb', '#7950f2', '#4c6ef5', '#228be6', '#15aabf', '#12b886', '#40c057', '#82c91e', '#fab005', '#fd7e14'];

/** Inserts an image by its address (http or https only, as the server keeps no other). */
function ImageControl() {
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [src, setSrc] = useState('');
  const valid = /^https?:\/\/\S+$/i.test(src.trim());
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon variant="default" size={26} aria-label="Insert image" title="Insert image" onClick={() => setOpened((o) => !o)}>
          <IconPhoto size={16} stroke={1.5} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Group gap="xs" align="flex-end">
          <TextInput label="Image address" placeholder="https://…" value={src} onChange={(e) => setSrc(e.currentTarget.value)} size="xs" w={260} />
          <Button
            size="xs"
            disabled={!valid}
            onClick={() => {
              editor?.chain().focus().setImage({ src: src.trim() }).run();
              setSrc('');
              setOpened(false);
            }}
          >
            Insert
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The HTML Content editor (spec §2): headers 1–3, bold, italic, underline, strike, colour, background,
 * lists, alignment, link, image and clean. Links keep only http, https, mailto and tel addresses
 * (and {{placeholders}}); any other becomes a blank address.
 */
export function TemplateEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const editor = useEditor({
    shouldRerenderOnTransaction: true,
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, blockquote: false, horizontalRule: false, heading: { levels: [1, 2, 3] } }),
      Link.configure({
        openOnClick: false,
        isAllowedUri: (url) => editorLinkHref(url) !== '',
      }),
      TextStyle,
      Color,
      Highlight.configure({ multicolor: true }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ inline: false }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
  });

  // A different template opened in the same dialog replaces the content.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor editor={editor} variant="subtle">
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.ColorPicker colors={palette} />
          <RichTextEditor.UnsetColor />
          <RichTextEditor.Highlight />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.OrderedList />
          <RichTextEditor.BulletList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
          <RichTextEditor.AlignJustify />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          <ImageControl />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={180} />
    </RichTextEditor>
  );
}

import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

/** A search form: the text is applied on submit (the screens reset to page 1 then, spec §5). */
export function SearchBox({
  placeholder,
  onSearch,
  initial = '',
  minWidth = 220,
}: {
  placeholder: string;
  onSearch: (text: string) => void;
  initial?: string;
  /** Below this width the filters beside it wrap to the next line (long placeholders stay readable). */
  minWidth?: number;
}) {
  const [text, setText] = useState(initial);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form onSubmit={handleSubmit} role="search" style={{ flex: 1, minWidth }}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={placeholder}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light">
          Search
        </Button>
      </Group>
    </form>
  );
}

import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/limits';

interface SearchBoxProps {
  /** The search in the URL. */
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  label: string;
  placeholder?: string;
  /** Accessible name of the clear button. */
  clearLabel: string;
}

/**
 * A list's search box. Typing is debounced (300 ms) and only a term of at
 * least two characters is sent (spec section 9); a shorter one shows a hint.
 */
export function SearchBox({ value, onSearch, label, placeholder, clearLabel }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  // The term last sent (or read from the URL): lets back/forward update the box without fighting the typing.
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    setText(value ?? '');
  }

  const send = useDebouncedCallback((raw: string) => {
    const term = raw.trim();
    const next = term.length >= MIN_SEARCH_LENGTH ? term : undefined;
    if (next === value) return;
    setSynced(next);
    onSearch(next);
  }, 300);

  const short = text.trim().length > 0 && text.trim().length < MIN_SEARCH_LENGTH;
  const clear = () => {
    setText('');
    send('');
    send.flush();
  };
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      maxLength={100}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        send(e.currentTarget.value);
      }}
      rightSection={text ? <CloseButton aria-label={clearLabel} onClick={clear} /> : null}
      description={short ? t('errors:field.search_too_short') : undefined}
      inputWrapperOrder={['label', 'input', 'description']}
      type="search"
      style={{ flex: 1, minWidth: 240 }}
    />
  );
}

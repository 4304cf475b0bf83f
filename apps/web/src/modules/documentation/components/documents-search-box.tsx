import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/validation';

interface Props {
  /** The search in the URL. */
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
}

/**
 * Typing is debounced (300 ms) and only a term of at least two characters is
 * sent (spec section 9); a shorter one shows a hint below the box.
 */
export function DocumentsSearchBox({ value, onSearch }: Props) {
  const { t } = useTranslation('documentation');
  const [text, setText] = useState(value ?? '');
  // The term last sent (or read from the URL): back/forward update the box without fighting the typing.
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
  return (
    <TextInput
      label={t('list.searchLabel')}
      placeholder={t('list.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      maxLength={100}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        send(e.currentTarget.value);
      }}
      rightSection={
        text ? (
          <CloseButton
            aria-label={t('actions.clearSearch')}
            onClick={() => {
              setText('');
              send('');
              send.flush();
            }}
          />
        ) : null
      }
      description={short ? t('errors:field.search_too_short') : undefined}
      inputWrapperOrder={['label', 'input', 'description']}
      type="search"
      style={{ flex: 1, minWidth: 240 }}
    />
  );
}

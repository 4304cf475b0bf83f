import { useState } from 'react';
import { CloseButton, Group, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/es';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/validation';
import type { ActivityListSearch } from '../api/activities-search';
import { CatalogSelect } from './catalog-select';

interface Props {
  search: ActivityListSearch;
  onChange: (patch: Partial<ActivityListSearch>) => void;
}

/** The activities list's search box (debounced, at least two characters) and filters. */
export function ActivitiesFilters({ search, onChange }: Props) {
  const { t, i18n } = useTranslation('activities');
  const [text, setText] = useState(search.q ?? '');
  // The term last sent (or read from the URL): back/forward update the box without fighting the typing.
  const [synced, setSynced] = useState(search.q);
  if (search.q !== synced) {
    setSynced(search.q);
    setText(search.q ?? '');
  }
  const send = useDebouncedCallback((raw: string) => {
    const term = raw.trim();
    const next = term.length >= MIN_SEARCH_LENGTH ? term : undefined;
    if (next === search.q) return;
    setSynced(next);
    onChange({ q: next });
  }, 300);
  const short = text.trim().length > 0 && text.trim().length < MIN_SEARCH_LENGTH;

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('list.search_label')}
          placeholder={t('list.search_placeholder')}
          leftSection={<IconSearch size={16} />}
          maxLength={100}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            send(e.currentTarget.value);
          }}
          rightSection={text ? <CloseButton aria-label={t('list.clear_search')} onClick={() => { setText(''); send(''); send.flush(); }} /> : null}
          description={short ? t('errors:field.search_too_short') : undefined}
          inputWrapperOrder={['label', 'input', 'description']}
          type="search"
          style={{ flex: 1, minWidth: 240 }}
        />
        <CatalogSelect
          catalog="activity_type"
          label={t('fields.activityType')}
          placeholder={t('list.all_types')}
          w={240}
          value={search.activityType ?? null}
          onChange={(v) => onChange({ activityType: v ?? undefined })}
        />
        <DateInput
          label={t('list.from')}
          valueFormat="YYYY-MM-DD"
          placeholder={t('list.date_placeholder')}
          clearable
          w={160}
          maxDate={search.to}
          value={search.from ?? null}
          onChange={(v) => onChange({ from: v ?? undefined })}
        />
        <DateInput
          label={t('list.to')}
          valueFormat="YYYY-MM-DD"
          placeholder={t('list.date_placeholder')}
          clearable
          w={160}
          minDate={search.from}
          value={search.to ?? null}
          onChange={(v) => onChange({ to: v ?? undefined })}
        />
      </Group>
    </DatesProvider>
  );
}

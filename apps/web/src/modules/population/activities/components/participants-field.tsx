import { useState } from 'react';
import { Group, Input, Pill, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PersonPicker, type PersonOption } from '../../../../shared/ui/person-picker';
import { LOOKUP_PATHS } from '../../persons/api/queries';

interface Props {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: React.ReactNode;
}

/**
 * The registered participants picked while the activity is being created (issue 24 section 6 item 11). The
 * picker offers only persons the user may read; the server checks each again and refuses the whole activity
 * otherwise. Once saved, participants are managed on the activity's page.
 */
export function ParticipantsField({ value, onChange, error }: Props) {
  const { t } = useTranslation('activities');
  const [picked, setPicked] = useState<PersonOption[]>([]);
  // Remounts the picker after each choice, so it is empty for the next one.
  const [pickerKey, setPickerKey] = useState(0);
  const nameOf = (id: string) => picked.find((p) => p.id === id)?.name ?? id;

  const add = (person: PersonOption | null) => {
    if (!person) return;
    if (!value.includes(person.id)) {
      setPicked((all) => [...all.filter((p) => p.id !== person.id), person]);
      onChange([...value, person.id]);
    }
    setPickerKey((k) => k + 1);
  };

  return (
    <Stack gap="sm">
      <Input.Wrapper
        label={t('form.participants_title')}
        description={t('form.participants_help')}
        error={error}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      >
        <Group gap="xs" mt={4} mb="xs" aria-live="polite" data-testid="picked-participants">
          {value.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('form.no_participants')}
            </Text>
          )}
          {value.map((id) => (
            <Pill
              key={id}
              size="lg"
              withRemoveButton
              onRemove={() => onChange(value.filter((x) => x !== id))}
              // Mantine hides the remove button from keyboards and screen readers (meant for PillsInput): not here.
              removeButtonProps={{
                'aria-label': t('form.remove_participant', { name: nameOf(id) }),
                'aria-hidden': false,
                tabIndex: 0,
              }}
            >
              {nameOf(id)}
            </Pill>
          ))}
        </Group>
      </Input.Wrapper>
      <PersonPicker
        key={pickerKey}
        searchPath={LOOKUP_PATHS.activities.persons}
        label={t('participants.add_label')}
        description={t('participants.add_help')}
        maw={480}
        value={null}
        onPick={add}
      />
    </Stack>
  );
}

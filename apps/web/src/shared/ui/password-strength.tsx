import { List, Progress, Stack, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH, passwordStrength } from '@amparo/shared/modules/auth.schema';

/** Strength meter of spec section 5: lowercase, uppercase, digit, special character and length. */
export function PasswordStrength({ value }: { value: string }) {
  const { t } = useTranslation();
  const { checks, score, max } = passwordStrength(value);
  const color = score <= 2 ? 'red' : score < max ? 'yellow' : 'teal';
  return (
    <Stack gap="xs">
      <Progress value={(score / max) * 100} color={color} size="sm" aria-label={t('common:password.strength')} />
      <List size="sm" spacing={2} center>
        {(Object.keys(checks) as (keyof typeof checks)[]).map((key) => (
          <List.Item
            key={key}
            c={checks[key] ? 'teal' : 'dimmed'}
            icon={
              <ThemeIcon size={16} radius="xl" color={checks[key] ? 'teal' : 'gray'} variant="light">
                {checks[key] ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {t(`common:password.${key}`, { min: MIN_PASSWORD_LENGTH })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

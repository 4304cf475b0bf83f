import { describe, expect, it } from 'vitest';
import { EMAIL_CHOICES, NOTIFICATION_KINDS } from '@amparo/shared/modules/notifications.schema';
import es from '../../locales/es/notifications.json' with { type: 'json' };
import en from '../../locales/en/notifications.json' with { type: 'json' };

// Kinds and e-mail choices are translated by key built at run time (`kinds.${kind}`, `population.access_requested`
// nesting as i18next reads the dot), which the locale-key walk cannot see: every kind the server may send has its
// sentence and its name in both languages.
const at = (tree: unknown, path: string) =>
  path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
describe('notification kinds in the locales', () => {
  it.each([
    ['es', es],
    ['en', en],
  ] as const)('%s has a sentence and a name for every kind, and a label for every e-mail choice', (_lang, locale) => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(at(locale.kinds, kind), kind).toBeTruthy();
      expect(at(locale.kindNames, kind), kind).toBeTruthy();
    }
    for (const choice of EMAIL_CHOICES) expect(locale.email.choices[choice], choice).toBeTruthy();
  });
});

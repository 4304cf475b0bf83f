import { describe, expect, it } from 'vitest';
import { EMAIL_CHOICES } from '@amparo/shared/modules/notifications.schema';
import es from '../../../../web/src/locales/es/notifications.json' with { type: 'json' };
import en from '../../../../web/src/locales/en/notifications.json' with { type: 'json' };
import { APP_MODULES } from '../../app-modules.ts';

// Kinds are declared by the modules' manifests (issue 25 section 5) and translated by keys built at run time
// (`kinds.${kind}`, `support.ticket_created` nesting as i18next reads the dot), which the locale-key walk cannot
// see: every kind a manifest declares has its sentence, its name and its mail line in both languages.
const at = (tree: unknown, path: string) =>
  path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const kinds = APP_MODULES.flatMap((m) => (m.notifications ?? []).map((k) => ({ module: m.name, ...k })));

describe('notification kinds', () => {
  it('are named after the module that declares them, once each', () => {
    expect(kinds.length).toBeGreaterThan(0);
    for (const k of kinds) expect(k.kind.split('.')[0], k.kind).toBe(k.module);
    expect(new Set(kinds.map((k) => k.kind)).size).toBe(kinds.length);
  });

  it.each([
    ['es', es],
    ['en', en],
  ] as const)(
    '%s has a sentence, a name and a mail line for every kind, and a label per e-mail choice',
    (_, locale) => {
      for (const { kind } of kinds) {
        expect(at(locale.kinds, kind), kind).toBeTruthy();
        expect(at(locale.kindNames, kind), kind).toBeTruthy();
        expect(at(locale.mail, kind), kind).toBeTruthy();
      }
      for (const choice of EMAIL_CHOICES) expect(locale.email.choices[choice], choice).toBeTruthy();
    },
  );
});

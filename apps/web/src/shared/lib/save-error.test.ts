import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@amparo/shared/errors';
import esErrors from '../../locales/es/errors.json';
import enErrors from '../../locales/en/errors.json';
import { ApiError } from './api';
import { saveErrorOf } from './save-error';

// Issue 24 section 6 item 1: a save refused for any reason the server can give says that reason, in both languages;
// only a stale edit says someone saved first (the approved plan once answered plan_locked with "reload").
describe('saveErrorOf', () => {
  for (const [lang, errors] of [
    ['es', esErrors],
    ['en', enErrors],
  ] as const) {
    it(`gives every error code its own message in ${lang}, never the stale-edit one`, async () => {
      const i18n = createInstance();
      await i18n.init({ lng: lang, resources: { [lang]: { errors } }, interpolation: { escapeValue: false } });
      const t = i18n.t.bind(i18n);
      const problems = errors.problem as Record<string, string>;
      const stale = problems.version_conflict!;
      const failed = 'FAILED';
      for (const code of ERROR_CODES) {
        // 409 is what the stale edit answers: the status alone must not pick the message.
        for (const status of [400, 403, 409, 422, 503]) {
          const result = saveErrorOf(new ApiError({ status, code }), t, failed);
          if (code === 'internal') {
            expect(result, code).toEqual({ message: failed, reload: false });
          } else if (code === 'version_conflict') {
            expect(result, code).toEqual({ message: stale, reload: true });
          } else {
            expect(problems[code], `${lang} errors.problem.${code}`).toBeTruthy();
            expect(result, code).toEqual({ message: problems[code], reload: false });
            expect(result.message, code).not.toBe(stale);
          }
        }
      }
      // The locked plan as the server answers it: its field error's own words, with the year.
      const locked = saveErrorOf(
        new ApiError({
          status: 409,
          code: 'plan_locked',
          errors: [{ field: 'year', code: 'plan_locked', params: { year: 2031, status: 'approved' } }],
        }),
        t,
        failed,
      );
      expect(locked.reload).toBe(false);
      expect(locked.message).toBe(errors.field.plan_locked.replace('{{year}}', '2031'));
      // No answer at all (status 0) is not a refusal: nothing was saved.
      expect(saveErrorOf(new ApiError({ status: 0 }), t, failed)).toEqual({ message: failed, reload: false });
      expect(saveErrorOf(new Error('x'), t, failed)).toEqual({ message: failed, reload: false });
    });
  }
});

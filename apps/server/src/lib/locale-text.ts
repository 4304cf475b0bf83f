import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldError } from '@amparo/shared/errors';
import { formatMoney } from '@amparo/shared/format';

/**
 * Sentences for documents the server itself renders: the error column of a
 * spreadsheet import (and, like mail, printable documents). They come from the
 * web's own locale files, so a field error reads the same in the browser and
 * in the file; no sentence is written twice (decision 0018, an exception to
 * architecture rule 8 for documents, as mail already is).
 */
const LOCALES = join(import.meta.dirname, '../../../web/src/locales');
const cache = new Map<string, { field: Record<string, string> }>();

function errorsOf(locale: 'es' | 'en') {
  let texts = cache.get(locale);
  if (!texts) {
    texts = JSON.parse(readFileSync(join(LOCALES, locale, 'errors.json'), 'utf8')) as { field: Record<string, string> };
    cache.set(locale, texts);
  }
  return texts;
}

/**
 * A field error as the web shows it ('Debe ser como máximo 100'), its `{{param}}`s filled, `{{param, money}}` as the
 * web's i18n formatter writes it ('Q 1,200.10'); 'Inválido' for an unknown code.
 */
export function fieldErrorText(locale: 'es' | 'en', error: FieldError): string {
  const { field } = errorsOf(locale);
  const template = field[error.code] ?? field.invalid ?? error.code;
  return template.replace(/\{\{(\w+)(?:,\s*(\w+))?\}\}/g, (_, name: string, format?: string) => {
    const value = String(error.params?.[name] ?? '');
    return format === 'money' ? formatMoney(value) : value;
  });
}

const namespaces = new Map<string, unknown>();

/**
 * The sentence at `path` (dots: `mail.support.ticket_created`) of the web's `namespace` file in `locale`, or null
 * when there is none (a mail line, a document's heading).
 */
export function localeText(locale: 'es' | 'en', namespace: string, path: string): string | null {
  const file = `${locale}/${namespace}`;
  let tree = namespaces.get(file);
  if (tree === undefined) {
    tree = JSON.parse(readFileSync(join(LOCALES, locale, `${namespace}.json`), 'utf8')) as unknown;
    namespaces.set(file, tree);
  }
  const value = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  return typeof value === 'string' ? value : null;
}

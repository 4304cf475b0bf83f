import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatCount, formatCurrency, formatMoney } from '@amparo/shared/format';
import { withChunkTimeout } from './chunks';

// Every locale file is a namespace named after its module (architecture rule 1);
// es is the default (spec section 9). Only `common` (shell, layouts, shared UI)
// and `errors` (problem+json codes, also translated outside components) of the
// default language ship in the main bundle; the same two in English are fetched
// at start-up by an English user (the boot screen stays meanwhile), so the first
// load carries one language (issue 11 item 8). Every other namespace is its own
// chunk, fetched for the current language when a page needs it: routes load
// their pages' namespaces with the page code (withNamespaces below), and
// useTranslation(ns) suspends until its namespace is there.
const BUNDLED = ['common', 'errors'];
const bundled = import.meta.glob<ResourceKey>('../../locales/es/{common,errors}.json', {
  eager: true,
  import: 'default',
});
const lazy = import.meta.glob<ResourceKey>(['../../locales/*/*.json', '!../../locales/es/{common,errors}.json'], {
  import: 'default',
});

const resources: Record<string, Record<string, ResourceKey>> = {};
for (const [path, data] of Object.entries(bundled)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, string, string];
  (resources[lang] ??= {})[ns] = data;
}

/** Reads one lazy namespace of one language; an unknown pair is empty. */
const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = lazy[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'amparo.lang';

function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  return stored === 'en' ? 'en' : 'es';
}

// Fired once the new language's namespaces are loaded (and at start-up).
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

void i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: initialLanguage(),
    // Both languages have the same keys (locales.test.ts), so English does not
    // also fetch every Spanish namespace as a fallback.
    fallbackLng: false,
    defaultNS: 'common',
    ns: [...BUNDLED],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// `{{amount, money}}` in a translation: quetzales as 'Q 1,234.56' (spec section 9), from the decimal string the
// server sends in a field error's params (issue 13: a refused amount says its limit and the excess).
i18n.services.formatter?.add('money', (value) => formatMoney(typeof value === 'string' ? value : String(value)));
// `{{count, count}}`: a whole number as the app writes counts ('1,200'), whatever the browser's locale.
i18n.services.formatter?.add('count', (value) => formatCount(Number(value)));
// `{{amount, inCurrency}}`: an amount in the currency its message names in the `currency` param ('USD 1,234.56',
// 'EUR …', 'Q …' for GTQ), as a disbursement's refusal says its agreed amount and excess (issue 13 section 2).
i18n.services.formatter?.add('inCurrency', (value, _lng, options: { currency?: unknown } | undefined) =>
  formatCurrency(
    typeof value === 'string' ? value : String(value),
    typeof options?.currency === 'string' ? options.currency : 'GTQ',
  ),
);

/**
 * Switches the language. i18next first loads, in the new language, every
 * namespace loaded so far, then re-renders: no page shows raw keys meanwhile.
 */
export function setLanguage(lang: Language) {
  localStorage.setItem(STORAGE_KEY, lang);
  void i18n.changeLanguage(lang);
}

/**
 * A page's dynamic import that also loads the translation namespaces the page
 * uses, for `lazyRouteComponent`: the router fetches both together (before
 * rendering, and on intent preloads), so the page does not suspend afterwards.
 * Both must arrive within 120 s (spec section 9), else the route shows RouteError.
 */
export function withNamespaces<T>(ns: readonly string[], load: () => Promise<T>): () => Promise<T> {
  return () => withChunkTimeout(Promise.all([load(), i18n.loadNamespaces(ns)]).then(([mod]) => mod));
}

export default i18n;

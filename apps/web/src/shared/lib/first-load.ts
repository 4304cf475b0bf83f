let firstLoad = true;

/**
 * Whether the router is still on the page load's first navigation, whose first answers the inline boot script
 * asked for before any module ran (src/boot/early.ts): a route's loader need not start them again then.
 */
export function onFirstLoad(): boolean {
  return firstLoad;
}

/** Called once the first page has drawn (main.tsx). */
export function endFirstLoad(): void {
  firstLoad = false;
}

/** How long a first page waits for its rows' answers once its code is in (ms). */
export const FIRST_ANSWERS_GRACE_MS = 100;

/**
 * On the page load's first navigation to a list, the answers its rows need (asked by the boot script, in flight or
 * already here) put in the query cache before the page's first render: the page draws once, with its rows, instead
 * of its loading rows and then, one answer later, its rows: a second render, commit and layout of the whole page,
 * about 150 ms of a phone's 4x-slowed start (issue 24 section 4: total blocking time). `prefetches` are the page's
 * `queryClient.prefetchQuery` calls with the options its own hooks build (the same keys, so the page finds the data;
 * prefetchQuery never rejects: a failed answer is the page's to show). It waits while the page's code (`pageCode`)
 * loads and FIRST_ANSWERS_GRACE_MS more, no longer: on a repeat visit the code comes from the service worker at
 * once, and the page then draws its loading rows at once rather than nothing until the answers come.
 */
export async function primeFirstAnswers(prefetches: Promise<void>[], pageCode: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const codeAndGrace = pageCode.then(
    () => new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_ANSWERS_GRACE_MS))),
    () => undefined,
  );
  await Promise.race([Promise.all(prefetches), codeAndGrace]);
  clearTimeout(timer);
}

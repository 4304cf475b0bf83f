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

/** How long a first page waits for its first answers before it draws without them (ms). */
export const FIRST_ANSWERS_WAIT_MS = 2_000;

/**
 * On the page load's first navigation to a list, its first answers (asked by the boot script, in flight or already
 * here) put in the query cache before the page's first render: the page draws once, with its rows, instead of its
 * loading rows and then, one answer later, its rows: a second render, commit and layout of the whole page, about
 * 150 ms of a phone's 4x-slowed start (issue 24 section 4: total blocking time). `prefetches` are the page's
 * `queryClient.prefetchQuery` calls with the options its own hooks build (the same keys, so the page finds the
 * data; prefetchQuery never rejects: a failed answer is the page's to show). Waits at most FIRST_ANSWERS_WAIT_MS;
 * past that the page draws and its queries take over the answers still in flight.
 */
export async function primeFirstAnswers(prefetches: Promise<void>[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)));
  await Promise.race([Promise.all(prefetches), waited]);
  clearTimeout(timer);
}

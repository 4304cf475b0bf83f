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

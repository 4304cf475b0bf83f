/**
 * Loading the app's code on demand (issue 11 item 1). A screen's code that has
 * not arrived after CHUNK_TIMEOUT_MS has failed (spec section 9: 120 s), so a
 * stalled link at a rural headquarter ends in a message with a reload button
 * instead of an endless spinner.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The app's code (a chunk) could not be loaded in time. */
export class ChunkLoadError extends Error {
  constructor(message = 'chunk load timed out') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** `load`, or a ChunkLoadError once `ms` pass without it settling. */
export function withChunkTimeout<T>(load: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError()), ms);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

// What browsers say when a dynamic import's file cannot be fetched (Chromium, Firefox, Safari) and Vite's preload.
const BROWSER_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

/** Whether `error` is a failed or timed-out load of the app's own code (not an error of the screen itself). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || BROWSER_MESSAGES.some((m) => m.test(error.message));
}

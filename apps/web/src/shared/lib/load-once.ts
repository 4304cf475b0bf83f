/**
 * Code loaded on first use (issue 24 section 4: the selects, tooltips and menus a list draws before anyone uses
 * them). `load()` starts the import once and shares it; a failed import is tried again on the next call. `loaded()`
 * gives what a finished load gave, so a component drawn after it needs no stand-in.
 */
export function loadOnce<T>(importer: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | undefined } {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (result) => (value = result),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    loaded: () => value,
  };
}

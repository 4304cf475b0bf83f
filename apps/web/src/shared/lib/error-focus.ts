// Kept apart from form.ts (zod, the shared validation) so main.tsx can install it without them.

/** The form last sent, whose fields in error `focusFirstError` looks for first. */
let lastSubmitted: HTMLFormElement | null = null;

/**
 * After a refused save: once the errors are drawn, scrolls the first field in
 * error into view and focuses it (in the form last sent, else the page).
 */
export function focusFirstError() {
  // Two frames: React draws the errors, then Mantine marks the inputs aria-invalid.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const root: ParentNode = lastSubmitted?.isConnected ? lastSubmitted : document;
      const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!field) return;
      field.scrollIntoView({ block: 'center', behavior: 'smooth' });
      field.focus({ preventScroll: true });
    }),
  );
}

/**
 * Once, at start: every form sent and refused by its own validation shows its
 * first field in error (the forms need no code of their own for it).
 */
export function installErrorFocus(doc: Document = document) {
  doc.addEventListener('submit', (event) => {
    lastSubmitted = event.target instanceof HTMLFormElement ? event.target : null;
    focusFirstError();
  });
}

/** Ease-in-out (quadratic): slow start, slow end; `t` and the result in [0, 1]. */
const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls the window to the top in `durationMs` milliseconds along an ease-in-out curve, one step per animation
 * frame; at once when `durationMs` is 0 (reduced motion). Returns a function that stops it.
 */
export function scrollWindowToTop(durationMs: number): () => void {
  const start = window.scrollY;
  if (durationMs <= 0 || start <= 0) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    return () => {};
  }
  const began = performance.now();
  let frame = 0;
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / durationMs);
    window.scrollTo({ top: Math.round(start * (1 - easeInOut(progress))), behavior: 'instant' });
    if (progress < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { scrollWindowToTop } from '../lib/scroll';
import { SCROLL_TOP_DURATION_MS, SCROLL_TOP_OFFSET_PX } from '../lib/ui-constants';

/**
 * 'Back to top' (spec section 9): a round button in the bottom right corner, shown once the page is scrolled
 * more than SCROLL_TOP_OFFSET_PX; it scrolls to the top in SCROLL_TOP_DURATION_MS, or at once when the user
 * asks for reduced motion.
 *
 * Whether the page is scrolled that far is told by an IntersectionObserver on a 1 px mark SCROLL_TOP_OFFSET_PX
 * down the document, not by reading the scroll position on every scroll and resize: those reads forced a layout
 * in the middle of the list's first render (issue 11 item 8).
 */
/** The button's size (ActionIcon xl, 44 px) plus its 20 px margin and 16 px of air: what the page keeps free below its content. */
export const SCROLL_TOP_CLEARANCE_PX = 80;

export function ScrollToTop() {
  const { t } = useTranslation();
  const mark = useRef<HTMLDivElement>(null);
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const el = mark.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setScrolled(!!entry && !entry.isIntersecting));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const reduceMotion = useReducedMotion();
  const stop = useRef<() => void>(() => {});
  useEffect(() => () => stop.current(), []);
  const label = t('common:shell.scrollTop');
  return (
    <>
      {createPortal(
        <div
          ref={mark}
          aria-hidden
          style={{
            position: 'absolute',
            top: SCROLL_TOP_OFFSET_PX,
            left: 0,
            width: 1,
            height: 1,
            pointerEvents: 'none',
          }}
        />,
        document.body,
      )}
      <Affix position={{ bottom: 20, right: 20 }}>
        <Transition transition="slide-up" mounted={scrolled}>
          {(styles) => (
            <ActionIcon
              style={styles}
              size="xl"
              radius="xl"
              aria-label={label}
              title={label}
              onClick={() => {
                stop.current();
                stop.current = scrollWindowToTop(reduceMotion ? 0 : SCROLL_TOP_DURATION_MS);
              }}
            >
              <IconArrowUp size={20} />
            </ActionIcon>
          )}
        </Transition>
      </Affix>
    </>
  );
}

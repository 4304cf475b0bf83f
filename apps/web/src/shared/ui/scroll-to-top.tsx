import { useEffect, useRef } from 'react';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useReducedMotion, useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { scrollWindowToTop } from '../lib/scroll';
import { SCROLL_TOP_DURATION_MS, SCROLL_TOP_OFFSET_PX } from '../lib/ui-constants';

/**
 * 'Back to top' (spec section 9): a round button in the bottom right corner, shown once the page is scrolled
 * more than SCROLL_TOP_OFFSET_PX; it scrolls to the top in SCROLL_TOP_DURATION_MS, or at once when the user
 * asks for reduced motion.
 */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();
  const reduceMotion = useReducedMotion();
  const stop = useRef<() => void>(() => {});
  useEffect(() => () => stop.current(), []);
  const label = t('common:shell.scrollTop');
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_OFFSET_PX}>
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
  );
}

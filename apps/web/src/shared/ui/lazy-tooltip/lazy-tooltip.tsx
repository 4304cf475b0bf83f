import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { loadOnce } from '../../lib/load-once';
import { withRestStyles } from '../../styles/load';

type RealTooltip = typeof import('./tooltip').Tooltip;

// Mantine's Tooltip, loaded once for every LazyTooltip of the app.
const tooltip = loadOnce<RealTooltip>(() => withRestStyles(import('./tooltip')).then((module) => module.Tooltip));

type TargetProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * Mantine's Tooltip, loaded when first wanted (issue 24 section 4): until then its target is drawn alone, so a
 * list's row actions do not bring the Tooltip's floating-ui into the list's first load. Pointing at the target or
 * focusing it loads the Tooltip. Pointed at, the Tooltip is drawn open (it closes when the pointer leaves, as
 * Mantine's does); focused, the target keeps the focus and the tooltip opens as Mantine's `events` say (by default
 * on hover only, so none is left open behind a keyboard user). Takes Tooltip's props; the target
 * (`children`) must take onPointerEnter and onFocus (Mantine's buttons and links do). A failed load leaves the
 * target without its tooltip, whose text is also its accessible name.
 */
export function LazyTooltip({ children, ...props }: TooltipProps & { children: ReactElement<TargetProps> }) {
  const [Tip, setTip] = useState<RealTooltip | undefined>(tooltip.loaded);
  // How the tooltip was first wanted: pointed at, it is drawn open; focused, the target gets its focus back.
  const [wanted, setWanted] = useState<'hover' | 'focus' | null>(null);
  const box = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!Tip || wanted !== 'focus') return;
    // The target was drawn again inside the Tooltip: give it back the focus it had.
    box.current?.querySelector<HTMLElement>('a, button, [tabindex]')?.focus();
  }, [Tip, wanted]);

  const want = (how: 'hover' | 'focus') => {
    if (wanted) return;
    setWanted(how);
    tooltip.load().then(
      (loaded) => setTip(() => loaded),
      () => setWanted(null),
    );
  };
  const target = Tip ? (
    <Tip {...props} defaultOpened={props.defaultOpened ?? wanted === 'hover'}>
      {children}
    </Tip>
  ) : (
    cloneElement(children, {
      onPointerEnter: (event) => {
        children.props.onPointerEnter?.(event);
        want('hover');
      },
      onFocus: (event) => {
        children.props.onFocus?.(event);
        want('focus');
      },
    })
  );
  // One box around the target before and after, so it alone is drawn again; `display: contents` adds no layout.
  return (
    <span ref={box} style={{ display: 'contents' }}>
      {target}
    </span>
  );
}

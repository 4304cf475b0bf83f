/**
 * The shell's timings, from the product spec, section 9 ("Business constants and limits"): "Scroll-to-top
 * offset is 200 and speed is 600. Menu hover timeout is 200 ms. Accordion slide is 250 ms. Theme switch delay
 * is 300 ms." Used by the theme's component defaults (`app/theme.ts`), the scroll-to-top button and the
 * colour-scheme toggle; change them here only.
 */

/** The scroll-to-top button shows once the page is scrolled more than this, in CSS pixels. */
export const SCROLL_TOP_OFFSET_PX = 200;
/** How long the scroll back to the top takes, in ms. */
export const SCROLL_TOP_DURATION_MS = 600;
/** Open and close delay of menus, hover cards and tooltips that open on hover, in ms. */
export const MENU_HOVER_DELAY_MS = 200;
/** Slide of an accordion panel or a collapsible section (side-menu groups), in ms. */
export const ACCORDION_SLIDE_MS = 250;
/** Cross-fade of background, text and border colours when the colour scheme changes, in ms. */
export const THEME_SWITCH_MS = 300;

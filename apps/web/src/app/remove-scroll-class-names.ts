/**
 * What Mantine's AppShell header, footer and aside read from react-remove-scroll: the class names its scroll lock
 * (Mantine's Modal and Drawer) uses to keep fixed elements in place when the page's scrollbar goes. The build
 * resolves AppShell's `react-remove-scroll` import to this module (vite.config.ts, `appShellScrollClassNames`),
 * so every page's first load does not carry the whole library (about 3.5 KB at gzip) for two strings; the Modal
 * still uses the real library. `remove-scroll-class-names.test.ts` holds these equal to the library's.
 */
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
} as const;

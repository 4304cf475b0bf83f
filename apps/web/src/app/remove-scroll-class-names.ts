/**
 * The class names react-remove-scroll's scroll lock (Mantine's Modal and Drawer) uses to keep fixed elements in
 * place when the page's scrollbar goes: the shell's fixed header carries `zeroRight` (shell.tsx), as Mantine's
 * AppShell header did, without every page's first load carrying the whole library (about 3.5 KB at gzip) for two
 * strings; the Modal still uses the real library. `remove-scroll-class-names.test.ts` holds these equal to the
 * library's.
 */
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
} as const;

// The module LazySelect loads on first use: Mantine's Select with its Combobox, Popover and floating-ui (the
// `overlays` file, about 57 KB at gzip), kept out of a list's first load (issue 24 section 4).
export { Select } from '@mantine/core';

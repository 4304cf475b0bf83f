// The module LazyTooltip loads on first use: Mantine's Tooltip with its floating-ui (the `overlays` file).
export { Tooltip } from '@mantine/core';

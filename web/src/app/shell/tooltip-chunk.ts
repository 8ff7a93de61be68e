// The lazily loaded part of LazyTooltip: Mantine's Tooltip as a module's default export.
export { Tooltip as default } from '@mantine/core';

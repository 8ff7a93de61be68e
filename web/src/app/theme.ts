import { type CSSVariablesResolver, createTheme, darken } from '@mantine/core';

/**
 * WCAG 2.1 AA (issue 10 point 8): Mantine's default light shades give white text on a filled button,
 * coloured text and badge text 2–4:1. Each colour gets one strong tone, at least 4.5:1 on white and on
 * its own light background (shade 0/1), used for text, filled backgrounds, outlines and light variants.
 */
const STRONG_TONES: Record<string, string> = {
  gray: '#343a40',
  red: '#c32929',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#6741d9',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0b7285',
  teal: '#087756',
  green: '#267937',
  lime: '#4b790b',
  yellow: '#a85700',
  orange: '#b83d0d',
};

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Every control shows keyboard focus (issue 10 point 9); text fields add their own ring (a11y.css).
  focusRing: 'auto',
  // Plain objects, not `Modal.extend(...)`: importing the components here would put every one of them
  // in the first chunk of every page, the sign-in page included (issue 10 point 7).
  components: {
    // A close button named for screen readers on every dialog (axe 'button-name').
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A closed list is not drawn: Mantine keeps every combobox's list mounted (hidden) and positions it on
    // the first render, which on the wizard's first step forced a style pass of about 400 ms at 4x
    // (issue 38). The field points at its list (aria-controls) only while it is open anyway.
    Combobox: { defaultProps: { keepMounted: false } },
    // Tap targets of at least 24×24 px (issue 10 point 10): a 24-px box, steppers side by side (a11y.css).
    Checkbox: { defaultProps: { size: 'md' } },
    NumberInput: { defaultProps: { rightSectionWidth: 58 } },
    // One name for the show/hide toggle everywhere (issue 10 point 12), focusable, pressed while shown.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      },
    },
    // A tooltip (the collapsed sidebar's labels) shows on keyboard focus too, not only on hover.
    Tooltip: { defaultProps: { events: { hover: true, focus: true, touch: false } } },
  },
});

/** The light scheme's colours at AA contrast: secondary text, errors, links and every colour's tones. */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': STRONG_TONES.red as string,
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-anchor': STRONG_TONES.indigo as string,
  };
  for (const [name, tone] of Object.entries(STRONG_TONES)) {
    light[`--mantine-color-${name}-text`] = tone;
    light[`--mantine-color-${name}-filled`] = tone;
    light[`--mantine-color-${name}-filled-hover`] = darken(tone, 0.12);
    light[`--mantine-color-${name}-light-color`] = tone;
    light[`--mantine-color-${name}-outline`] = tone;
  }
  return { variables: {}, light, dark: {} };
};

import { describeAccessibility, WIDTHS } from './accessibility';

// axe on every screen and dialog at the desktop width (the phone width: accessibility-phone).
describeAccessibility(WIDTHS.desktop);

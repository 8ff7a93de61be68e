import { describeAccessibility, WIDTHS } from './accessibility';

// axe on every screen and dialog at the phone width (the desktop width: accessibility-desktop).
describeAccessibility(WIDTHS.phone);

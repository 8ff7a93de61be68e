/** Spec 9: the splash's text. Its own module: index.html's static splash is filled from it at build time. */
export const SPLASH_TEXT = 'Automation Loading...';

/** Not the spec's: a tab's code did not arrive (a dropped connection; the browser will not fetch it again). */
export const TAB_LOAD_FAILED = 'This tab could not be opened. Please reload the page.';

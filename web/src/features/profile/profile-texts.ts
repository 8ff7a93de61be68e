/** Not the spec's: a tab's code did not arrive (a dropped connection; the browser will not fetch it again). */
export const TAB_LOAD_FAILED = 'This tab could not be opened. Please reload the page.';
/** Not the spec's: the Team and Brand cards while their code loads, and when it did not arrive. */
export const SECTIONS_LOADING = 'Loading the team and brand';
export const SECTIONS_LOAD_FAILED = 'The team and brand could not be shown. Please reload the page.';

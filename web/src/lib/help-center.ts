/**
 * Where the sidebar's Help Center link and the dashboard's tutorials lead (spec 2.2, 2.8): the in-app
 * /help page (DECISIONS 17) until real help exists; no external help site exists yet.
 */
export const HELP_CENTER_PATH = '/help';
export const HELP_CENTER_LABEL = 'Help Center';

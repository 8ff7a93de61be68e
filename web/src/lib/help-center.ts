/** The sidebar's external help link (spec 2.2); the in-app /help screen is a placeholder (DECISIONS 17). */
export const HELP_CENTER_URL = 'https://help.trobly.app';
export const HELP_CENTER_LABEL = 'Help Center';

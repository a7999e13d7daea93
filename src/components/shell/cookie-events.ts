/** Window events between the cookie panel, its footer button and the analytics tag. */
export const CONSENT_CHANGED_EVENT = 'cirrus:consent-changed';
export const OPEN_COOKIE_SETTINGS_EVENT = 'cirrus:open-cookie-settings';

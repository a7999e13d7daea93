/** Window events between the cookie panel, its footer button and the analytics tag. */
export const CONSENT_CHANGED_EVENT = 'cirrus:consent-changed';
export const OPEN_COOKIE_SETTINGS_EVENT = 'cirrus:open-cookie-settings';
/** Set on the root element to the cookie panel's height while it is shown: what the chat button and the page keep clear of. */
export const COOKIE_PANEL_HEIGHT_PROPERTY = '--cookie-panel-height';
/** The detail of OPEN_COOKIE_SETTINGS_EVENT: the control that asked, which gets focus back when the panel closes. */
export type OpenCookieSettingsDetail = { returnTo: HTMLElement | null };

/** The control that asked for the panel (OPEN_COOKIE_SETTINGS_EVENT's detail), if any. */
export function askingControl(event: Event): HTMLElement | null {
  const detail = (event as CustomEvent<OpenCookieSettingsDetail | undefined>).detail;
  return detail?.returnTo ?? null;
}

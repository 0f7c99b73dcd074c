/** Every time zone the server knows, made once: the list of the notification settings, the same on page and hydration. */
export const timeZones = Intl.supportedValuesOf("timeZone");

/** The e2e server's STAFF_SECRET_KEY (32 bytes, base64), shared with the specs that seal a TOTP secret themselves. */
export const e2eStaffSecretKey = "ZTJlLXN0YWZmLXNlY3JldC1rZXktMzItYnl0ZXMhISE=";

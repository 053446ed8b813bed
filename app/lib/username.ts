/**
 * better-auth's username plugin: 3 to 30 of letters, digits, '_' and '.'. Read by the start-up
 * configuration (ADMIN_USERNAME) and the back office's user form, so it lives below both.
 */
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.]{3,30}$/;

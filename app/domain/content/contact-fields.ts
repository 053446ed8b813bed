// What the contact form's markup needs, without zod: the browser bundle stays small and
// the action (contact-message.ts) stays the one place that validates.

export const CONTACT_FIELD_LIMITS = { fullName: 120, email: 254, subject: 150, message: 5000 } as const;

export type ContactField = keyof typeof CONTACT_FIELD_LIMITS;

/** A hidden field people never see: a bot that fills it gets a thank-you and nothing is stored. */
export const CONTACT_HONEYPOT_FIELD = "sitio_web";

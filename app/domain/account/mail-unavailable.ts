/**
 * What the account screens say while the shop has no mail server (SMTP_URL unset): links then
 * only reach the outbox on the server, so no screen may tell a shopper one was sent.
 */
export const RECOVERY_MAIL_UNAVAILABLE =
  "La tienda todavía no tiene configurado el envío de correos, así que el enlace para restablecer tu contraseña no te llegará por ahora.";
export const RECOVERY_MAIL_UNAVAILABLE_INQUIRY =
  "Hola, no puedo entrar a mi cuenta y necesito restablecer mi contraseña.";

export const REGISTRATION_MAIL_UNAVAILABLE =
  "La tienda todavía no tiene configurado el envío de correos, así que el enlace para activar una cuenta nueva no te llegará por ahora.";
export const REGISTRATION_MAIL_UNAVAILABLE_INQUIRY = "Hola, quisiera crear una cuenta en la tienda.";

export const EMAIL_CHANGE_MAIL_UNAVAILABLE =
  "La tienda todavía no tiene configurado el envío de correos, así que un cambio de correo no se puede confirmar por ahora.";
export const EMAIL_CHANGE_MAIL_UNAVAILABLE_INQUIRY = "Hola, quisiera cambiar el correo de mi cuenta.";

export function emailChangePendingNote(email: string, isMailConfigured: boolean): string {
  return isMailConfigured
    ? `Te enviamos un enlace a ${email} para confirmar tu nuevo correo.`
    : `Tu nuevo correo (${email}) queda pendiente de confirmación, pero la tienda todavía no puede enviarte el enlace. Escríbenos por WhatsApp y te ayudamos.`;
}

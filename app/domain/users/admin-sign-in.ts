import { z } from "zod";

export const adminSignInSchema = z.object({
  username: z.string().trim().min(1, "Ingresa tu nombre de usuario."),
  password: z.string().min(1, "Ingresa tu contraseña."),
});

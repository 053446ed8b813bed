declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's address, as Express sees it (through a local reverse proxy). */
    clientIp?: string;
  }
}

export function getClientIp(context: { clientIp?: string } | undefined): string {
  return context?.clientIp || "unknown";
}

/** The readable cookie without data that says "this browser has a session or a cart" (ADR 024). */
export const VISITOR_MARKER_COOKIE = "patitas_visitor";

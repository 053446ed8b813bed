// The whole schema in one namespace, for drizzle's relational queries and drizzle-kit.
export * from "./schema/alerts";
export * from "./schema/auth";
export * from "./schema/bookings";
export * from "./schema/catalog";
export * from "./schema/complaints";
export * from "./schema/content";
export * from "./schema/delivery";
export * from "./schema/discounts";
export * from "./schema/invoicing";
export * from "./schema/messages";
export * from "./schema/orders";
export * from "./schema/payments";
export * from "./schema/reports";
export * from "./schema/search";
export * from "./schema/security";

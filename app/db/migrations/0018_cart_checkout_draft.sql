-- The checkout as the shopper left it (issue 40): leaving the cart for a product and coming
-- back keeps the choices and contact details, as the big shops do. Cleared when the order is placed.
ALTER TABLE "carts" ADD COLUMN "checkout_draft" jsonb;
-- A group-buy opens when its leader has paid (docs/decisions/060-group-buy-payment.md): a group remembers when that
-- was. Groups made before opened when they were made, except an open one whose leader has not paid yet: it waits for
-- that payment, until the leader's order's own deadline, as a new group would.
ALTER TABLE "pintuan_groups" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
UPDATE "pintuan_groups" g SET "opened_at" = g."created_at"
WHERE NOT EXISTS (
  SELECT 1 FROM "pintuan_members" m JOIN "orders" o ON o."id" = m."order_id"
  WHERE m."group_id" = g."id" AND m."leader" AND o."status" = 'pending_payment'
);--> statement-breakpoint
UPDATE "pintuan_groups" g SET "status" = 'pending', "expires_at" = o."pay_by"
FROM "pintuan_members" m JOIN "orders" o ON o."id" = m."order_id"
WHERE m."group_id" = g."id" AND m."leader" AND o."status" = 'pending_payment' AND g."status" = 'open';--> statement-breakpoint
-- What an offer is compared with is the plan's regular price from the pricing model, not a number kept beside it.
ALTER TABLE "pintuan_offers" DROP COLUMN "single_price_cents";

CREATE INDEX "user_coupons_claimed_at_idx" ON "user_coupons" USING btree ("created_at","used_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","activated_at");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","currency","total_minor") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "pintuan_groups_created_at_idx" ON "pintuan_groups" USING btree ("created_at","status");
ALTER TABLE "purchase_order_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "draft_order_name" text;
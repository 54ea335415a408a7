CREATE TABLE "emulator_customer_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"next" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emulator_customer_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"number" integer NOT NULL,
	"order" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emulator_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"position" integer NOT NULL,
	"customer" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_locks" (
	"cart_key" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "emulator_customer_orders_customer" ON "emulator_customer_orders" USING btree ("customer_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "emulator_customers_email" ON "emulator_customers" USING btree ("email");
CREATE TABLE "emulator_carts" (
	"token" text PRIMARY KEY NOT NULL,
	"cart" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emulator_orders" (
	"number" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emulator_orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"cart_token" text NOT NULL,
	"customer_id" text,
	"email" text NOT NULL,
	"order" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "expiring_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);

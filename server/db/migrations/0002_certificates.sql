CREATE TABLE "certificates" (
	"code" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"course_id" text NOT NULL,
	"course_name" text NOT NULL,
	"printed_name" text NOT NULL,
	"completion_date" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);

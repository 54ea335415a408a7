import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The server's tables, and those the app owns (it never imports server/, decision 003).
  schema: [
    "./server/db/schema.ts",
    "./app/lib/training/certificate-schema.ts",
    "./app/lib/mail/outbox-schema.ts",
    "./app/lib/commercial/purchase-order-schema.ts",
    "./app/lib/enquiries/enquiry-schema.ts",
    "./app/lib/customer/session-schema.ts",
    "./app/lib/commerce/cart-lock-schema.ts",
    "./app/lib/state/expiring-state-schema.ts",
  ],
  out: "./server/db/migrations",
});

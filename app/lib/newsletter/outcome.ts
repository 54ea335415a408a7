import { z } from "zod";

// What the footer's newsletter form shows after a submission: inline (JavaScript) or, after a
// plain form post, from a one-time cookie on the page the shopper came back to. The texts are
// product §8's.

export const NEWSLETTER_MESSAGES = {
  pending: "Thanks! Check your inbox and click the link to confirm your subscription.",
  subscribed: "You're already subscribed. Thanks for reading!",
  invalid: "Please enter a valid email address, like name@example.com.",
  refused: "We can't subscribe this address. Please try another one.",
  unavailable: "We couldn't subscribe you just now. Please try again in a few minutes.",
  rateLimited: "Too many sign-up attempts. Please wait a few minutes and try again.",
} as const;

export const NewsletterOutcomeSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), message: z.string().max(200) }),
  // What the shopper typed comes back with the error, so nothing is lost.
  z.object({ ok: z.literal(false), message: z.string().max(200), email: z.string().max(320) }),
]);

export type NewsletterOutcome = z.infer<typeof NewsletterOutcomeSchema>;

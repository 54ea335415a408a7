import { z } from "zod";
import { PHONE_REGEX } from "../forms/phone";
import { PARTICIPANT_FIELDS, type Participant, participantFieldName } from "./cart-participants";

// The participants of a local course booked from the cart (product §3, §5): one per seat.

const ParticipantSchema = z.object({
  name: z.string().trim().min(1, "name").max(100, "name"),
  email: z.string().trim().max(254, "email").pipe(z.email("email")),
  // The same rule as the form's pattern.
  phone: z.string().trim().regex(PHONE_REGEX, "phone"),
});

const FIELD_ERROR: Record<keyof Participant, (position: number) => string> = {
  name: (n) => `Enter the name of participant ${n}`,
  email: (n) => `Enter a valid email for participant ${n}`,
  phone: (n) => `Enter a valid phone number for participant ${n}`,
};

/** One participant per seat, each with a name, an email and a phone (product §3, §5). */
export function parseParticipants(
  form: Pick<FormData, "get">,
  seats: number,
): { participants: Participant[] } | { fieldErrors: Record<string, string> } {
  const fieldErrors: Record<string, string> = {};
  const participants: Participant[] = [];
  for (let position = 1; position <= seats; position++) {
    const raw = Object.fromEntries(
      PARTICIPANT_FIELDS.map(({ field }) => {
        const value = form.get(participantFieldName(position, field));
        return [field, typeof value === "string" ? value : ""];
      }),
    );
    const parsed = ParticipantSchema.safeParse(raw);
    if (parsed.success) {
      participants.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof Participant;
      fieldErrors[participantFieldName(position, field)] ??= FIELD_ERROR[field](position);
    }
  }
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { participants };
}

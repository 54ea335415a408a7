import type { CartAttribute } from "./cart";

// A course line carries one participant per seat as line attributes (product §3):
// 'Participant {n} Name', 'Participant {n} Email', 'Participant {n} Phone', n from 1.

export interface Participant {
  name: string;
  email: string;
  phone: string;
}

export const PARTICIPANT_FIELDS = [
  { field: "name", label: "Name" },
  { field: "email", label: "Email" },
  { field: "phone", label: "Phone" },
] as const satisfies readonly { field: keyof Participant; label: string }[];

export { PHONE_PATTERN } from "../forms/phone";

export { MAX_SEATS } from "./cart";

export function participantKey(position: number, field: keyof Participant): string {
  const label = PARTICIPANT_FIELDS.find((entry) => entry.field === field)?.label ?? field;
  return `Participant ${position} ${label}`;
}

/** The form field a participant's detail travels in: "participant-2-email". */
export function participantFieldName(position: number, field: keyof Participant): string {
  return `participant-${position}-${field}`;
}

export function participantAttributes(participants: readonly Participant[]): CartAttribute[] {
  return participants.flatMap((participant, index) =>
    PARTICIPANT_FIELDS.map(({ field }) => ({
      key: participantKey(index + 1, field),
      value: participant[field],
    })),
  );
}

const PARTICIPANT_KEY = /^Participant (\d+) (Name|Email|Phone)$/;

/** The participants a line's attributes name, in seat order, with their seat number. */
export function participantsOf(
  attributes: readonly CartAttribute[],
): (Participant & { position: number })[] {
  const seats = new Map<number, Participant>();
  for (const { key, value } of attributes) {
    const match = PARTICIPANT_KEY.exec(key);
    if (!match) continue;
    const position = Number(match[1]);
    const seat = seats.get(position) ?? { name: "", email: "", phone: "" };
    const field = PARTICIPANT_FIELDS.find((entry) => entry.label === match[2])?.field;
    if (field) seat[field] = value;
    seats.set(position, seat);
  }
  return [...seats.entries()]
    .sort(([a], [b]) => a - b)
    .map(([position, participant]) => ({ position, ...participant }));
}

/** A line's attributes other than its participants. */
export function otherAttributes(attributes: readonly CartAttribute[]): CartAttribute[] {
  return attributes.filter(({ key }) => !PARTICIPANT_KEY.test(key));
}

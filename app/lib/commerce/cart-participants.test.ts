import { describe, expect, it } from "vitest";
import {
  otherAttributes,
  PHONE_PATTERN,
  participantAttributes,
  participantFieldName,
  participantsOf,
} from "./cart-participants";

const ava = { name: "Ava Nguyen", email: "ava@example.com", phone: "0400 000 001" };
const ben = { name: "Ben Carter", email: "ben@example.com", phone: "+61 7 5555 0100" };

describe("course participants as line attributes (product §3)", () => {
  it("names each seat's details 'Participant {n} Name/Email/Phone'", () => {
    expect(participantAttributes([ava, ben])).toEqual([
      { key: "Participant 1 Name", value: "Ava Nguyen" },
      { key: "Participant 1 Email", value: "ava@example.com" },
      { key: "Participant 1 Phone", value: "0400 000 001" },
      { key: "Participant 2 Name", value: "Ben Carter" },
      { key: "Participant 2 Email", value: "ben@example.com" },
      { key: "Participant 2 Phone", value: "+61 7 5555 0100" },
    ]);
  });

  it("reads them back in seat order, whatever order the attributes come in", () => {
    const attributes = [...participantAttributes([ava, ben])].reverse();
    expect(participantsOf(attributes)).toEqual([
      { position: 1, ...ava },
      { position: 2, ...ben },
    ]);
  });

  it("keeps other attributes apart", () => {
    const attributes = [{ key: "Gift wrap", value: "yes" }, ...participantAttributes([ava])];
    expect(otherAttributes(attributes)).toEqual([{ key: "Gift wrap", value: "yes" }]);
    expect(participantsOf([{ key: "Gift wrap", value: "yes" }])).toEqual([]);
  });

  it("names the form fields per seat", () => {
    expect(participantFieldName(2, "email")).toBe("participant-2-email");
  });

  it("has a phone pattern the browser compiles (v flag) and that takes what people type", () => {
    const pattern = new RegExp(`^(?:${PHONE_PATTERN})$`, "v");
    for (const phone of ["0400 000 001", "+61 7 5555 0100", "(07) 5555-0100"]) {
      expect(pattern.test(phone), phone).toBe(true);
    }
    for (const phone of ["12", "phone", "0400 000 00x", ""]) {
      expect(pattern.test(phone), phone).toBe(false);
    }
  });
});

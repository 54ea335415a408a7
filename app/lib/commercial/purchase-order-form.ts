// The purchase-order checkout form's rules (product §5). Pure: the server checks every post with
// them; the page shows each message beside its field and keeps what was typed.

import { formTexts } from "../forms/form-text";

export const PO_REFERENCE_MAX = 64;
export const NOTES_MAX = 2_000;

export const PO_FORM_ERRORS = {
  reference: "Enter your purchase order reference",
  referenceLength: `Keep the purchase order reference to ${PO_REFERENCE_MAX} characters`,
  shippingMethod: "Choose Standard Shipping or Local Pickup",
  address: "Choose a delivery address",
  noAddress: "Add a delivery address to your account, or choose Local Pickup",
  location: "Choose a pickup location",
  deliveryDate: "Choose a delivery date from today onwards",
  notes: `Keep the notes to ${NOTES_MAX} characters`,
} as const;

export type PoFormField =
  | "reference"
  | "shippingMethod"
  | "addressId"
  | "locationId"
  | "deliveryDate"
  | "notes";

export interface PoFormValues {
  idempotencyKey: string;
  reference: string;
  shippingMethod: string;
  addressId: string;
  locationId: string;
  deliveryDate: string;
  notes: string;
}

export type ValidPoForm = {
  idempotencyKey: string;
  reference: string;
  notes: string | null;
  requestedDeliveryDate: string | null;
} & (
  | { shippingMethod: "standard"; addressId: string }
  | { shippingMethod: "pickup"; locationId: string }
);

export function readPoForm(form: Pick<FormData, "get">): PoFormValues {
  return formTexts(form, [
    "idempotencyKey",
    "reference",
    "shippingMethod",
    "addressId",
    "locationId",
    "deliveryDate",
    "notes",
  ]);
}

/** The form's key: the same cart in two tabs, or a form posted twice, makes one order. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Checks a posted form against what the customer may choose: their own address ids and the
 * shop's pickup locations. `today` is the shop's date (YYYY-MM-DD), so "not in the past" does not
 * depend on the server's time zone.
 */
export function validatePoForm(
  values: PoFormValues,
  choices: { addressIds: readonly string[]; locationIds: readonly string[]; today: string },
): { ok: true; form: ValidPoForm } | { ok: false; errors: Partial<Record<PoFormField, string>> } {
  const errors: Partial<Record<PoFormField, string>> = {};
  const reference = values.reference.trim();
  if (reference === "") errors.reference = PO_FORM_ERRORS.reference;
  else if (reference.length > PO_REFERENCE_MAX) errors.reference = PO_FORM_ERRORS.referenceLength;

  // product §5: Standard Shipping needs an address that exists and is picked; Local Pickup a
  // location; every other method is invalid.
  if (values.shippingMethod === "standard") {
    if (choices.addressIds.length === 0) errors.addressId = PO_FORM_ERRORS.noAddress;
    else if (!choices.addressIds.includes(values.addressId))
      errors.addressId = PO_FORM_ERRORS.address;
  } else if (values.shippingMethod === "pickup") {
    if (!choices.locationIds.includes(values.locationId))
      errors.locationId = PO_FORM_ERRORS.location;
  } else {
    errors.shippingMethod = PO_FORM_ERRORS.shippingMethod;
  }

  const deliveryDate = values.deliveryDate.trim();
  if (deliveryDate !== "" && (!isRealDate(deliveryDate) || deliveryDate < choices.today)) {
    errors.deliveryDate = PO_FORM_ERRORS.deliveryDate;
  }
  const notes = values.notes.trim();
  if (notes.length > NOTES_MAX) errors.notes = PO_FORM_ERRORS.notes;

  const idempotencyKey = IDEMPOTENCY_KEY.test(values.idempotencyKey) ? values.idempotencyKey : null;
  if (Object.keys(errors).length > 0 || !idempotencyKey) {
    // A missing key is not the customer's mistake: the page gives the form a new one.
    return { ok: false, errors };
  }
  const common = {
    idempotencyKey,
    reference,
    notes: notes === "" ? null : notes,
    requestedDeliveryDate: deliveryDate === "" ? null : deliveryDate,
  };
  return values.shippingMethod === "standard"
    ? { ok: true, form: { ...common, shippingMethod: "standard", addressId: values.addressId } }
    : { ok: true, form: { ...common, shippingMethod: "pickup", locationId: values.locationId } };
}

/** The shop's date (Australia/Brisbane: the business is on the Gold Coast, no daylight saving). */
export function shopToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Brisbane" }).format(now);
}

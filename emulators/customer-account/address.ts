import { type AddressFields, emptyAddress } from "./customer-records";
import {
  postcodeMatchesFormat,
  postcodeMatchesZone,
  requiresPostcode,
  requiresZone,
  territoryName,
  zoneName,
} from "./territories";

/** Codes of Shopify's `UserErrorsCustomerAddressUserErrorsCode` that the emulator produces. */
export type AddressErrorCode =
  | "ADDRESS1_MISSING"
  | "ADDRESS_ARGUMENT_EMPTY"
  | "ADDRESS_ID_DOES_NOT_EXIST"
  | "CONTAINS_HTML_TAGS"
  | "CUSTOMER_ADDRESS_ALREADY_EXISTS"
  | "DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED"
  | "DEMOTING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED"
  | "INVALID_FOR_COUNTRY"
  | "INVALID_FOR_COUNTRY_AND_PROVINCE"
  | "INVALID_TERRITORY_CODE"
  | "PHONE_NUMBER_NOT_VALID"
  | "REQUIRED"
  | "TERRITORY_CODE_MISSING"
  | "TOO_LONG"
  | "ZONE_CODE_MISSING";

export interface AddressUserError {
  code: AddressErrorCode;
  field: string[];
  message: string;
}

const MAX_FIELD_LENGTH = 255;
const htmlTagPattern = /<\/?[a-z][^>]*>/i;

const fieldLabels: Record<keyof AddressFields, string> = {
  firstName: "First name",
  lastName: "Last name",
  company: "Company",
  address1: "Address",
  address2: "Apartment, suite, etc.",
  city: "City",
  zoneCode: "State",
  territoryCode: "Country/region",
  zip: "Postal code",
  phoneNumber: "Phone",
};

/** Trims the input as Shopify does: blank strings are absent values. */
export function normaliseAddressInput(input: Partial<Record<keyof AddressFields, unknown>>) {
  const address: Partial<AddressFields> = {};
  for (const field of Object.keys(emptyAddress()) as (keyof AddressFields)[]) {
    const value = input[field];
    if (value === undefined) continue;
    const text = typeof value === "string" ? value.trim() : "";
    address[field] = text === "" ? null : text;
  }
  if (address.territoryCode) address.territoryCode = address.territoryCode.toUpperCase();
  if (address.zoneCode) address.zoneCode = address.zoneCode.toUpperCase();
  return address;
}

/** E.164, with Australian national numbers (0412 345 678) converted as Shopify's forms do. */
export function normalisePhoneNumber(phone: string, territoryCode: string | null) {
  const compact = phone.replace(/[\s().-]/g, "");
  const international =
    territoryCode === "AU" && /^0\d{9}$/.test(compact) ? `+61${compact.slice(1)}` : compact;
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : null;
}

/**
 * Validates a complete address and returns Shopify-style user errors with field paths below
 * `fieldPrefix` (e.g. `["address", "zip"]`).
 */
export function validateAddress(
  address: AddressFields,
  knownTerritories: ReadonlySet<string>,
  fieldPrefix: readonly string[] = ["address"],
): AddressUserError[] {
  const errors: AddressUserError[] = [];
  const fail = (code: AddressErrorCode, field: keyof AddressFields | null, message: string) => {
    errors.push({ code, field: field ? [...fieldPrefix, field] : [...fieldPrefix], message });
  };

  if (Object.values(address).every((value) => value == null)) {
    fail("ADDRESS_ARGUMENT_EMPTY", null, "Enter an address");
    return errors;
  }

  for (const [field, value] of Object.entries(address) as [keyof AddressFields, string | null][]) {
    if (value == null) continue;
    if (htmlTagPattern.test(value)) {
      fail("CONTAINS_HTML_TAGS", field, `${fieldLabels[field]} cannot contain HTML tags`);
    } else if (value.length > MAX_FIELD_LENGTH) {
      fail(
        "TOO_LONG",
        field,
        `${fieldLabels[field]} is too long (maximum is ${MAX_FIELD_LENGTH} characters)`,
      );
    }
  }

  const territory = address.territoryCode;
  if (!territory) {
    fail("TERRITORY_CODE_MISSING", "territoryCode", "Select a country/region");
  } else if (!knownTerritories.has(territory)) {
    fail("INVALID_TERRITORY_CODE", "territoryCode", `${territory} is not a valid country/region`);
  }
  const knownTerritory = territory && knownTerritories.has(territory) ? territory : null;
  const labels = knownTerritory
    ? regionalLabels(knownTerritory)
    : { zone: "state", zip: "postal code" };

  if (!address.address1) fail("ADDRESS1_MISSING", "address1", "Enter an address");
  if (!address.city) fail("REQUIRED", "city", "Enter a city");

  if (knownTerritory && requiresZone(knownTerritory)) {
    if (!address.zoneCode) {
      fail("ZONE_CODE_MISSING", "zoneCode", `Select a ${labels.zone}`);
    } else if (!zoneName(knownTerritory, address.zoneCode)) {
      fail(
        "INVALID_FOR_COUNTRY",
        "zoneCode",
        `Select a valid ${labels.zone} for ${territoryName(knownTerritory)}`,
      );
    }
  }

  if (knownTerritory && requiresPostcode(knownTerritory)) {
    const zip = address.zip;
    if (!zip) {
      fail("REQUIRED", "zip", `Enter a ${labels.zip}`);
    } else if (!postcodeMatchesFormat(knownTerritory, zip)) {
      fail(
        "INVALID_FOR_COUNTRY",
        "zip",
        `Enter a valid ${labels.zip} for ${territoryName(knownTerritory)}`,
      );
    } else if (
      address.zoneCode &&
      zoneName(knownTerritory, address.zoneCode) &&
      !postcodeMatchesZone(knownTerritory, address.zoneCode, zip)
    ) {
      fail(
        "INVALID_FOR_COUNTRY_AND_PROVINCE",
        "zip",
        `Enter a valid ${labels.zip} for ${zoneName(knownTerritory, address.zoneCode)}`,
      );
    }
  }

  if (address.phoneNumber && !normalisePhoneNumber(address.phoneNumber, knownTerritory)) {
    fail("PHONE_NUMBER_NOT_VALID", "phoneNumber", "Enter a valid phone number");
  }
  return errors;
}

function regionalLabels(territoryCode: string) {
  switch (territoryCode) {
    case "AU":
      return { zone: "state/territory", zip: "postcode" };
    case "CA":
      return { zone: "province", zip: "postal code" };
    case "US":
      return { zone: "state", zip: "ZIP code" };
    default:
      return { zone: "region", zip: "postal code" };
  }
}

/** `CustomerAddress.formatted`: the lines a shop prints on a label, country last. */
export function formatAddress(
  address: AddressFields,
  options: { withName: boolean; withCompany: boolean },
): string[] {
  const territory = address.territoryCode;
  const zone = territory && requiresZone(territory) ? address.zoneCode : null;
  const lines = [
    options.withName ? fullName(address) : null,
    options.withCompany ? address.company : null,
    address.address1,
    address.address2,
    [address.city, zone, address.zip].filter(Boolean).join(" "),
    territory ? territoryName(territory) : null,
  ];
  return lines.filter((line): line is string => Boolean(line));
}

/** `CustomerAddress.formattedArea`: city, province and country, comma-separated. */
export function formatArea(address: AddressFields): string | null {
  const territory = address.territoryCode;
  const province = territory && address.zoneCode ? zoneName(territory, address.zoneCode) : null;
  const parts = [address.city, province, territory ? territoryName(territory) : null];
  return parts.filter(Boolean).join(", ") || null;
}

export function fullName(address: Pick<AddressFields, "firstName" | "lastName">) {
  return [address.firstName, address.lastName].filter(Boolean).join(" ") || null;
}

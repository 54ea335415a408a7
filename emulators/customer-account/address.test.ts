import { describe, expect, test } from "vitest";
import { formatAddress, formatArea, normaliseAddressInput, validateAddress } from "./address";
import { type AddressFields, emptyAddress } from "./customer-records";

const territories = new Set(["AU", "CA", "GB", "NZ", "US"]);

const burleigh: AddressFields = {
  ...emptyAddress(),
  firstName: "Olivia",
  lastName: "Bennett",
  company: "Bennett Pools",
  address1: "14 Seabreeze Crescent",
  address2: "Unit 2",
  city: "Burleigh Heads",
  zoneCode: "QLD",
  territoryCode: "AU",
  zip: "4220",
};

describe("formatAddress", () => {
  test("prints Australian addresses with the state code and postcode on the city line", () => {
    expect(formatAddress(burleigh, { withName: true, withCompany: true })).toEqual([
      "Olivia Bennett",
      "Bennett Pools",
      "14 Seabreeze Crescent",
      "Unit 2",
      "Burleigh Heads QLD 4220",
      "Australia",
    ]);
    expect(formatAddress(burleigh, { withName: false, withCompany: false })).toEqual([
      "14 Seabreeze Crescent",
      "Unit 2",
      "Burleigh Heads QLD 4220",
      "Australia",
    ]);
    expect(formatArea(burleigh)).toBe("Burleigh Heads, Queensland, Australia");
  });

  test("leaves out zones for countries without them", () => {
    const auckland = {
      ...emptyAddress(),
      address1: "1 Queen Street",
      city: "Auckland",
      zip: "1010",
      territoryCode: "NZ",
      zoneCode: "AUK",
    };
    expect(formatAddress(auckland, { withName: false, withCompany: true })).toEqual([
      "1 Queen Street",
      "Auckland 1010",
      "New Zealand",
    ]);
  });
});

describe("validateAddress", () => {
  const codes = (address: AddressFields) =>
    validateAddress(address, territories).map((error) => `${error.code} ${error.field.join(".")}`);

  test("accepts a complete Australian address", () => {
    expect(validateAddress(burleigh, territories)).toEqual([]);
  });

  test("requires a state for Australia, the US and Canada, and checks it exists", () => {
    expect(codes({ ...burleigh, zoneCode: null })).toEqual(["ZONE_CODE_MISSING address.zoneCode"]);
    expect(codes({ ...burleigh, zoneCode: "XYZ" })).toEqual([
      "INVALID_FOR_COUNTRY address.zoneCode",
    ]);
    expect(codes({ ...burleigh, territoryCode: "US", zoneCode: null, zip: "90210" })).toEqual([
      "ZONE_CODE_MISSING address.zoneCode",
    ]);
  });

  test("checks Australian postcodes: four digits, within the state's ranges", () => {
    expect(codes({ ...burleigh, zip: "422" })).toEqual(["INVALID_FOR_COUNTRY address.zip"]);
    expect(codes({ ...burleigh, zip: "3000" })).toEqual([
      "INVALID_FOR_COUNTRY_AND_PROVINCE address.zip",
    ]);
    expect(codes({ ...burleigh, zoneCode: "ACT", zip: "2600" })).toEqual([]);
    expect(codes({ ...burleigh, zoneCode: "NT", zip: "0800" })).toEqual([]);
  });

  test("reports missing, unknown, too long and HTML fields with their paths", () => {
    expect(codes({ ...burleigh, territoryCode: null })).toEqual([
      "TERRITORY_CODE_MISSING address.territoryCode",
    ]);
    expect(codes({ ...burleigh, territoryCode: "QQ" })).toEqual([
      "INVALID_TERRITORY_CODE address.territoryCode",
    ]);
    expect(codes({ ...burleigh, address1: null, city: null, zip: null })).toEqual([
      "ADDRESS1_MISSING address.address1",
      "REQUIRED address.city",
      "REQUIRED address.zip",
    ]);
    expect(
      codes({ ...burleigh, company: "c".repeat(256), lastName: "<script>x</script>" }),
    ).toEqual(["CONTAINS_HTML_TAGS address.lastName", "TOO_LONG address.company"]);
    expect(codes({ ...burleigh, phoneNumber: "call me" })).toEqual([
      "PHONE_NUMBER_NOT_VALID address.phoneNumber",
    ]);
    expect(codes(emptyAddress())).toEqual(["ADDRESS_ARGUMENT_EMPTY address"]);
  });
});

test("normaliseAddressInput trims, turns blanks into null and upper-cases codes", () => {
  expect(
    normaliseAddressInput({
      city: "  Noosa Heads ",
      zip: " ",
      territoryCode: "au",
      zoneCode: "qld",
    }),
  ).toEqual({ city: "Noosa Heads", zip: null, territoryCode: "AU", zoneCode: "QLD" });
});

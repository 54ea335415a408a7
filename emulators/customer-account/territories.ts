// Zones of the countries where Shopify insists on a zoneCode; other territories take none.
const zonesByTerritory: Record<string, Record<string, string>> = {
  AU: {
    ACT: "Australian Capital Territory",
    NSW: "New South Wales",
    NT: "Northern Territory",
    QLD: "Queensland",
    SA: "South Australia",
    TAS: "Tasmania",
    VIC: "Victoria",
    WA: "Western Australia",
  },
  CA: {
    AB: "Alberta",
    BC: "British Columbia",
    MB: "Manitoba",
    NB: "New Brunswick",
    NL: "Newfoundland and Labrador",
    NS: "Nova Scotia",
    NT: "Northwest Territories",
    NU: "Nunavut",
    ON: "Ontario",
    PE: "Prince Edward Island",
    QC: "Quebec",
    SK: "Saskatchewan",
    YT: "Yukon",
  },
  US: {
    AL: "Alabama",
    AK: "Alaska",
    AS: "American Samoa",
    AZ: "Arizona",
    AR: "Arkansas",
    CA: "California",
    CO: "Colorado",
    CT: "Connecticut",
    DE: "Delaware",
    DC: "District of Columbia",
    FL: "Florida",
    GA: "Georgia",
    GU: "Guam",
    HI: "Hawaii",
    ID: "Idaho",
    IL: "Illinois",
    IN: "Indiana",
    IA: "Iowa",
    KS: "Kansas",
    KY: "Kentucky",
    LA: "Louisiana",
    ME: "Maine",
    MD: "Maryland",
    MA: "Massachusetts",
    MI: "Michigan",
    MN: "Minnesota",
    MS: "Mississippi",
    MO: "Missouri",
    MT: "Montana",
    NE: "Nebraska",
    NV: "Nevada",
    NH: "New Hampshire",
    NJ: "New Jersey",
    NM: "New Mexico",
    NY: "New York",
    NC: "North Carolina",
    ND: "North Dakota",
    MP: "Northern Mariana Islands",
    OH: "Ohio",
    OK: "Oklahoma",
    OR: "Oregon",
    PA: "Pennsylvania",
    PR: "Puerto Rico",
    RI: "Rhode Island",
    SC: "South Carolina",
    SD: "South Dakota",
    TN: "Tennessee",
    TX: "Texas",
    UT: "Utah",
    VT: "Vermont",
    VI: "U.S. Virgin Islands",
    VA: "Virginia",
    WA: "Washington",
    WV: "West Virginia",
    WI: "Wisconsin",
    WY: "Wyoming",
  },
};

// Australia Post's postcode ranges per state (PO boxes and large-volume receivers included).
const australianPostcodeRanges: Record<string, [number, number][]> = {
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  NT: [[800, 999]],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  TAS: [[7000, 7999]],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  WA: [[6000, 6999]],
};

const postcodeFormats: Record<string, RegExp> = {
  AU: /^\d{4}$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  NZ: /^\d{4}$/,
  US: /^\d{5}(-\d{4})?$/,
};

// Territories without a postal code system (a short, deliberate list, not exhaustive).
const territoriesWithoutPostcodes = new Set(["AE", "AG", "BS", "FJ", "HK", "IE", "QA", "WS"]);

const territoryNames = new Intl.DisplayNames(["en"], { type: "region" });

export function requiresZone(territoryCode: string): boolean {
  return territoryCode in zonesByTerritory;
}

export function zoneName(territoryCode: string, zoneCode: string): string | undefined {
  return zonesByTerritory[territoryCode]?.[zoneCode];
}

export function requiresPostcode(territoryCode: string): boolean {
  return !territoriesWithoutPostcodes.has(territoryCode);
}

export function territoryName(territoryCode: string): string {
  return territoryNames.of(territoryCode) ?? territoryCode;
}

export function postcodeMatchesFormat(territoryCode: string, zip: string): boolean {
  return postcodeFormats[territoryCode]?.test(zip) ?? true;
}

/** Whether an Australian postcode belongs to the state; unknown combinations pass. */
export function postcodeMatchesZone(territoryCode: string, zoneCode: string, zip: string): boolean {
  const ranges = territoryCode === "AU" ? australianPostcodeRanges[zoneCode] : undefined;
  if (!ranges) return true;
  const postcode = Number(zip);
  return ranges.some(([low, high]) => postcode >= low && postcode <= high);
}

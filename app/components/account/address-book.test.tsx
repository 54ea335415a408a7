import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Address } from "../../lib/customer/account.server";
import { AddressBook } from "./address-book";

// Olivia's two addresses (demo/customers/olivia-bennett.json), as the Customer Account API
// gives them.
const olivia = { firstName: "Olivia", lastName: "Bennett", company: null, territoryCode: "AU" };
const BURLEIGH: Address = {
  ...olivia,
  id: "gid://shopify/CustomerAddress/2001",
  address1: "14 Seabreeze Crescent",
  address2: null,
  city: "Burleigh Heads",
  zoneCode: "QLD",
  zip: "4220",
  phoneNumber: "+61412345678",
  formatted: ["Olivia Bennett", "14 Seabreeze Crescent", "Burleigh Heads QLD 4220", "Australia"],
  formattedWithoutName: ["14 Seabreeze Crescent", "Burleigh Heads QLD 4220", "Australia"],
  formattedArea: "Burleigh Heads, Queensland, Australia",
} as Address;
const NOOSA: Address = {
  ...olivia,
  id: "gid://shopify/CustomerAddress/2002",
  address1: "27 Hastings Street",
  address2: "Unit 3",
  city: "Noosa Heads",
  zoneCode: "QLD",
  zip: "4567",
  phoneNumber: "+61412345678",
  formatted: [
    "Olivia Bennett",
    "27 Hastings Street",
    "Unit 3",
    "Noosa Heads QLD 4567",
    "Australia",
  ],
  formattedWithoutName: ["27 Hastings Street", "Unit 3", "Noosa Heads QLD 4567", "Australia"],
  formattedArea: "Noosa Heads, Queensland, Australia",
} as Address;

/** The accessible names of the address book's buttons, as a screen reader announces them. */
function buttonNames() {
  const router = createMemoryRouter(
    [
      {
        path: "/account",
        element: <AddressBook addresses={[BURLEIGH, NOOSA]} defaultAddressId={BURLEIGH.id} />,
      },
    ],
    { initialEntries: ["/account"] },
  );
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  return [...html.matchAll(/<button[^>]*aria-label="([^"]*)"/g)].map((match) => match[1]);
}

describe("the address book's buttons", () => {
  it("name the address each acts on, so two addresses of one person can be told apart", () => {
    expect(buttonNames()).toEqual([
      "Delete Olivia Bennett, 14 Seabreeze Crescent, Burleigh Heads",
      "Make Olivia Bennett, 27 Hastings Street, Noosa Heads the default address",
      "Delete Olivia Bennett, 27 Hastings Street, Noosa Heads",
    ]);
  });
});

import { Form } from "react-router";
import type { Address } from "../../lib/customer/account.server";
import type { AccountActionResult } from "../../lib/customer/account-form";
import { Field, FormError } from "./field";

const AU_STATES = [
  ["QLD", "Queensland"],
  ["NSW", "New South Wales"],
  ["VIC", "Victoria"],
  ["ACT", "Australian Capital Territory"],
  ["TAS", "Tasmania"],
  ["SA", "South Australia"],
  ["WA", "Western Australia"],
  ["NT", "Northern Territory"],
] as const;

/**
 * How the buttons name an address: the name alone would give two addresses of one person the
 * same "Delete Olivia Bennett", so the street and town say which one is meant.
 */
function addressLabel(address: Address): string {
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  return [name, address.address1, address.city].filter(Boolean).join(", ") || "address";
}

export function AddressBook({
  addresses,
  defaultAddressId,
  result,
}: {
  addresses: Address[];
  defaultAddressId: string | null;
  result?: AccountActionResult;
}) {
  const adding = result?.intent === "add-address" ? result : undefined;
  const rowError = result && result.intent !== "add-address" ? result : undefined;
  const values = adding?.values ?? {};
  const fieldError = (name: string) => (adding?.field === name ? adding.error : undefined);
  return (
    <section id="addresses" aria-labelledby="addresses-heading">
      <h2 id="addresses-heading" className="text-xl font-semibold text-lagoon-900">
        Addresses
      </h2>
      <FormError message={rowError?.error} />
      {addresses.length === 0 ? (
        <p className="mt-3 text-slate-700">You have no saved addresses yet.</p>
      ) : null}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {addresses.map((address) => {
          const isDefault = address.id === defaultAddressId;
          const label = addressLabel(address);
          return (
            <li key={address.id} className="rounded-lg border border-slate-200 p-4">
              {isDefault ? (
                <p className="mb-2 inline-block rounded bg-lagoon-100 px-2 py-0.5 text-xs font-semibold text-lagoon-800">
                  Default address
                </p>
              ) : null}
              <address className="not-italic text-slate-800">
                {address.formatted.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <div className="mt-3 flex gap-3">
                {isDefault ? null : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="set-default-address" />
                    <input type="hidden" name="addressId" value={address.id} />
                    <button
                      type="submit"
                      className="text-sm font-semibold text-lagoon-700 underline"
                      aria-label={`Make ${label} the default address`}
                    >
                      Make default
                    </button>
                  </Form>
                )}
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="delete-address" />
                  <input type="hidden" name="addressId" value={address.id} />
                  <button
                    type="submit"
                    className="text-sm font-semibold text-coral-600 underline"
                    aria-label={`Delete ${label}`}
                  >
                    Delete
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>

      <details
        className="mt-6 rounded-lg border border-slate-200 p-4"
        open={adding ? true : undefined}
      >
        <summary className="cursor-pointer font-semibold text-lagoon-800">
          Add a new address
        </summary>
        <Form
          method="post"
          className="mt-4 grid gap-3 sm:grid-cols-2"
          preventScrollReset
          noValidate
        >
          <input type="hidden" name="intent" value="add-address" />
          <div className="sm:col-span-2">
            <FormError message={adding && !adding.field ? adding.error : undefined} />
          </div>
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            defaultValue={values.firstName}
            error={fieldError("firstName")}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            defaultValue={values.lastName}
            error={fieldError("lastName")}
          />
          <Field
            label="Company"
            name="company"
            autoComplete="organization"
            defaultValue={values.company}
            error={fieldError("company")}
            className="sm:col-span-2"
          />
          <Field
            label="Street address"
            name="address1"
            required
            autoComplete="address-line1"
            defaultValue={values.address1}
            error={fieldError("address1")}
            className="sm:col-span-2"
          />
          <Field
            label="Apartment, unit (optional)"
            name="address2"
            autoComplete="address-line2"
            defaultValue={values.address2}
            error={fieldError("address2")}
            className="sm:col-span-2"
          />
          <Field
            label="Suburb or city"
            name="city"
            required
            autoComplete="address-level2"
            defaultValue={values.city}
            error={fieldError("city")}
          />
          <div>
            <label htmlFor="address-zone" className="block text-sm font-medium text-slate-800">
              State
            </label>
            <select
              id="address-zone"
              name="zoneCode"
              defaultValue={values.zoneCode ?? "QLD"}
              aria-invalid={fieldError("zoneCode") ? true : undefined}
              aria-describedby={fieldError("zoneCode") ? "address-zone-error" : undefined}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            >
              <option value="">—</option>
              {AU_STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            {fieldError("zoneCode") ? (
              <p id="address-zone-error" className="mt-1 text-sm text-coral-600">
                {fieldError("zoneCode")}
              </p>
            ) : null}
          </div>
          <Field
            label="Postcode"
            name="zip"
            autoComplete="postal-code"
            defaultValue={values.zip}
            error={fieldError("zip")}
          />
          <div>
            <label htmlFor="address-country" className="block text-sm font-medium text-slate-800">
              Country
            </label>
            <select
              id="address-country"
              name="territoryCode"
              defaultValue={values.territoryCode ?? "AU"}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            >
              <option value="AU">Australia</option>
              <option value="NZ">New Zealand</option>
            </select>
          </div>
          <Field
            label="Phone"
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            defaultValue={values.phoneNumber}
            error={fieldError("phoneNumber")}
          />
          <label className="flex items-center gap-2 sm:col-span-2">
            <input
              type="checkbox"
              name="defaultAddress"
              defaultChecked={values.defaultAddress === "on"}
            />
            <span>Use as my default address</span>
          </label>
          <div className="sm:col-span-2">
            <button
              type="submit"
              className="rounded-md bg-lagoon-700 px-4 py-2 font-semibold text-white hover:bg-lagoon-800"
            >
              Save address
            </button>
          </div>
        </Form>
      </details>
    </section>
  );
}

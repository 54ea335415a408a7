import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { PickupLocation } from "../../lib/commercial/purchase-order";
import type {
  CheckoutAddress,
  PurchaseOrderActionData,
} from "../../lib/commercial/purchase-order-checkout.server";
import { PO_REFERENCE_MAX } from "../../lib/commercial/purchase-order-form";
import { Field, FormError } from "../account/field";
import { KeptTextarea } from "../ui/kept-textarea";

const input =
  "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-coral-600";

function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-coral-600">
      {message}
    </p>
  ) : null;
}

/**
 * The purchase-order form (product §5). A plain form post: it works without JavaScript, and every
 * message appears beside its field with what was typed kept.
 */
export function PurchaseOrderForm({
  idempotencyKey,
  addresses,
  defaultAddressId,
  locations,
  result,
  today,
}: {
  idempotencyKey: string;
  addresses: CheckoutAddress[];
  defaultAddressId: string | null;
  locations: PickupLocation[];
  result: PurchaseOrderActionData | undefined;
  today: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = result?.errors ?? {};
  const values = result?.values;
  const method = values?.shippingMethod ?? (addresses.length > 0 ? "standard" : "pickup");
  const errorSummary = useRef<HTMLDivElement>(null);
  const errorCount = Object.keys(errors).length;

  // Focus moves to the list of problems, so a screen reader hears them after submitting.
  useEffect(() => {
    if (result && Object.keys(result.errors).length > 0) errorSummary.current?.focus();
  }, [result]);

  const described = (field: keyof PurchaseOrderActionData["errors"]) =>
    errors[field]
      ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` }
      : {};

  return (
    <Form method="post" className="space-y-6" noValidate>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {errorCount > 0 ? (
        <div ref={errorSummary} tabIndex={-1}>
          <FormError
            message={errors.cart ?? "Please correct the highlighted fields and submit again."}
          />
        </div>
      ) : null}

      <Field
        label="Purchase order reference"
        name="reference"
        required
        defaultValue={values?.reference}
        error={errors.reference}
        autoComplete="off"
      />
      <p className="-mt-4 text-sm text-slate-600">
        Your own order number, up to {PO_REFERENCE_MAX} characters.
      </p>

      <fieldset {...described("shippingMethod")}>
        <legend className="text-sm font-medium text-slate-800">Shipping</legend>
        <ErrorText id={`${id}-shippingMethod-error`} message={errors.shippingMethod} />
        <div className="mt-2 space-y-4">
          <div className="rounded-md border border-slate-200 p-4">
            <label className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="shippingMethod"
                value="standard"
                defaultChecked={method === "standard"}
              />
              Standard Shipping
            </label>
            {addresses.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">
                You have no delivery address yet.{" "}
                <Link to="/account#addresses" className="text-lagoon-700 underline">
                  Add an address
                </Link>
              </p>
            ) : (
              <div className="mt-2">
                <label htmlFor={`${id}-address`} className="block text-sm text-slate-800">
                  Deliver to
                </label>
                <select
                  id={`${id}-address`}
                  name="addressId"
                  defaultValue={values?.addressId ?? defaultAddressId ?? ""}
                  className={input}
                  {...described("addressId")}
                >
                  <option value="">Choose an address</option>
                  {addresses.map((address) => (
                    <option key={address.id} value={address.id}>
                      {[address.recipient, ...address.lines].join(", ")}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <ErrorText id={`${id}-addressId-error`} message={errors.addressId} />
          </div>

          <div className="rounded-md border border-slate-200 p-4">
            <label className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="shippingMethod"
                value="pickup"
                defaultChecked={method === "pickup"}
              />
              Local Pickup
            </label>
            <div className="mt-2">
              <label htmlFor={`${id}-location`} className="block text-sm text-slate-800">
                Pickup location
              </label>
              <select
                id={`${id}-location`}
                name="locationId"
                defaultValue={values?.locationId ?? ""}
                className={input}
                {...described("locationId")}
              >
                <option value="">Choose a location</option>
                {locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name} — {location.address.join(", ")}
                  </option>
                ))}
              </select>
            </div>
            <ErrorText id={`${id}-locationId-error`} message={errors.locationId} />
          </div>
        </div>
      </fieldset>

      <div>
        <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
          Requested delivery date (optional)
        </label>
        <input
          id={`${id}-date`}
          type="date"
          name="deliveryDate"
          min={today}
          defaultValue={values?.deliveryDate}
          className={input}
          {...described("deliveryDate")}
        />
        <ErrorText id={`${id}-deliveryDate-error`} message={errors.deliveryDate} />
      </div>

      <div>
        <label htmlFor={`${id}-notes`} className="block text-sm font-medium text-slate-800">
          Notes (optional)
        </label>
        <KeptTextarea
          id={`${id}-notes`}
          name="notes"
          rows={4}
          defaultValue={values?.notes}
          className={input}
          {...described("notes")}
        />
        <ErrorText id={`${id}-notes-error`} message={errors.notes} />
      </div>

      <button
        type="submit"
        disabled={submitting}
        className="inline-flex min-h-12 items-center justify-center rounded-md bg-lagoon-700 px-6 py-3 font-semibold text-white hover:bg-lagoon-800 disabled:opacity-60"
      >
        {submitting ? "Submitting…" : "Submit purchase order"}
      </button>
    </Form>
  );
}

import { Form } from "react-router";
import type { CustomerProfile } from "../../lib/customer/account.server";
import type { AccountActionResult } from "../../lib/customer/account-form";
import { Field, FormError } from "./field";

export function ProfileForm({
  profile,
  result,
}: {
  profile: CustomerProfile;
  result?: AccountActionResult;
}) {
  const values = result?.values;
  return (
    <section id="profile" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-xl font-semibold text-lagoon-900">
        Profile
      </h2>
      {profile.email ? <p className="mt-1 text-sm text-slate-600">{profile.email}</p> : null}
      <Form method="post" className="mt-4 space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value="update-name" />
        <FormError message={result?.error} />
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          defaultValue={values?.firstName ?? profile.firstName}
          error={result?.field === "firstName" ? "Enter your first name" : undefined}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          defaultValue={values?.lastName ?? profile.lastName}
          error={result?.field === "lastName" ? "Enter your last name" : undefined}
        />
        <button
          type="submit"
          className="rounded-md bg-lagoon-700 px-4 py-2 font-semibold text-white hover:bg-lagoon-800"
        >
          Save name
        </button>
      </Form>
    </section>
  );
}

/**
 * Starts sign-in with the platform's customer login and comes back to `returnTo` afterwards.
 * A GET form, so it works without JavaScript.
 */
export function SignInButton({
  returnTo,
  label = "Sign in",
}: {
  returnTo: string;
  label?: string;
}) {
  return (
    <form method="get" action="/account/login">
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        className="inline-flex rounded-md bg-lagoon-700 px-6 py-3 font-semibold text-white hover:bg-lagoon-800"
      >
        {label}
      </button>
    </form>
  );
}

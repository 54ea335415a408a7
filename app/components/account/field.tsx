import { useId } from "react";
import { KeptTextarea } from "../ui/kept-textarea";

/**
 * A labelled input (or, with `rows`, a textarea) whose error is announced and tied to it
 * (aria-invalid, aria-describedby).
 */
export function Field({
  label,
  name,
  defaultValue,
  error,
  required = false,
  autoComplete,
  autoFocus,
  type = "text",
  rows,
  className = "",
}: {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
  required?: boolean;
  autoComplete?: string;
  /** Focused when the page loads: the first field with an error, also without JavaScript. */
  autoFocus?: boolean;
  type?: string;
  /** A multi-line field of this many rows. */
  rows?: number;
  className?: string;
}) {
  const id = useId();
  const control = {
    id,
    name,
    defaultValue,
    required,
    autoComplete,
    autoFocus,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className:
      "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-coral-600",
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {rows ? <KeptTextarea rows={rows} {...control} /> : <input type={type} {...control} />}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-coral-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-coral-600 bg-orange-50 px-3 py-2 text-sm text-coral-600"
    >
      {message}
    </p>
  );
}

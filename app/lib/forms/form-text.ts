/**
 * Control characters no keyboard types, except tab and line breaks. A posted form may carry them
 * (a script, a fuzzer), and a database refuses text with NUL in it: dropped on reading, they never
 * reach a store or a message.
 */
const UNTYPEABLE = /[^\P{Cc}\t\n\r]/gu;

/** A form field as the text the shopper typed: a missing field or a file is empty text. */
export const formText = (value: FormDataEntryValue | null): string =>
  typeof value === "string" ? value.replace(UNTYPEABLE, "") : "";

/** The named fields of a form, each as the text the shopper typed (`formText`). */
export function formTexts<Name extends string>(
  form: Pick<FormData, "get">,
  names: readonly Name[],
): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, formText(form.get(name))])) as Record<
    Name,
    string
  >;
}

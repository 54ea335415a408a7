/** A form field as the text the shopper typed: a missing field or a file is empty text. */
export const formText = (value: FormDataEntryValue | null): string =>
  typeof value === "string" ? value : "";

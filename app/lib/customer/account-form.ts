/**
 * What the account page's action answers when a form fails: the spec's message, the field it is
 * about and the values the customer typed, so the form shows them again (ARCHITECTURE.md, rule 2).
 */
export type AccountActionResult = {
  intent: string;
  error: string;
  field?: string;
  values: Record<string, string>;
};

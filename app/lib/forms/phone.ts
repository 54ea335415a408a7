// A phone number as people type it (product §5): an optional leading +, digits, spaces, brackets
// and dashes, 8–20 characters, ending in a digit — "+61 7 5555 0100", "(07) 5555-0100". The
// browser checks it with the `pattern` attribute (compiled with the v flag: hence the escapes)
// before the server checks it with the same rule.

export const PHONE_PATTERN = "\\+?[0-9\\(][0-9 \\(\\)\\-]{6,18}[0-9]";

export const PHONE_REGEX = new RegExp(`^(?:${PHONE_PATTERN})$`, "v");

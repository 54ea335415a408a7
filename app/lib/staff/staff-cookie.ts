/** The staff session's cookie (decision 012): sent only under /staff, never a customer's. */
export const STAFF_COOKIE = "lagoon_staff";

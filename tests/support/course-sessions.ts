// How the demo catalogue names a course session in its SKU (tests only): the session's date,
// "13 March 2027", as YYMMDD at the end of the SKU, "TRN-SAFETY-GC-270313".

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "13 March 2027" → "270313"; throws on anything else, so a bad date cannot pass unnoticed. */
export function sessionSkuDate(session: string): string {
  const [day = "", month = "", year = "", ...rest] = session.split(" ");
  const monthNumber = MONTHS.indexOf(month) + 1;
  if (!/^\d{1,2}$/.test(day) || monthNumber === 0 || !/^\d{4}$/.test(year) || rest.length > 0) {
    throw new Error(`Not a session date: ${session}`);
  }
  return `${year.slice(2)}${String(monthNumber).padStart(2, "0")}${day.padStart(2, "0")}`;
}

import { expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import type { DatabaseHandle } from "../../../tests/support/server-parts";
import { certificateCode } from "./certificate-code.server";
import { findCertificate, issueCertificate } from "./certificate-registry.server";

const SECRET = "test-secret";

function certificateFor(printedName: string) {
  const identity = {
    customerId: "gid://shopify/Customer/1004",
    courseId: "pool-operations-certificate",
    completionDate: "2025-08-15",
    printedName,
  };
  return {
    ...identity,
    code: certificateCode(SECRET, identity),
    courseName: "Pool Operations Certificate",
  };
}

// Issuance and lookup behind /certificate/{course} and /certificate/verify/{code}, on both engines.
function defineRegistrySuite(engine: DatabaseHandle["engine"], handle: () => DatabaseHandle) {
  it(`issues a certificate once and finds it by its code (${engine})`, async () => {
    const { db } = handle();
    const certificate = certificateFor("Liam O'Connor");
    const first = await issueCertificate(db, certificate);
    expect(first).toMatchObject(certificate);
    expect(first.issuedAt).toBeInstanceOf(Date);

    const again = await issueCertificate(db, certificate);
    expect(again).toEqual(first);
    expect(await findCertificate(db, certificate.code)).toEqual(first);
  });

  it(`keeps each printed name as its own certificate (${engine})`, async () => {
    const { db } = handle();
    const other = await issueCertificate(db, certificateFor("Liam O'Connor Jr"));
    expect(other.code).not.toBe(certificateFor("Liam O'Connor").code);
    expect((await findCertificate(db, other.code))?.printedName).toBe("Liam O'Connor Jr");
  });

  it(`finds nothing under an unknown code (${engine})`, async () => {
    expect(await findCertificate(handle().db, "LGN-0000-0000")).toBeNull();
  });

  it(`refuses a second certificate under a code already taken (${engine})`, async () => {
    const { db } = handle();
    const taken = certificateFor("Liam O'Connor");
    await issueCertificate(db, taken);
    await expect(
      issueCertificate(db, { ...certificateFor("Someone Else"), code: taken.code }),
    ).rejects.toThrow(/already belongs to another certificate/);
    expect((await findCertificate(db, taken.code))?.printedName).toBe("Liam O'Connor");
  });
}

describeOnBothEngines("certificate registry", (handle, engine) =>
  defineRegistrySuite(engine, handle),
);

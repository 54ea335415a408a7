import { certificateHeaders, requireCertificate } from "../lib/training/certificate-access.server";
import { certificatePdf } from "../lib/training/certificate-pdf.server";
import type { Route } from "./+types/certificate.pdf";

/** `/certificate/{course}/pdf`: the same certificate as a PDF download, under the same rules. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { certificate, setCookies } = await requireCertificate(request, context, params.course);
  return new Response(new Uint8Array(await certificatePdf(certificate)), {
    headers: certificateHeaders(setCookies, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${certificate.courseId}.pdf"`,
    }),
  });
}

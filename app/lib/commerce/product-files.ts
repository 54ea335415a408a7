import type { FileReference } from "./types";

// Downloads and directions (product §3's custom.downloads and custom.directions) as shoppers see
// them: "Owner's manual (PDF, 48 KB)".

const TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/zip": "ZIP",
  "application/msword": "Word",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
  "application/vnd.ms-excel": "Excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel",
  "text/csv": "CSV",
  "text/plain": "Text",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/svg+xml": "SVG",
  "video/mp4": "MP4",
};

function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  } catch {
    return "";
  }
}

/** "PDF" from the MIME type, else the file name's extension. */
export function fileTypeName(file: Pick<FileReference, "mimeType" | "url">): string | null {
  const mimeType = file.mimeType?.split(";")[0]?.trim().toLowerCase();
  if (mimeType && TYPE_NAMES[mimeType]) return TYPE_NAMES[mimeType];
  const extension = /\.([a-z0-9]{1,5})$/i.exec(fileName(file.url))?.[1];
  return extension ? extension.toUpperCase() : null;
}

/** Sizes as file managers show them: 980 bytes, 48 KB, 2.4 MB. */
export function formatFileSize(bytes: number | null | undefined): string | null {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${Math.max(1, Math.round(kilobytes))} KB`;
  const megabytes = kilobytes / 1024;
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

/** The file's name for a link: its alt text, else its file name in words. */
export function fileTitle(file: Pick<FileReference, "alt" | "url">): string {
  if (file.alt?.trim()) return file.alt.trim();
  const words = fileName(file.url)
    .replace(/\.[a-z0-9]{1,5}$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Download";
}

/** "(PDF, 48 KB)", or null when neither is known. */
export function fileDetails(file: FileReference): string | null {
  const details = [fileTypeName(file), formatFileSize(file.originalFileSize)].filter(Boolean);
  return details.length > 0 ? `(${details.join(", ")})` : null;
}

/** A file as the product page links it, labelled on the server. */
export interface FileLink {
  id: string;
  url: string;
  title: string;
  /** "(PDF, 48 KB)", or null. */
  details: string | null;
}

export function toFileLink(file: FileReference): FileLink {
  return { id: file.id, url: file.url, title: fileTitle(file), details: fileDetails(file) };
}

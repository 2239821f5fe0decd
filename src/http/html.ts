// Escaping for user-supplied text placed in HTML text and quoted attribute values.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(text: string | null | undefined): string {
  return (text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * A request's body as text, read no further than `maxBytes` ('too_large' past it, or when the
 * declared Content-Length is already larger). Bytes that are not UTF-8 become U+FFFD. The
 * request itself is read: pass `request.clone()` when a later handler must read it too.
 */
export async function readBoundedText(request: Request, maxBytes: number): Promise<string | 'too_large'> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return 'too_large';
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: a cancelled branch of a tee settles only when the other one is cancelled too.
      reader.cancel().catch(() => undefined);
      return 'too_large';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Hands a file made in the browser to the user as a download (an export, the requests' addresses). */
export function saveFile(contents: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Files the browser saves for the user: CSV exports, workbooks, audit extracts. */

/** Saves text as a file through a temporary link. */
export function saveText(text: string, fileName: string, type: string): void {
  saveBlob(new Blob([text], { type }), fileName);
}

/** Saves bytes (a workbook, a text) as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

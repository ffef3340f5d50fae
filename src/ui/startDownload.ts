/**
 * Opens a download link as a click on a link with `download` does: the server answers with
 * `Content-Disposition: attachment`, so the file is saved and the page stays where it is. Used
 * where the link is asked for at the click (it is short-lived and names the current file), and for a
 * file made in the page (an object URL), saved under `fileName`.
 */
export function startDownload(url: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

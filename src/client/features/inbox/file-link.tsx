import type { Attachment } from './api.js';

/** A stored file as a download link; a name the order mentions but no file matches, as text. */
export function FileLink({
  attachment,
  url,
  name = attachment?.name ?? '',
}: {
  attachment: Attachment | undefined;
  url: (a: Attachment) => string;
  name?: string;
}) {
  return attachment ? (
    <a href={url(attachment)} download={attachment.name}>
      {name}
    </a>
  ) : (
    <>{name}</>
  );
}

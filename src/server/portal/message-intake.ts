// A new message on an order, from either side (docs/portal.md, "Messages on an order"): its text
// as JSON, or its text and one file as multipart/form-data (fields `body`, then `file`). The file
// is staged, checked like artwork (artwork/ checkMessageFile: the type from its bytes, a picture
// within the pixel cap, a PDF that opens; in the artwork's lanes, within ARTWORK_RENDER_CPU_MS,
// docs/decisions/017-artwork-lanes-and-cpu-budget.md), then stored with the order's files with
// its preview; a refusal says why in both languages. The other side is mailed a link, at most once per
// MESSAGE_MAIL_PAUSE_MS while the last mail's message is unread.
import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_MESSAGE_CHARS, MAX_MESSAGE_FILE_BYTES, type OrderMessage } from '../../shared/portal-api.js';
import { cleanFileName } from '../../shared/attachment-names.js';
import { plainText } from '../../shared/plain-text.js';
import { checkMessageFile, type MessageFileCheck } from '../artwork/index.js';
import { AppError, diskFull, DomainError, isUnavailableError } from '../errors.js';
import { assertBodyCanArrive } from '../http/client-gone.js';
import { attachmentDisposition, DOWNLOAD_HEADERS } from '../http/downloads.js';
import type { ComposedMail } from '../mail/compose.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { guardOptionsOf, UploadGuard } from '../uploads/index.js';
import { addMessage, claimNotification, findMessageFile, messagesOf, type NewMessageFile } from './message-store.js';

const REFUSALS = {
  empty: [400, 'message_empty', 'Write your message.', 'Écrivez votre message.'],
  tooLong: [
    400,
    'message_too_long',
    `A message holds at most ${MAX_MESSAGE_CHARS} characters: shorten it.`,
    `Un message compte au plus ${MAX_MESSAGE_CHARS}\u00a0caractères\u00a0: raccourcissez-le.`,
  ],
  tooLarge: [
    413,
    'message_file_too_large',
    'This file is larger than 10 MB: send a smaller one.',
    'Ce fichier dépasse 10\u00a0Mo\u00a0: envoyez-en un plus petit.',
  ],
  unsupported: [
    415,
    'message_file_unsupported',
    'A file on a message must be a PNG, JPEG or WebP picture, or a PDF.',
    'Un fichier joint à un message doit être une image PNG, JPEG ou WebP, ou un PDF.',
  ],
  'too-many-pixels': [
    422,
    'message_file_too_many_pixels',
    'This picture has more than 50 megapixels: send a smaller one.',
    'Cette image compte plus de 50\u00a0mégapixels\u00a0: envoyez-en une plus petite.',
  ],
  'too-complex': [
    422,
    'message_file_too_complex',
    'This file takes too long to read: send it as a picture or a simpler PDF.',
    'Ce fichier est trop long à lire\u00a0: envoyez-le en image ou en PDF plus simple.',
  ],
  unreadable: [
    422,
    'message_file_unreadable',
    'This file could not be read: it may be damaged. Save it again and send it.',
    'Ce fichier est illisible, peut-être endommagé\u00a0: enregistrez-le de nouveau et envoyez-le.',
  ],
  malformed: [
    400,
    'malformed_multipart',
    'The message was cut off on its way: nothing was saved. Send it again.',
    'Le message a été coupé en chemin\u00a0: rien n’a été enregistré. Envoyez-le de nouveau.',
  ],
} as const;

const refuse = (why: keyof typeof REFUSALS, field = 'body') => {
  const [status, code, message, messageFr] = REFUSALS[why];
  return new AppError(status, code, message, [field], { messageFr });
};

interface Incoming {
  orderId: string;
  author: OrderMessage['author'];
  staffEmail: string | null;
  shopName: string;
  /** The mail to the other side, made and queued only when the cap allows. */
  mail: () => Promise<ComposedMail>;
  onMailQueued: () => void;
}

/** Reads, checks and stores a message (and its file); answers the message as the thread shows it. */
export async function receiveMessage(
  app: FastifyInstance,
  request: FastifyRequest,
  incoming: Incoming,
): Promise<OrderMessage> {
  const now = new Date();
  const { id } = request.isMultipart()
    ? await receiveWithFile(app, request, incoming, now)
    : await addMessage(app.db, { ...incoming, body: textOf(request.body, false) }, now);
  if (await claimNotification(app.db, incoming.orderId, id, incoming.author, now)) {
    await enqueueMails(app.db, mailRows(incoming.orderId, [await incoming.mail()], now));
    incoming.onMailQueued();
  }
  const [message] = await messagesOf(app.db, incoming.orderId, incoming.shopName, id);
  return message!;
}

/**
 * What reading the parts threw: our own refusals and a store that is down pass through; a file
 * over the limit is the 413 above; anything else is the body itself (cut off, or not multipart),
 * a 400 rather than a 500.
 */
function asMultipartError(err: unknown): unknown {
  if (err instanceof AppError || err instanceof DomainError || isUnavailableError(err)) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse('tooLarge', 'file');
  if (code === 'ENOSPC' || code === 'EDQUOT') return err;
  return refuse('malformed');
}

function textOf(body: unknown, hasFile: boolean): string {
  const text = typeof body === 'object' && body && 'body' in body ? body.body : body;
  // Controls and bidi overrides out: the other side must read the message as it was typed.
  const trimmed = typeof text === 'string' ? plainText(text, true).trim() : '';
  if (trimmed.length > MAX_MESSAGE_CHARS) throw refuse('tooLong');
  if (!trimmed && !hasFile) throw refuse('empty');
  return trimmed;
}

async function receiveWithFile(app: FastifyInstance, request: FastifyRequest, incoming: Incoming, now: Date) {
  if (await app.files.isLowOnSpace()) throw diskFull();
  assertBodyCanArrive(request);
  // A message's file counts toward the sender's daily upload budget, as an order's files do
  // (uploads/upload-guard.ts): its declared size (at most the file's cap) is claimed before a
  // byte is read, and what arrived stays counted.
  const declared = Number(request.headers['content-length'] ?? 0) || MAX_MESSAGE_FILE_BYTES;
  const guard = await UploadGuard.begin(
    guardOptionsOf(app.config, app.db, app.files),
    request.ip,
    Math.min(declared, MAX_MESSAGE_FILE_BYTES + MAX_MESSAGE_CHARS * 4 + 64 * 1024),
  );
  const staging = app.files.newStaging({
    maxFileBytes: MAX_MESSAGE_FILE_BYTES,
    maxOrderBytes: MAX_MESSAGE_FILE_BYTES,
    maxFiles: 1,
  });
  let previewPath: string | null = null;
  try {
    let text: unknown = '';
    let staged: Awaited<ReturnType<typeof staging.writeStream>> | null = null;
    const parts = request.parts({
      limits: { fileSize: MAX_MESSAGE_FILE_BYTES, files: 1, fields: 1, parts: 2, fieldSize: MAX_MESSAGE_CHARS * 4 },
    });
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'body') text = part.value;
        } else if (part.fieldname === 'file' && part.filename) {
          staged = await staging.writeStream(part.file, part.filename, part.mimetype);
          if (part.file.truncated) throw refuse('tooLarge', 'file');
        } else {
          part.file.resume();
        }
      }
    } catch (err) {
      throw asMultipartError(err);
    }
    const body = textOf(text, staged !== null);
    const files: NewMessageFile[] = [];
    if (staged) {
      if (staged.size === 0) throw refuse('unsupported', 'file');
      previewPath = `${staged.tmpPath}.preview.webp`;
      const check: MessageFileCheck = await checkMessageFile(staged.tmpPath, previewPath, {
        cpuBudgetMs: app.config.ARTWORK_RENDER_CPU_MS,
      });
      if (!check.ok) throw refuse(check.code, 'file');
      const keys = await staging.moveInto(incoming.orderId);
      const storageKey = keys.get(staged.id)!;
      if (check.preview) {
        await app.files.saveThumbnail(storageKey, previewPath);
        previewPath = null;
      }
      files.push({
        id: staged.id,
        name: cleanFileName(staged.rawName) || 'file',
        mediaType: check.mediaType,
        size: staged.size,
        sha256: staged.sha256,
        storageKey,
      });
    }
    return await addMessage(app.db, { ...incoming, body, files }, now);
  } finally {
    if (previewPath) await rm(previewPath, { force: true });
    await staging.discard();
    await guard
      .settle(staging.bytes)
      .catch((err: unknown) => request.log.warn({ err }, 'upload budget not settled for a message file'));
  }
}

/**
 * A file on one of the order's messages: `preview` is the WebP the server drew (pictures and a
 * PDF's first page), else the file's own bytes as a download. Another order's file: null.
 */
export async function sendMessageFile(
  app: FastifyInstance,
  reply: FastifyReply,
  orderId: string,
  fileId: string,
  preview: boolean,
  headers: Record<string, string> = {},
): Promise<FastifyReply | null> {
  const file = await findMessageFile(app.db, orderId, fileId);
  if (!file) return null;
  if (preview) {
    const stream = await app.files.openThumbnail(file.storage_key);
    if (!stream) return null;
    return reply
      .headers({ ...DOWNLOAD_HEADERS, ...headers, 'content-type': 'image/webp', 'content-disposition': 'inline' })
      .send(stream);
  }
  const { stream, size } = await app.files.open(file.storage_key);
  return reply
    .headers({
      ...DOWNLOAD_HEADERS,
      ...headers,
      'content-type': 'application/octet-stream',
      'content-disposition': attachmentDisposition(file.name),
      'content-length': String(size),
    })
    .send(stream);
}

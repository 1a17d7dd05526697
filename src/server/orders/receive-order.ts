// Reading an order from the request, in either wire format (docs/architecture.md, the order
// body): JSON with files as data, or multipart with an "order" part and "files" parts. What
// goes wrong in the body becomes an error that names it, in both languages where it matters.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError, DomainError, isUnavailableError } from '../errors.js';
import { checkHoneypot } from '../http/bot-checks.js';
import { assertBodyCanArrive } from '../http/client-gone.js';
import type { Staging } from '../files/file-store.js';
import { formatBytes } from '../../shared/order-presentation.js';
import { orderBodySchema, type jsonOrderBodySchema, type ValidOrderBody } from '../../shared/order-schema.js';
import { decodeFileData } from './attachments.js';
import { checkOrderComplete, invalidOrder } from './save-order.js';
import { yieldToLoop } from '../yield-to-loop.js';

type MultipartLimits = Pick<Config, 'MAX_ORDER_PART_BYTES' | 'MAX_FILE_BYTES' | 'MAX_FILES'>;

/** A JSON order: validated whole, then each file's base64 data decoded into the staging. */
export async function receiveJson(
  raw: unknown,
  staging: Staging,
  jsonSchema: ReturnType<typeof jsonOrderBodySchema>,
): Promise<ValidOrderBody> {
  checkHoneypot(raw);
  // The body was parsed in the last step: a large order is validated in a step of its own.
  await yieldToLoop();
  const parsed = jsonSchema.safeParse(raw);
  if (!parsed.success) throw invalidOrder(parsed.error);
  await yieldToLoop();
  const { files: attachments, ...body } = parsed.data;
  checkOrderComplete(body);
  for (const [i, file] of attachments.entries()) {
    const label = `files.${i} ("${file.name || 'unnamed'}")`;
    const { bytes, mediaType } = decodeFileData(file.data, label, file.type);
    await staging.writeBuffer(bytes, file.name || `file-${i + 1}`, file.type || mediaType);
  }
  return body;
}

/**
 * A multipart order: the "order" part validated as soon as it arrives (a bad order fails before
 * its files are uploaded), each "files" part streamed into the staging.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  staging: Staging,
  config: MultipartLimits,
  /** The "order" part's text as it arrived (the idempotency key's request hash). */
  onOrderText?: (text: string) => void,
): Promise<ValidOrderBody> {
  let body: ValidOrderBody | undefined;
  try {
    assertBodyCanArrive(request);
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'order') {
          throw new AppError(
            400,
            'unexpected_part',
            `The form field "${part.fieldname.slice(0, 50)}" is not expected: send the order as a part named "order" and files as parts named "files".`,
            undefined,
            {
              messageFr: `Le champ de formulaire «\u00a0${part.fieldname.slice(0, 50)}\u00a0» n’est pas attendu\u202f: envoyez la commande dans une partie nommée «\u00a0order\u00a0» et les fichiers dans des parties nommées «\u00a0files\u00a0».`,
            },
          );
        }
        if (body)
          throw new AppError(
            400,
            'duplicate_part',
            'The multipart body has more than one part named "order".',
            undefined,
            {
              messageFr: 'Le corps multipart a plus d’une partie nommée «\u00a0order\u00a0».',
            },
          );
        if (part.valueTruncated) {
          throw new AppError(
            413,
            'order_part_too_large',
            `The "order" part is larger than ${formatBytes(config.MAX_ORDER_PART_BYTES)}. Send images and other files as file parts named "files", not inside the order.`,
            undefined,
            {
              messageFr: `La partie «\u00a0order\u00a0» dépasse ${formatBytes(config.MAX_ORDER_PART_BYTES, 'fr')}. Envoyez les images et les autres fichiers dans des parties nommées «\u00a0files\u00a0», pas dans la commande.`,
            },
          );
        }
        // Validated as soon as it arrives, so a bad order fails before its files are uploaded.
        onOrderText?.(String(part.value));
        body = parseOrderPart(String(part.value));
      } else {
        if (part.fieldname !== 'files') {
          throw new AppError(
            400,
            'unexpected_part',
            `The file part "${part.fieldname.slice(0, 50)}" is not expected: send files as parts named "files".`,
            undefined,
            {
              messageFr: `La partie de fichier «\u00a0${part.fieldname.slice(0, 50)}\u00a0» n’est pas attendue\u202f: envoyez les fichiers dans des parties nommées «\u00a0files\u00a0».`,
            },
          );
        }
        await staging.writeStream(part.file, part.filename || 'file', part.mimetype || 'application/octet-stream');
      }
    }
  } catch (err) {
    throw asMultipartError(err, config);
  }
  if (!body)
    throw new AppError(
      400,
      'missing_order',
      'The multipart body has no part named "order" holding the order as JSON.',
      undefined,
      {
        messageFr: 'Le corps multipart n’a aucune partie nommée «\u00a0order\u00a0» contenant la commande en JSON.',
      },
    );
  return body;
}

function asMultipartError(err: unknown, config: MultipartLimits): unknown {
  if (err instanceof AppError || err instanceof DomainError || isUnavailableError(err)) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      413,
      'file_too_large',
      `A file is larger than the limit of ${formatBytes(config.MAX_FILE_BYTES)} per file. Nothing was saved.`,
      undefined,
      {
        messageFr: `Un fichier dépasse la limite de ${formatBytes(config.MAX_FILE_BYTES, 'fr')} par fichier. Rien n’a été enregistré.`,
      },
    );
  }
  if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT') {
    return new AppError(
      413,
      'too_many_files',
      `An order can have at most ${config.MAX_FILES} files. Nothing was saved.`,
      undefined,
      { messageFr: `Une commande compte au plus ${config.MAX_FILES} fichiers. Rien n’a été enregistré.` },
    );
  }
  if (e.code === 'FST_FIELDS_LIMIT') {
    return new AppError(
      413,
      'too_many_fields',
      'The multipart body has too many form fields: send one part named "order" and file parts named "files".',
      undefined,
      {
        messageFr:
          'Le corps multipart a trop de champs de formulaire\u202f: envoyez une partie nommée «\u00a0order\u00a0» et des parties de fichier nommées «\u00a0files\u00a0».',
      },
    );
  }
  // Everything else here is the body itself: cut off, or not well-formed multipart.
  return new AppError(
    400,
    'malformed_multipart',
    `The upload was cut off or is not well-formed multipart (${String(e.message ?? err).slice(0, 120)}). Nothing was saved; please send it again.`,
    undefined,
    {
      messageFr: `Le téléversement a été interrompu ou n’est pas du multipart bien formé (${String(e.message ?? err).slice(0, 120)}). Rien n’a été enregistré\u202f; veuillez l’envoyer de nouveau.`,
    },
  );
}

function parseOrderPart(text: string): ValidOrderBody {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError(400, 'invalid_json', 'The "order" part is not valid JSON.', undefined, {
      messageFr: 'La partie «\u00a0order\u00a0» n’est pas du JSON valide.',
    });
  }
  checkHoneypot(raw);
  const parsed = orderBodySchema.safeParse(raw);
  if (!parsed.success) throw invalidOrder(parsed.error);
  checkOrderComplete(parsed.data);
  return parsed.data;
}

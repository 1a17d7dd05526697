// Works out what each uploaded file is (which layout, which role) from the order's own
// references, names it as docs/product.md says, and takes embedded images out of the order.
import {
  cleanFileName,
  extensionOf,
  mockupAttachmentName,
  uniqueName,
  viewAttachmentName,
  locationAttachmentName,
} from '../../shared/attachment-names.js';
import { VIEWS, type ViewName } from '../../shared/constants.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { DomainError } from '../errors.js';
import type { StagedFile, Staging } from '../files/file-store.js';

export type Role = 'mockup' | 'view' | 'po' | 'other';

export interface PlannedAttachment {
  staged: StagedFile;
  name: string;
  role: Role;
  layout: number | null;
  view: ViewName | null;
}

export interface AttachmentPlan {
  /** The order as stored: every image reference replaced by its attachment's name. */
  document: ValidOrderBody;
  attachments: PlannedAttachment[];
}

/** Decodes a data URL ("data:image/png;base64,...") or bare base64; throws a 400 naming the file. */
export function decodeFileData(data: string, label: string, fallbackType = ''): { bytes: Buffer; mediaType: string } {
  let mediaType = fallbackType;
  let payload = data;
  let base64 = true;
  if (data.startsWith('data:')) {
    const comma = data.indexOf(',');
    if (comma < 0) throw badData(label);
    const meta = data.slice(5, comma).split(';');
    mediaType = meta[0] || mediaType || 'application/octet-stream';
    base64 = meta.slice(1).includes('base64');
    payload = data.slice(comma + 1);
  }
  if (!base64) {
    try {
      return { bytes: Buffer.from(decodeURIComponent(payload), 'utf8'), mediaType };
    } catch {
      throw badData(label);
    }
  }
  const clean = payload.replace(/\s+/g, '');
  // Buffer.from(…, 'base64') skips characters it does not know: check first, so that
  // corrupted data is refused instead of stored silently damaged.
  if (clean.length % 4 === 1 || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) throw badData(label);
  return { bytes: Buffer.from(clean, 'base64'), mediaType };
}

const badData = (label: string) =>
  new DomainError(
    'bad_input',
    'invalid_file_data',
    `The data of ${label} is not valid base64 or a data URL. Nothing was saved.`,
    undefined,
    {
      messageFr: `Les données de ${label} ne sont ni du base64 valide ni une URL de données. Rien n’a été enregistré.`,
    },
  );

const NAME_PATTERNS: { re: RegExp; role: Role }[] = [
  { re: /^Layout_(\d+)_Mockup_\d+\.[^.]+$/, role: 'mockup' },
  { re: /^Layout_(\d+)_(Front|Back|Left_Sleeve|Right_Sleeve)\.[^.]+$/, role: 'view' },
];

export async function planAttachments(body: ValidOrderBody, staging: Staging): Promise<AttachmentPlan> {
  const document: ValidOrderBody = structuredClone(body);
  const plans = new Map<string, PlannedAttachment>();
  const byRawName = new Map<string, StagedFile>();
  const bySha = new Map<string, StagedFile>();

  const plan = (staged: StagedFile): PlannedAttachment => {
    let p = plans.get(staged.id);
    if (!p) {
      p = { staged, name: '', role: 'other', layout: null, view: null };
      plans.set(staged.id, p);
    }
    return p;
  };

  for (const f of staging.files) {
    if (!byRawName.has(f.rawName)) byRawName.set(f.rawName, f);
    const clean = cleanFileName(f.rawName);
    if (!byRawName.has(clean)) byRawName.set(clean, f);
    if (!bySha.has(f.sha256)) bySha.set(f.sha256, f);
    // Files the order does not reference keep a role their spec name implies.
    const p = plan(f);
    for (const { re, role } of NAME_PATTERNS) {
      const m = re.exec(clean);
      if (m) {
        p.role = role;
        p.layout = Number(m[1]);
        if (role === 'view') p.view = m[2]!.replace(/_/g, ' ') as ViewName;
      }
    }
  }

  /** Resolves one image reference: an embedded data URL is stored, a name is looked up. */
  const resolveImage = async (
    ref: string,
    where: string,
    suggestedName: (ext: string) => string,
  ): Promise<StagedFile | null> => {
    if (!ref) return null;
    if (ref.startsWith('data:')) {
      const { bytes, mediaType } = decodeFileData(ref, where);
      const name = suggestedName(extensionOf('', mediaType));
      const staged = await staging.writeBuffer(bytes, name, mediaType);
      // Older clients also sent each embedded image in `files`: keep one copy.
      const same = bySha.get(staged.sha256);
      if (same) {
        await staging.drop(staged.id);
        return same;
      }
      bySha.set(staged.sha256, staged);
      return staged;
    }
    const found = byRawName.get(ref) ?? byRawName.get(cleanFileName(ref));
    if (!found) {
      throw new DomainError(
        'invalid',
        'missing_attachment',
        `${where} refers to the file "${cleanFileName(ref)}", which was not sent with the order.`,
        undefined,
        {
          messageFr: `${where} renvoie au fichier «\u00a0${cleanFileName(ref)}\u00a0», qui n’a pas été envoyé avec la commande.`,
        },
      );
    }
    return found;
  };

  // Every reference, by its place in the order, to the stored file it names.
  const resolved = new Map<string, StagedFile>();
  const layoutNumbers = Object.keys(document.layouts)
    .map(Number)
    .sort((a, b) => a - b);
  for (const n of layoutNumbers) {
    const layout = document.layouts[String(n)]!;
    for (let k = 0; k < layout.mockupImages.length; k++) {
      const where = `layouts.${n}.mockupImages.${k}`;
      const staged = await resolveImage(layout.mockupImages[k]!, where, (ext) => mockupAttachmentName(n, k + 1, ext));
      if (!staged) continue;
      resolved.set(where, staged);
      Object.assign(plan(staged), { role: 'mockup', layout: n, view: null });
    }
    for (const view of VIEWS) {
      const datum = layout.viewData[view];
      if (!datum) continue;
      const where = `layouts.${n}.viewData.${view}.image`;
      const staged = await resolveImage(datum.image, where, (ext) => viewAttachmentName(n, view, ext));
      if (!staged) continue;
      resolved.set(where, staged);
      Object.assign(plan(staged), { role: 'view', layout: n, view });
    }
    for (const [i, extra] of (layout.extraDecorations ?? []).entries()) {
      const where = `layouts.${n}.extraDecorations.${i}.image`;
      const staged = await resolveImage(extra.image, where, (ext) =>
        locationAttachmentName(n, extra.view, extra.location, ext),
      );
      if (!staged) continue;
      resolved.set(where, staged);
      Object.assign(plan(staged), { role: 'view', layout: n, view: extra.view });
    }
    for (let i = 0; i < layout.files.length; i++) {
      const ref = layout.files[i]!;
      if (!ref.name) continue; // older clients' serialised File objects carry no name
      const where = `layouts.${n}.files.${i}`;
      const staged = await resolveImage(ref.name, where, () => ref.name);
      if (!staged) continue;
      resolved.set(where, staged);
      const p = plan(staged);
      if (p.role === 'other' || ref.role === 'po') Object.assign(p, { role: ref.role ?? 'other', layout: n });
    }
  }

  // Final names: clean, unique within the order, in the order the files arrived.
  const taken = new Set<string>();
  const attachments = staging.files.map((f) => {
    const p = plan(f);
    p.name = uniqueName(cleanFileName(f.rawName), taken);
    taken.add(p.name.toLowerCase());
    return p;
  });
  const nameAt = (where: string) => {
    const staged = resolved.get(where);
    return staged ? plan(staged).name : '';
  };

  // The stored document names attachments; it never holds file bytes.
  for (const n of layoutNumbers) {
    const layout = document.layouts[String(n)]!;
    layout.mockupImages = layout.mockupImages.map((_, k) => nameAt(`layouts.${n}.mockupImages.${k}`));
    for (const view of VIEWS) {
      const datum = layout.viewData[view];
      if (datum) datum.image = nameAt(`layouts.${n}.viewData.${view}.image`);
    }
    layout.extraDecorations?.forEach((extra, i) => (extra.image = nameAt(`layouts.${n}.extraDecorations.${i}.image`)));
    layout.files = layout.files.map((ref, i) => (ref.name ? { ...ref, name: nameAt(`layouts.${n}.files.${i}`) } : ref));
  }
  return { document, attachments };
}

import { create } from 'qrcode/lib/core/qrcode.js';
import { render } from 'qrcode/lib/renderer/svg-tag.js';
import { escapeHtml } from '../http/page/html';

/**
 * A QRIS payload drawn as a QR code (docs/api.md §16): an `<svg>` element for the page's own HTML,
 * made by the maintained `qrcode` package (its encoder, error correction M, and its SVG renderer;
 * nothing hand-written), black on white with the standard quiet zone of 4 modules. Inline SVG is
 * part of the document: no image request, nothing the page's policy must allow (decision 0254).
 * `label` names it for a screen reader.
 */
export function qrCodeSvg(payload: string, label: string): string {
  const svg = render(create(payload, { errorCorrectionLevel: 'M' }), { margin: 4, width: 264 });
  return svg.trim().replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" class="qr" `);
}

// The two modules of the maintained `qrcode` package the page uses (its encoder and its SVG renderer),
// imported one by one so a function's bundle holds neither its PNG renderer nor pngjs. Their types
// are @types/qrcode's.
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode';
}
declare module 'qrcode/lib/renderer/svg-tag.js' {
  import type { QRCode, QRCodeToStringOptions } from 'qrcode';
  export function render(qrData: QRCode, options?: QRCodeToStringOptions): string;
}

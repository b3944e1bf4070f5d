import { randomInt } from 'node:crypto';
import type { PaymentDetails } from '../objects/transaction';

/** Bank prefixes of the sandbox virtual accounts (the rest of the number is random). */
const vaPrefixes: Record<string, string> = {
  bca_va: '39358',
  bni_va: '8808',
  bri_va: '26215',
  mandiri_va: '89608',
  permata_va: '8625',
};

const retailPrefixes: Record<string, string> = { alfamart: 'ALF', indomaret: 'IDM' };

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/**
 * Sandbox payment instructions per method (docs/api.md §5): `va_number` for bank_transfer,
 * `qr_string` for qris, `payment_code` for retail, `checkout_url` for ewallet — the transaction's
 * payment page, `paymentUrl` — and nothing for card (until the page is given a card).
 */
export function paymentDetails(method: string, channel: string, transactionId: string, amount: number, paymentUrl: string): PaymentDetails {
  switch (method) {
    case 'bank_transfer': {
      const prefix = vaPrefixes[channel] ?? '9';
      return { va_number: prefix + digits(16 - prefix.length) };
    }
    case 'qris':
      return { qr_string: qrisString(transactionId, amount) };
    case 'retail':
      return { payment_code: (retailPrefixes[channel] ?? 'SBX') + digits(12) };
    case 'ewallet':
      return { checkout_url: paymentUrl };
    default:
      return {};
  }
}

/**
 * The instructions as a transaction item stores them: an e-wallet's `checkout_url` is its payment
 * page, which the item holds as its token (lib/payments/items.ts), so it is not stored twice; one
 * made before the page existed (a `.invalid` address, and no `payment_url`) is kept as it was.
 */
export function storedPaymentDetails(details: PaymentDetails, paymentUrl: string | null): PaymentDetails {
  if (paymentUrl === null || details.checkout_url !== paymentUrl) return details;
  const { checkout_url: _thePage, ...rest } = details;
  return rest;
}

/** The instructions of a stored transaction as shown: an e-wallet's with its payment page as `checkout_url`. */
export function shownPaymentDetails(method: string, stored: PaymentDetails, paymentUrl: string | null): PaymentDetails {
  return method === 'ewallet' && paymentUrl !== null ? { ...stored, checkout_url: paymentUrl } : stored;
}

/** An EMVCo-shaped dynamic QR payload (tag-length-value, CRC-16/CCITT-FALSE at the end). */
function qrisString(transactionId: string, amount: number): string {
  const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;
  const merchant = tlv('00', 'ID.CO.PAYMENTSANDBOX') + tlv('01', transactionId.slice(-20));
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', merchant) +
    tlv('52', '5999') +
    tlv('53', '360') +
    tlv('54', String(amount)) +
    tlv('58', 'ID') +
    tlv('59', 'PAYMENT SANDBOX') +
    tlv('60', 'JAKARTA') +
    '6304';
  return body + crc16(body).toString(16).toUpperCase().padStart(4, '0');
}

function crc16(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

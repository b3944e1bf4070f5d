import { describe, expect, it } from 'vitest';
import { parseSandboxFault } from '../../lib/http/sandbox-fault';

describe('the Sandbox-Fault values', () => {
  it.each(['error_500', 'error_503', 'rate_limit', 'error_after_commit'] as const)('accepts %s', (value) => {
    expect(parseSandboxFault(value)).toEqual({ kind: value });
  });

  it.each([
    ['latency_0', 0],
    ['latency_7', 7],
    ['latency_300', 300],
    ['latency_9999', 9999],
    ['latency_10000', 10000],
  ])('reads %s as a delay of %i ms', (value, ms) => {
    expect(parseSandboxFault(value)).toEqual({ kind: 'latency', ms });
  });

  it.each([
    '',
    'error_404',
    'latency_10001',
    'latency_20000',
    'latency_00',
    'latency_0300',
    'latency_1.5',
    'latency_1e3',
    ' error_500',
    'error_500 ',
    'Error_500',
  ])('refuses %j', (value) => {
    expect(parseSandboxFault(value)).toBeUndefined();
  });
});

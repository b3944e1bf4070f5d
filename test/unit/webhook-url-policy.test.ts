import { describe, expect, it, vi } from 'vitest';
import {
  DNS_TIMEOUT_MS,
  resolveWebhookTarget,
  UnsafeWebhookUrlError,
  urlProblems,
  type HostResolver,
  type ResolvedAddress,
} from '../../lib/webhooks/url-policy';

/** A resolver that answers from a table, and fails like getaddrinfo for any other name. */
function fakeResolver(answers: Record<string, string[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

const publicDns = fakeResolver({
  'hooks.example.com': ['93.184.215.14'],
  'v6.example.com': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'both.example.com': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', '93.184.215.14'],
  'private.example.com': ['10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'loopback.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.215.14', '172.16.4.2'],
  'mapped.example.com': ['::ffff:10.0.0.5'],
  'cgnat.example.com': ['100.64.1.1'],
  'ula.example.com': ['fd12:3456::1'],
  localhost: ['127.0.0.1', '::1'],
});

/** The problem the policy names for a URL, or 'ok'. */
async function verdict(url: string, policy: 'deployed' | 'local', resolve: HostResolver = publicDns): Promise<string> {
  try {
    await resolveWebhookTarget(url, policy, resolve);
    return 'ok';
  } catch (error) {
    if (error instanceof UnsafeWebhookUrlError) return error.problem;
    throw error;
  }
}

describe('the deployed policy', () => {
  it.each([
    ['https://127.0.0.1/', urlProblems.privateAddress],
    ['https://10.0.0.1/', urlProblems.privateAddress],
    ['https://172.16.0.1/', urlProblems.privateAddress],
    ['https://192.168.1.1/', urlProblems.privateAddress],
    ['https://169.254.169.254/', urlProblems.privateAddress],
    ['https://[::1]/', urlProblems.privateAddress],
    ['https://[fe80::1]/', urlProblems.privateAddress],
    ['https://[fd00:ec2::254]/', urlProblems.privateAddress],
    ['https://[fc00::1]/', urlProblems.privateAddress],
    ['https://100.64.0.1/', urlProblems.privateAddress],
    ['https://0.0.0.0/', urlProblems.privateAddress],
    ['https://[::]/', urlProblems.privateAddress],
    ['https://224.0.0.1/', urlProblems.privateAddress],
    ['https://255.255.255.255/', urlProblems.privateAddress],
    ['https://240.0.0.1/', urlProblems.privateAddress],
    ['https://192.0.2.10/', urlProblems.privateAddress],
    ['https://[::ffff:127.0.0.1]/', urlProblems.privateAddress],
    ['https://[::ffff:169.254.169.254]/', urlProblems.privateAddress],
    ['https://[64:ff9b::a00:1]/', urlProblems.privateAddress],
    ['https://[2002:a00:1::]/', urlProblems.privateAddress],
    // The URL parser reads these as 127.0.0.1 (as a client library would connect to them).
    ['https://2130706433/', urlProblems.privateAddress],
    ['https://0x7f.1/', urlProblems.privateAddress],
    ['https://127.1/', urlProblems.privateAddress],
    ['https://93.184.215.14/', urlProblems.ipLiteral],
    ['https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/', urlProblems.ipLiteral],
  ])('refuses the IP literal %s', async (url, problem) => {
    expect(await verdict(url, 'deployed')).toBe(problem);
  });

  it.each([
    ['https://private.example.com/hooks'],
    ['https://metadata.example.com/'],
    ['https://loopback.example.com/'],
    ['https://mixed.example.com/'],
    ['https://mapped.example.com/'],
    ['https://cgnat.example.com/'],
    ['https://ula.example.com/'],
  ])('refuses %s: a name that resolves to an address that is not public', async (url) => {
    expect(await verdict(url, 'deployed')).toBe(urlProblems.privateAddress);
  });

  it.each([['https://localhost/'], ['https://LOCALHOST./hooks'], ['https://api.localhost:8443/']])(
    'refuses %s by its name, without asking DNS',
    async (url) => {
      const resolve = fakeResolver({});
      expect(await verdict(url, 'deployed', resolve)).toBe(urlProblems.privateAddress);
      expect(resolve.calls).toEqual([]);
    },
  );

  it.each([
    ['http://hooks.example.com/', urlProblems.httpsOnly],
    ['http://127.0.0.1:4242/', urlProblems.httpsOnly],
    ['ftp://hooks.example.com/', urlProblems.httpsOnly],
    ['https://user:pass@hooks.example.com/', urlProblems.credentials],
    ['https://user@hooks.example.com/', urlProblems.credentials],
    ['hooks.example.com/payments', urlProblems.notAbsolute],
    ['https://hooks.example.com/a b', urlProblems.whitespace],
    [`https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length + 1)}`, urlProblems.tooLong],
    ['https://nowhere.example.com/', urlProblems.unresolvable],
  ])('refuses %s', async (url, problem) => {
    expect(await verdict(url, 'deployed')).toBe(problem);
  });

  it('accepts an https URL of exactly 2048 characters whose host resolves to public addresses', async () => {
    const url = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;
    expect(url).toHaveLength(2048);
    expect(await verdict(url, 'deployed')).toBe('ok');
  });

  it('returns the checked address to connect to, with the name for Host and SNI', async () => {
    const target = await resolveWebhookTarget('https://both.example.com:8443/hooks?a=1', 'deployed', publicDns);
    expect(target).toEqual({
      url: new URL('https://both.example.com:8443/hooks?a=1'),
      hostname: 'both.example.com',
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
    });
  });

  it('checks the name again at every call, so a name rebound to a private address is refused', async () => {
    let answer = ['93.184.215.14'];
    const rebinding: HostResolver = async () => answer.map((address) => ({ address, family: 4 }));
    expect((await resolveWebhookTarget('https://rebind.example.com/', 'deployed', rebinding)).address).toBe('93.184.215.14');
    answer = ['169.254.169.254'];
    await expect(resolveWebhookTarget('https://rebind.example.com/', 'deployed', rebinding)).rejects.toThrow(
      new UnsafeWebhookUrlError(urlProblems.privateAddress),
    );
  });

  it('refuses a name whose lookup does not answer in time', async () => {
    vi.useFakeTimers();
    try {
      const hanging: HostResolver = () => new Promise(() => undefined);
      const attempt = verdict('https://slow.example.com/', 'deployed', hanging);
      await vi.advanceTimersByTimeAsync(DNS_TIMEOUT_MS);
      expect(await attempt).toBe(urlProblems.unresolvable);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a name that resolves to no address at all', async () => {
    expect(await verdict('https://empty.example.com/', 'deployed', async () => [])).toBe(urlProblems.unresolvable);
  });
});

describe('the local policy', () => {
  it.each([
    ['http://127.0.0.1:4242/hooks'],
    ['http://127.8.9.10/'],
    ['http://[::1]:3001/'],
    ['http://localhost:8080/hooks'],
    ['https://hooks.example.com/'],
    ['http://hooks.example.com/'],
    ['https://93.184.215.14/'],
  ])('accepts %s', async (url) => {
    expect(await verdict(url, 'local')).toBe('ok');
  });

  it.each([
    ['http://10.0.0.1/', urlProblems.privateAddress],
    ['http://192.168.1.1/', urlProblems.privateAddress],
    ['http://169.254.169.254/', urlProblems.privateAddress],
    ['http://[fe80::1]/', urlProblems.privateAddress],
    ['http://[::ffff:10.0.0.1]/', urlProblems.privateAddress],
    ['http://0.0.0.0:4242/', urlProblems.privateAddress],
    ['http://private.example.com/', urlProblems.privateAddress],
    ['http://user:pass@127.0.0.1/', urlProblems.credentials],
    ['ftp://127.0.0.1/', urlProblems.httpOrHttps],
    ['file:///etc/passwd', urlProblems.httpOrHttps],
  ])('refuses %s', async (url, problem) => {
    expect(await verdict(url, 'local')).toBe(problem);
  });

  it('connects a loopback literal to itself, without asking DNS', async () => {
    const resolve = fakeResolver({});
    expect(await resolveWebhookTarget('http://[::1]:3001/hooks', 'local', resolve)).toMatchObject({ hostname: '::1', address: '::1', family: 6 });
    expect(resolve.calls).toEqual([]);
  });
});

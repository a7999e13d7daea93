import { describe, expect, it } from 'vitest';
import { createViesVerifier } from './vies';

/** A fetch that answers one status and body, and remembers what it was asked. */
function answering(status: number, body: unknown) {
  const asked: string[] = [];
  const fetchImpl = (async (url: string) => {
    asked.push(url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { asked, fetchImpl };
}

describe('the VIES-shaped VAT verification (docs/decisions/066-tax.md)', () => {
  it('asks for the country prefix and the number, and reads isValid', async () => {
    const valid = answering(200, { isValid: true, name: 'Beispiel GmbH' });
    expect(await createViesVerifier('https://vat.example/api/', valid).verify('DE', '136695976')).toBe('valid');
    expect(valid.asked).toEqual(['https://vat.example/api/ms/DE/vat/136695976']);
    expect(await createViesVerifier('https://vat.example', answering(200, { isValid: false })).verify('EL', '1')).toBe(
      'invalid',
    );
  });

  it('is unknown, never a guess, when the service fails, answers oddly or not at all', async () => {
    for (const [status, body] of [
      [503, { isValid: true }],
      [200, 'not json'],
      [200, { valid: true }],
    ] as const) {
      expect(await createViesVerifier('https://vat.example', answering(status, body)).verify('DE', '1')).toBe(
        'unknown',
      );
    }
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await createViesVerifier('https://vat.example', { fetchImpl: down }).verify('DE', '1')).toBe('unknown');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clabeCheckDigit, isValidClabe, isValidCnpj, isValidCpf, isValidIfsc } from './bank-validators.ts';

describe('isValidIfsc', () => {
  it.each(['SBIN0001234', 'HDFC0000123', 'ICIC0ABC123', 'UTIB0SBMA01'])('accepts %s', (code) => {
    expect(isValidIfsc(code)).toBe(true);
  });
  it.each([
    ['', 'empty'],
    ['SBIN1001234', 'fifth character not 0'],
    ['sbin0001234', 'lower case'],
    ['SBI00001234', 'digit in the bank letters'],
    ['SBIN000123', 'too short'],
    ['SBIN00012345', 'too long'],
    ['SBIN0-01234', 'punctuation'],
  ])('refuses %j (%s)', (code) => {
    expect(isValidIfsc(code)).toBe(false);
  });
});

describe('isValidCpf', () => {
  it.each(['52998224725', '529.982.247-25', '11144477735', '111.444.777-35', '39053344705'])(
    'accepts %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(true);
    },
  );
  it.each([
    ['52998224724', 'second check digit wrong'],
    ['52998224715', 'first check digit wrong'],
    ['11111111111', 'one repeated digit'],
    ['00000000000', 'zeros'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['529.982.247-2a', 'a letter'],
    ['', 'empty'],
  ])('refuses %j (%s)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it.each(['11222333000181', '11.222.333/0001-81', '11444777000161', '45.997.418/0001-53'])(
    'accepts %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );
  it.each([
    ['11222333000182', 'second check digit wrong'],
    ['11222333000191', 'first check digit wrong'],
    ['22222222222222', 'one repeated digit'],
    ['1122233300018', 'thirteen digits'],
    ['52998224725', 'a CPF'],
    ['11.222.333/0001-8X', 'a letter'],
  ])('refuses %j (%s)', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe('isValidClabe', () => {
  it.each(['032180000118359719', '002010077777777771'])('accepts %s', (clabe) => {
    expect(isValidClabe(clabe)).toBe(true);
  });
  it.each([
    ['032180000118359718', 'check digit wrong'],
    ['03218000011835971', 'seventeen digits'],
    ['0321800001183597190', 'nineteen digits'],
    ['03218000011835971A', 'a letter'],
    ['032 180000118359719', 'a space'],
    ['', 'empty'],
  ])('refuses %j (%s)', (clabe) => {
    expect(isValidClabe(clabe)).toBe(false);
  });

  it('accepts exactly one check digit for any 17 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}$/), (first17) => {
        const valid = Array.from({ length: 10 }, (_unused, digit) => `${first17}${digit}`).filter(
          isValidClabe,
        );
        expect(valid).toEqual([`${first17}${clabeCheckDigit(first17)}`]);
      }),
    );
  });
});

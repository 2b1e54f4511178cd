import {
  AccountMessage,
  changeNickNameBody,
  createAccountSchemas,
  type LanguageCode,
  ServerMessage,
} from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { i18n, switchLanguage } from '../../i18n/i18n.ts';
import { en } from '../../i18n/locales/en.ts';
import { ApiFailure, ApiNetworkError } from '../api/api-errors.ts';
import { errorMessage } from './error-message.ts';
import { setMessageMarket } from './message-market.ts';
import { translateServerMessage } from './server-message.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The message the server answers for a body the schema refuses (its first issue, as parseInput does). */
function refusal(schema: z.ZodType, body: unknown): string {
  const result = schema.safeParse(body);
  if (result.success) throw new Error('the body was accepted');
  return result.error.issues[0]?.message ?? '';
}

const accounts = createAccountSchemas('in');
const OTHER_LANGUAGES: LanguageCode[] = ['pt-BR', 'es-MX', 'vi'];

describe('translateServerMessage', () => {
  it('has an English text for every account message, the same as the server writes', () => {
    expect(Object.keys(en.accountMessages).sort()).toEqual(Object.keys(AccountMessage).sort());
    for (const [key, text] of Object.entries(AccountMessage)) {
      expect(en.accountMessages[key as keyof typeof AccountMessage], key).toBe(text);
      expect(translateServerMessage(text)).toBe(text);
    }
  });

  it.each(OTHER_LANGUAGES)('shows every account message in %s', async (language) => {
    await switchLanguage(language);
    const shown = new Set<string>();
    for (const [key, text] of Object.entries(AccountMessage)) {
      const translated = translateServerMessage(text);
      expect(translated, key).toBe(i18n.t(`accountMessages.${key as keyof typeof AccountMessage}`));
      expect(translated, key).not.toBe(text);
      shown.add(translated);
    }
    // Distinct messages stay distinct, so no two refusals read alike.
    expect(shown.size).toBe(Object.keys(AccountMessage).length);
  });

  it('reads the server text loosely (surrounding spaces) and names the messages the audit found', async () => {
    await switchLanguage('pt-BR');
    expect(translateServerMessage(' Incorrect mobile number or password ')).toBe(
      'Número de celular ou senha incorretos',
    );
    await switchLanguage('es-MX');
    expect(translateServerMessage(AccountMessage.otpResendTooSoon)).toBe(
      'Espera antes de solicitar otro código de verificación',
    );
    await switchLanguage('vi');
    expect(translateServerMessage(AccountMessage.mobileRegistered)).toBe('Số điện thoại đã được đăng ký');
    expect(translateServerMessage(AccountMessage.referralInvalid)).toBe('Mã giới thiệu không tồn tại');
  });

  it('translates the generic answers, and the internal error as the catalogue’s generic error', async () => {
    await switchLanguage('pt-BR');
    expect(translateServerMessage(ServerMessage.unauthorized)).toBe('Faça login novamente');
    expect(translateServerMessage(ServerMessage.notFound)).toBe('Não encontrado');
    expect(translateServerMessage(ServerMessage.internal)).toBe(i18n.t('dialog.genericError'));
  });

  it('leaves other features’ messages as the server wrote them, for their own rules', async () => {
    await switchLanguage('es-MX');
    // The bank-card rule words this one per market (Clabe for mx), so it must arrive untouched.
    expect(translateServerMessage(ServerMessage.upiAccountEmpty)).toBe(ServerMessage.upiAccountEmpty);
    expect(translateServerMessage('Password is incorrect')).toBe('Password is incorrect');
    expect(translateServerMessage('Something new')).toBe('Something new');
  });

  it('rewords the input refusals of the account calls with the field’s label', async () => {
    const wrongCountry = refusal(accounts.login, {
      mobile_number: '+5511912345678',
      password: 'tamarind-kite',
    });
    const badNumber = refusal(accounts.login, { mobile_number: '+91 98x', password: 'tamarind-kite' });
    const shortCode = refusal(accounts.register, {
      mobile_number: '+919876543210',
      verify_code: '12',
      password: 'tamarind-kite',
      r_code: 'DEMO2026',
    });
    const badReferral = refusal(accounts.register, {
      mobile_number: '+919876543210',
      verify_code: '123456',
      password: 'tamarind-kite',
      r_code: 'DEMO-2026',
    });
    const shortPassword = refusal(accounts.resetPassword, {
      mobile_number: '+919876543210',
      verify_code: '123456',
      password: 'abc',
    });
    const invisibleNickName = refusal(changeNickNameBody, { nick_name: 'Asha\u202E' });
    const missingPassword = refusal(accounts.login, { mobile_number: '+919876543210', password: '  ' });

    expect(translateServerMessage(wrongCountry)).toBe('Please enter a +91 mobile number');
    expect(translateServerMessage(badNumber)).toBe('Please enter a valid mobile number');
    expect(translateServerMessage(shortCode)).toBe('The verification code must be 6 digits');
    expect(translateServerMessage(badReferral)).toBe(
      'The recommendation code may contain only letters and digits',
    );
    expect(translateServerMessage(shortPassword)).toBe('The password must have at least 8 characters.');
    expect(translateServerMessage(invisibleNickName)).toBe(
      'The nickname contains invisible characters that cannot be used.',
    );
    expect(translateServerMessage(missingPassword)).toBe('Please enter the password.');

    await switchLanguage('pt-BR');
    expect(translateServerMessage(wrongCountry)).toBe('Digite um número de celular +91');
    expect(translateServerMessage(shortPassword)).toBe('O campo senha deve ter pelo menos 8 caracteres.');
    expect(translateServerMessage(missingPassword)).toBe('Informe o campo senha.');
    await switchLanguage('vi');
    expect(translateServerMessage(shortCode)).toBe('Mã xác minh phải gồm 6 chữ số');
    expect(translateServerMessage(invisibleNickName)).toBe('Biệt danh chứa ký tự ẩn không dùng được.');
  });
});

describe('input messages of every form', () => {
  it('says the raw field messages the new user met as sentences, with money in the market format', async () => {
    setMessageMarket('in');
    expect(translateServerMessage('price must be at least 100.00')).toBe(
      'The amount must be at least ₹100.00.',
    );
    expect(translateServerMessage('price must be at most 7219000.00')).toBe(
      'The amount can be at most ₹72,19,000.00.',
    );
    expect(translateServerMessage('full_name is required')).toBe('Please enter the full name.');
    expect(translateServerMessage('pin_code must be 6 digits')).toBe('The PIN code must have 6 digits.');

    setMessageMarket('pt');
    await switchLanguage('pt-BR');
    expect(translateServerMessage('price must be at most 721900.00')).toBe(
      'O campo valor pode ser de no máximo R$\u00a0721.900,00.',
    );
    expect(translateServerMessage('full_name is required')).toBe('Informe o campo nome completo.');
    await switchLanguage('es-MX');
    setMessageMarket('mx');
    expect(translateServerMessage('price must be at least 100.00')).toBe(
      'El campo monto debe ser de al menos Mex$100.00.',
    );
    await switchLanguage('vi');
    setMessageMarket('vi');
    expect(translateServerMessage('price must be at least 721900.00')).toBe(
      'Số tiền phải ít nhất là 721.900\u00a0₫.',
    );
    setMessageMarket('in');
  });

  it('has every rule and field in every language', async () => {
    for (const language of ['en', ...OTHER_LANGUAGES] as LanguageCode[]) {
      await switchLanguage(language);
      for (const rule of Object.keys(en.inputMessages)) {
        expect(i18n.exists(`inputMessages.${rule}`), `${language} ${rule}`).toBe(true);
      }
    }
  });

  it('leaves fields players never type as the server wrote them', () => {
    expect(translateServerMessage('p_size must be at most 100')).toBe('p_size must be at most 100');
  });
});

describe('errorMessage', () => {
  it('shows a server failure in the interface language', async () => {
    await switchLanguage('es-MX');
    const failure = new ApiFailure({ code: 400, msg: AccountMessage.loginFailed });
    expect(errorMessage(failure)).toBe('Número de celular o contraseña incorrectos');
  });

  it('shows the generic error when there is no server message', async () => {
    await switchLanguage('vi');
    expect(errorMessage(new ApiFailure({ code: 500 }))).toBe('Đã xảy ra lỗi, vui lòng thử lại sau.');
    expect(errorMessage(new ApiNetworkError('offline'))).toBe('Đã xảy ra lỗi, vui lòng thử lại sau.');
  });
});

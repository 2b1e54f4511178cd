export * from './errors.ts';
export * from './markets.ts';
export * from './money.ts';
export * from './schemas/app-config.ts';
export * from './schemas/common.ts';
export * from './schemas/shop.ts';

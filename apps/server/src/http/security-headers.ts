import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Razorpay's browser checkout (DESIGN.md §4): its script, the frames it opens and the calls it makes. The
 * script is loaded only when a Razorpay recharge starts; no other third party runs script in the app.
 */
const RAZORPAY_SCRIPT_ORIGIN = 'https://checkout.razorpay.com';
const RAZORPAY_ORIGINS = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
const RAZORPAY_CONNECT = 'https://*.razorpay.com';
/** HSTS lifetime when served over https: 180 days, as browsers' preload guidance asks for at least. */
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when players reach the app over https. */
  readonly publicUrl: string;
  /**
   * Who may frame the page: nobody by default (clickjacking); a page the app itself opens in a frame (the
   * /moreGame launcher's game page) passes ["'self'"].
   */
  readonly frameAncestors?: readonly string[];
}

/**
 * The security headers of DESIGN.md "Auth and security". The session token lives in localStorage, so
 * script injection is an account takeover: scripts come only from the app's origin (the built app has no
 * inline script) and Razorpay's checkout. Styles allow 'unsafe-inline' because antd-mobile positions its
 * popups with inline styles (style attributes cannot run script). Images may come from the operator's
 * banner URLs (any https origin) and data: URIs; forms post to the app and to https form-post gateways.
 */
export function securityHeaderOptions(options: SecurityHeaderOptions): FastifyHelmetOptions {
  const https = options.publicUrl.startsWith('https://');
  const frameAncestors = options.frameAncestors ?? ["'none'"];
  const framedBySelf = frameAncestors.includes("'self'");
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", RAZORPAY_SCRIPT_ORIGIN],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", RAZORPAY_CONNECT],
        'frame-src': ["'self'", ...RAZORPAY_ORIGINS],
        'form-action': ["'self'", 'https:'],
        'frame-ancestors': [...frameAncestors],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // X-Frame-Options for browsers without frame-ancestors, saying the same.
    frameguard: { action: framedBySelf ? 'sameorigin' : 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Razorpay's checkout may open a window (a bank's 3-D Secure page) that must be able to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  };
}

/** Registers the security headers on every response; call before any route is added. */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifyHelmet, { global: true, ...securityHeaderOptions({ publicUrl }) });
}

/**
 * Route options of a page the app itself shows in a frame (the /moreGame launcher's built-in game page):
 * the same headers, but frame-ancestors 'self' instead of 'none'. Spread into the route's options.
 */
export function framedByAppRouteOptions(publicUrl: string): { helmet: FastifyHelmetOptions } {
  return { helmet: securityHeaderOptions({ publicUrl, frameAncestors: ["'self'"] }) };
}

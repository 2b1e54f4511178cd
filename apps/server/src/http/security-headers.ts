import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Razorpay's browser checkout (DESIGN.md §4): its script, the frames it opens and the calls it makes. The
 * script is loaded only when a Razorpay recharge starts; no other third party runs script in the app.
 */
const RAZORPAY_SCRIPT_ORIGIN = 'https://checkout.razorpay.com';
const RAZORPAY_ORIGINS = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
const RAZORPAY_CONNECT = 'https://*.razorpay.com';
/**
 * HSTS when served over https (issue 24): a year, subdomains included, so no page of the shop's domain is ever
 * fetched over plain http once a browser has seen one answer (the length preload lists ask for).
 */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

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
export function securityHeaderOptions(options: SecurityHeaderOptions): HelmetOptions {
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
    hsts: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // Helmet's legacy headers are left out: every browser the app supports ignores them (X-XSS-Protection's
    // auditor, IE's X-Download-Options, Flash's cross-domain policies) or they only restate a default
    // (DNS prefetching, origin-keyed agent clusters). Each costs every answer its bytes and Node's header
    // checks: on the cached reads that is a measurable part of the rate (bench/reads).
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  };
}

/** The headers helmet writes for a set of options, by lower-case name. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The headers helmet sets for these options, computed once. Nothing in them depends on the request (no
 * nonce), so every answer can carry the same object: helmet's own middleware rebuilt each header, the
 * policy included, on every request (an eighth of a cached read's CPU in bench/reads).
 */
export function computeSecurityHeaders(options: HelmetOptions): SecurityHeaders {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middleware is synchronous; a future version that is not would leave answers without headers.
  if (!finished || !headers['content-security-policy']) {
    throw new Error('invariant: helmet did not produce the security headers synchronously');
  }
  return headers;
}

/** Route config naming the headers of a page the app itself shows in a frame. */
const FRAMED_BY_APP = 'framed-by-app';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which precomputed security headers the route's answers carry: the default set unless named. */
    securityHeaders?: typeof FRAMED_BY_APP;
  }
}

/**
 * The security headers of each request's answer, computed once for the process: the default set
 * (`everyPage`, computeSecurityHeaders of the default options), or the framed-by-app set for a route whose
 * config names it.
 */
export function securityHeadersByRoute(
  publicUrl: string,
  everyPage: SecurityHeaders,
): (request: FastifyRequest) => SecurityHeaders {
  const framedByApp = computeSecurityHeaders(
    securityHeaderOptions({ publicUrl, frameAncestors: ["'self'"] }),
  );
  return (request) =>
    request.routeOptions.config.securityHeaders === FRAMED_BY_APP ? framedByApp : everyPage;
}

/**
 * Route options of a page the app itself shows in a frame (the /moreGame launcher's built-in game page):
 * the same headers, but frame-ancestors 'self' instead of 'none'. Spread into the route's options.
 */
export function framedByAppRouteOptions(): { config: { securityHeaders: typeof FRAMED_BY_APP } } {
  return { config: { securityHeaders: FRAMED_BY_APP } };
}

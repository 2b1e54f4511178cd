import type { FastifyInstance } from 'fastify';

/** One route of Fastify's route table. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route of the app, read from Fastify's route tree. (The compressed tree, because the flat one drops a wildcard's prefix. An onRoute hook added through
 * buildTestApp's `extend` comes too late: buildApp has registered its routes by then, and onRoute only sees later ones.)
 * Each line of the tree is a node: its indentation gives its depth, its text continues its parent's path,
 * and the methods of a route close it in parentheses.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (depth > 0 ? (pathAtDepth[depth - 1] ?? '') : '') + (match[2] ?? '');
    pathAtDepth[depth] = url;
    pathAtDepth.length = depth + 1;
    for (const method of match[3]?.split(',') ?? []) routes.push({ method: method.trim(), url });
  }
  return routes;
}

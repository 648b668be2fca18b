/**
 * One path, written once: the server registers its `pattern` (Fastify's `/v2/issuer/:id`) and the
 * web client calls it to build a URL (`ISSUER_PATHS.issuer({ id: 7 })` is `/v2/issuer/7`). The
 * parameters the builder takes are read from the pattern by the type system, so a renamed or added
 * `:param` is a type error wherever a URL is built, not a 404 at run time.
 *
 * Paths without parameters stay plain strings in the resources' paths objects: the string is
 * already both the pattern and the URL.
 */

/** The names of a pattern's `:params`, e.g. `'id' | 'trancheId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a pattern's URL is built from: one per `:param`. */
export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

/** A parametrised path: called with its parameters it is a URL; `pattern` is what the server registers. */
export interface SharedPath<P extends string> {
  (params: PathParams<P>): string;
  readonly pattern: P;
}

/**
 * The shared path of a pattern with `:params`. Each value is URL-encoded, so an id with a slash or
 * a space stays one segment.
 */
export function path<const P extends string>(pattern: P): SharedPath<P> {
  if (!pattern.includes('/:')) throw new Error(`${pattern} has no :params: write it as a plain string`);
  const build = (params: PathParams<P>) =>
    pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = (params as Record<string, string | number | undefined>)[name];
      if (value === undefined) throw new Error(`${pattern} needs :${name}`);
      return encodeURIComponent(String(value));
    });
  return Object.assign(build, { pattern });
}

/** Every pattern of a resource's paths object: the plain strings and the parametrised paths' patterns. */
export function patternsOf(paths: Readonly<Record<string, unknown>>): string[] {
  return Object.values(paths).flatMap((value) => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function' && typeof (value as { pattern?: unknown }).pattern === 'string')
      return [(value as unknown as { pattern: string }).pattern];
    return [];
  });
}

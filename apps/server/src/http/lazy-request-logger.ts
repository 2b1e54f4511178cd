import type { FastifyBaseLogger, LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** What a pino log method takes: an object or a message, then a message and its format arguments. */
type LineArgs = [objectOrMessage: unknown, ...rest: unknown[]];

/** Pino's numeric value of each level name ('silent' is above every level: nothing is written). */
const LEVEL_VALUES: Readonly<Record<LogLevel, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

function levelValue(level: string): number {
  const value = LEVEL_VALUES[level as LogLevel];
  if (value === undefined) throw new Error(`invariant: unknown log level ${level}`);
  return value;
}

/**
 * A request's logger that makes its pino child (the request id bound, the route's level) only when a line is
 * written at a level the child writes. Fastify makes a child per request; for the public reads, whose
 * answered requests write no line, that child (bindings serialized, every level method rebuilt for the route's
 * level) cost about 5 % of the server's CPU per request of GET / (bench/README). What is written is unchanged.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;
  private readonly threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    this.threshold = levelValue(this.level);
  }

  /** The route's level, else the parent's (a child's level can only be set through its options here). */
  get level(): string {
    return this.options.level ?? this.parent.level;
  }

  set level(_level: string) {
    throw new Error('invariant: a request logger keeps the level of its route');
  }

  // Methods on the prototype, not closures: a logger is made for every request.
  fatal(...args: LineArgs): void {
    this.write('fatal', args);
  }
  error(...args: LineArgs): void {
    this.write('error', args);
  }
  warn(...args: LineArgs): void {
    this.write('warn', args);
  }
  info(...args: LineArgs): void {
    this.write('info', args);
  }
  debug(...args: LineArgs): void {
    this.write('debug', args);
  }
  trace(...args: LineArgs): void {
    this.write('trace', args);
  }
  silent(): void {}

  /** A child of the request's logger: it carries the request id, so the request's child is made first. */
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.requestChild().child(bindings, options);
  }

  private requestChild(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: Exclude<LogLevel, 'silent'>, args: LineArgs): void {
    if (LEVEL_VALUES[level] < this.threshold) return;
    (this.requestChild()[level] as (...lineArgs: LineArgs) => void)(...args);
  }
}

/** Fastify's childLoggerFactory: every request gets a LazyRequestLogger. */
export function lazyRequestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}

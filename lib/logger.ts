import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { SERVICE_NAME } from './service';

/**
 * The keys of the invocation under way, when whoever runs it gave it keys of their own
 * (`withOwnLogKeys`): the local sandbox does, for every invocation it runs (infra/local/load-function.ts),
 * since it runs many at once in one process.
 */
const invocationKeys = new AsyncLocalStorage<LogAttributes>();

/**
 * Powertools' logger, whose appended keys belong to one invocation (decision 0225). Deployed, Lambda
 * runs one invocation at a time per container and each handler sets its keys first (`setLogKeys`),
 * so Powertools' own keys are that invocation's. Inside `withOwnLogKeys`, the temporary keys
 * (appendKeys, removeKeys, resetKeys) are that invocation's alone, and only its lines carry them.
 */
class InvocationLogger extends Logger {
  override appendKeys(attributes: LogAttributes): void {
    const keys = invocationKeys.getStore();
    if (keys) Object.assign(keys, attributes);
    else super.appendKeys(attributes);
  }

  override removeKeys(names: string[]): void {
    const keys = invocationKeys.getStore();
    if (keys) for (const name of names) delete keys[name];
    else super.removeKeys(names);
  }

  override resetKeys(): void {
    const keys = invocationKeys.getStore();
    if (keys) for (const name of Object.keys(keys)) delete keys[name];
    else super.resetKeys();
  }

  // The invocation's keys go first among a line's own attributes: what the call itself names wins.
  protected override createAndPopulateLogItem(logLevel: number, input: LogItemMessage, extraInput: LogItemExtraInput) {
    const keys = invocationKeys.getStore();
    return super.createAndPopulateLogItem(logLevel, input, keys ? ([{ ...keys }, ...extraInput] as LogItemExtraInput) : extraInput);
  }
}

/** The structured logger; never give it a whole event (keys travel in headers). */
export const logger: Logger = new InvocationLogger({ serviceName: SERVICE_NAME });

/**
 * Runs one invocation with log keys of its own: what it appends (a request's id, route and client; a
 * job's name and pass) is on its lines alone, and it starts with none of another's.
 */
export function withOwnLogKeys<T>(work: () => T): T {
  return invocationKeys.run({}, work);
}

/** The invocation's keys from now on: those an earlier invocation of this container appended are forgotten. */
export function setLogKeys(keys: LogAttributes): void {
  logger.resetKeys();
  logger.appendKeys(keys);
}

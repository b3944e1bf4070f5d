import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { recordCallsOf } from '../../lib/db/call-recorder';
import { dynamoClientConfig, withoutSdkLogging } from '../../lib/db/client';
import { logger } from '../../lib/logger';
import {
  DISPATCH_BATCH_SIZE,
  DISPATCH_PARALLELIZATION_FACTOR,
  DISPATCH_RETRY_ATTEMPTS,
  matchesAnyPattern,
  type FilterPattern,
} from '../../lib/events/stream-filter';

/**
 * Lambda's DynamoDB event source mapping, for `npm start`: polls DynamoDB Local's stream with the
 * SDK's DynamoDB Streams client (DescribeStream, GetShardIterator, GetRecords), keeps only the
 * records the mapping's filters let through, and hands them to the handler in the event shape
 * Lambda gives it. It starts at LATEST and remembers its position only in memory: what is written
 * while it is stopped is never read from the stream, which is why delivery is durable without it
 * (docs/decisions/ "Webhook delivery"). New shards (DynamoDB rolls them over, and splits them)
 * are read from their start, and so is a shard whose iterator DynamoDB Local refuses before any
 * of its records was read (it does so for a LATEST iterator of a table's first, empty shard:
 * skipping to LATEST again would lose the records written since). The mapping's settings are the
 * stack's (lib/events/stream-filter.ts): as Lambda's poller does, a GetRecords reads whatever the
 * shard has (up to the API's 1 000 records), the filters drop what they do not pass, and what
 * passes is handed on in batches of at most DISPATCH_BATCH_SIZE records; a batch is handed on
 * without waiting for the one before, up to DISPATCH_PARALLELIZATION_FACTOR at once, as Lambda's
 * parallelization factor does; the records a handler reports in `batchItemFailures` (or
 * all, if it throws) are handed to it again, up to DISPATCH_RETRY_ATTEMPTS times.
 */

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

export interface StreamPollerOptions {
  readonly endpoint: string;
  /** The Streams client to read with (a test's, to put faults in its way); one of its own unless given, destroyed when it stops. */
  readonly streams?: DynamoDBStreamsClient;
  readonly tableName: string;
  readonly handler: StreamHandler;
  /** Only records matching one of these reach the handler (lib/events/stream-filter.ts). */
  readonly filters: readonly FilterPattern[];
  /** Pause between two polls that found nothing, unless nudged. */
  readonly intervalMs?: number;
}

export interface StreamPoller {
  /** Stops polling and waits for the handler calls under way. */
  stop(): Promise<void>;
  /**
   * Something was just written to the table: poll now instead of at the end of the pause. The
   * local server nudges after each answer to a write, so delivery starts at once without polling
   * often while nothing happens.
   */
  nudge(): void;
}

/** Idle polling, for writes nobody nudged about (the admin CLI, a test writing to the table directly). */
export const STREAM_IDLE_POLL_MS = 500;
/** The most records one GetRecords returns (the Streams API's limit; Lambda's poller reads as many). */
const RECORDS_PER_READ = 1_000;

/** How often the stream is described again to find new shards. */
const DESCRIBE_EVERY_MS = 2_000;

interface ShardState {
  iterator?: string;
  lastSequence?: string;
  /**
   * How to get an iterator while no record of the shard has been read: LATEST at start,
   * TRIM_HORIZON for a shard found later or one whose LATEST iterator DynamoDB Local refused.
   */
  start: ShardIteratorType;
}

/** Starts polling the table's stream; resolves once the shards open now are positioned at LATEST. */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const intervalMs = options.intervalMs ?? STREAM_IDLE_POLL_MS;
  const dynamo = new DynamoDBClient(dynamoClientConfig({ endpoint: options.endpoint }));
  const streams = options.streams ?? withoutSdkLogging(new DynamoDBStreamsClient(dynamoClientConfig({ endpoint: options.endpoint })));
  recordCallsOf(streams);
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  dynamo.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);

  const shards = new Map<string, ShardState>();
  /** Shards read to their end: never read again. */
  const finished = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();

  const describe = async (): Promise<Shard[]> => {
    const found: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      found.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return found;
  };

  // Shards open now start at LATEST; shards already closed hold only what was written before.
  for (const shard of await describe()) {
    if (shard.SequenceNumberRange?.EndingSequenceNumber) finished.add(shard.ShardId!);
    else shards.set(shard.ShardId!, { start: 'LATEST' });
  }
  await Promise.all([...shards].map(([id, state]) => position(id, state)));

  async function position(shardId: string, state: ShardState): Promise<void> {
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(state.lastSequence ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: state.lastSequence } : { ShardIteratorType: state.start }),
      }),
    );
    state.iterator = ShardIterator;
  }

  async function discover(): Promise<void> {
    for (const shard of await describe()) {
      const id = shard.ShardId!;
      // A shard that appeared since the start holds only new records: read it from its beginning.
      if (!shards.has(id) && !finished.has(id)) shards.set(id, { start: 'TRIM_HORIZON' });
    }
  }

  /** Hands a batch to the handler, and again the records it failed, up to DISPATCH_RETRY_ATTEMPTS times. */
  async function deliver(records: DynamoDBRecord[]): Promise<void> {
    let batch = records;
    for (let attempt = 0; batch.length > 0 && !stopping.signal.aborted; attempt++) {
      let failed: Set<string>;
      try {
        const response = await options.handler({ Records: batch });
        failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      } catch (error) {
        logger.error('stream poller: the handler failed a batch', { error: error as Error });
        failed = new Set(batch.map((r) => r.dynamodb!.SequenceNumber!));
      }
      batch = batch.filter((r) => failed.has(r.dynamodb!.SequenceNumber!));
      if (batch.length > 0 && attempt >= DISPATCH_RETRY_ATTEMPTS) {
        logger.error('stream poller: records still failing after retries are dropped (the sweep catches up)', {
          sequenceNumbers: batch.map((r) => r.dynamodb!.SequenceNumber),
        });
        return;
      }
      if (batch.length > 0) await sleep(200 * 2 ** attempt, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  }

  /**
   * Reads a shard once and hands on what passes the filters; true when it may hold more right now:
   * the read was a full one (RECORDS_PER_READ), or the shard ended (its successor is read next).
   */
  async function pollShard(shardId: string, state: ShardState): Promise<boolean> {
    if (!state.iterator) await position(shardId, state);
    let result: GetRecordsCommandOutput;
    try {
      result = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: RECORDS_PER_READ }));
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'ExpiredIteratorException' || name === 'TrimmedDataAccessException') {
        // Positioned again after the last record read. With none read yet, from the shard's start,
        // never at LATEST again: DynamoDB Local refuses a LATEST iterator of a shard that was empty
        // when the first record comes (aws/aws-sdk-java#2923), and LATEST again would skip that
        // record and every one written since. Records read twice are handled twice, which
        // delivery makes harmless (an event's deliveries are created once, an attempt made once).
        state.iterator = undefined;
        state.start = 'TRIM_HORIZON';
        return false;
      }
      throw error;
    }
    const records = result.Records ?? [];
    if (records.length > 0) state.lastSequence = records[records.length - 1]!.dynamodb!.SequenceNumber;
    state.iterator = result.NextShardIterator;
    if (!state.iterator) {
      shards.delete(shardId);
      finished.add(shardId);
    }
    const passing = records.map((r) => asLambdaRecord(r, streamArn!)).filter((r) => matchesAnyPattern(r, options.filters));
    for (let start = 0; start < passing.length; start += DISPATCH_BATCH_SIZE) {
      while (inFlight.size >= DISPATCH_PARALLELIZATION_FACTOR) await Promise.race(inFlight);
      const work = deliver(passing.slice(start, start + DISPATCH_BATCH_SIZE));
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    }
    return records.length === RECORDS_PER_READ || !state.iterator;
  }

  /** A nudge since the current poll began: poll again at once. */
  let nudged = false;
  let wake: (() => void) | undefined;
  /** The pause after a poll that found nothing: ended by its time, a nudge or stopping. */
  const pause = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, intervalMs);
      stopping.signal.addEventListener('abort', done);
      wake = done;
    });

  let lastDescribed = Date.now();
  let lastErrorLogged = 0;
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      nudged = false;
      let more = false;
      try {
        if (Date.now() - lastDescribed >= DESCRIBE_EVERY_MS || shards.size === 0) {
          lastDescribed = Date.now();
          await discover();
        }
        for (const [id, state] of [...shards]) if (await pollShard(id, state)) more = true;
      } catch (error) {
        if (stopping.signal.aborted) break;
        // DynamoDB Local may be busy or restarting: say so now and then, and keep polling.
        if (Date.now() - lastErrorLogged > 10_000) {
          lastErrorLogged = Date.now();
          logger.error('stream poller: polling failed; trying again', { error: error as Error });
        }
      }
      // A read that emptied every shard is not followed by another at once: what is written next
      // comes with a nudge (the local server's, after a write), or waits for the idle poll.
      if (!more && !nudged) await pause();
    }
  })();

  return {
    nudge: () => {
      nudged = true;
      wake?.();
    },
    stop: async () => {
      stopping.abort();
      await loop;
      await Promise.allSettled([...inFlight]);
      streams.destroy();
    },
  };
}

type Image = Record<string, unknown>;

/**
 * An attribute value as DynamoDB's JSON has it. The SDK's Streams client reads an empty map
 * (`{"M": {}}`, e.g. a transaction's empty metadata) as `{}`; Lambda passes `{"M": {}}`.
 */
function attributeValue(value: unknown): unknown {
  const av = value as { M?: Image; L?: unknown[] };
  if (Object.keys(av).length === 0) return { M: {} };
  if (av.M) return { M: image(av.M) };
  if (av.L) return { L: av.L.map(attributeValue) };
  return value;
}

const image = (item: Image | undefined) => item && Object.fromEntries(Object.entries(item).map(([name, value]) => [name, attributeValue(value)]));

/** A record of the Streams API as Lambda passes it: the same fields, the creation time in epoch seconds, the stream's ARN. */
function asLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, NewImage, OldImage, ...rest } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: record.eventSource,
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(rest as DynamoDBRecord['dynamodb']),
      ...(NewImage && { NewImage: image(NewImage) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'] }),
      ...(OldImage && { OldImage: image(OldImage) as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'] }),
      ...(ApproximateCreationDateTime && { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) }),
    },
  };
}

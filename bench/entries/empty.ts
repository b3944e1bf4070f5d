// The zero point of the cold-start measurement: a handler bundle with nothing in it.
export const handler = async (): Promise<void> => undefined;

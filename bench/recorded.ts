// What bench/menu-read.ts records from the app and the reference servers replay.

/** The headers to replay and the body, base64. */
export interface RecordedResponse {
  headers: Record<string, string>;
  body: string;
}

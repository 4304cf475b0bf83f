/** The answers the inline boot script (src/boot/early.ts) asked for, taken once each by the API client. */
export interface AmparoEarlyAnswers {
  /** The answer of exactly this request (method, `/api/…` URL, JSON body), if it was asked early and not yet taken. */
  take(method: string, url: string, body?: string): Promise<Response> | undefined;
  /** The keys of the answers nobody has taken yet. */
  pending(): string[];
}

declare global {
  interface Window {
    __amparoEarly?: AmparoEarlyAnswers;
  }
}

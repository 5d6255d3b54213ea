/**
 * A stand-in for XMLHttpRequest (uploads use it for their progress): records
 * each request and lets the test answer it and report progress when it likes.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  /** Called on send; answer here to make every upload succeed at once. */
  static onSend: ((xhr: FakeXhr) => void) | null = null;

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
    FakeXhr.onSend?.(this);
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body?: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }

  /** Installs the fake as the global XMLHttpRequest, with no requests yet. */
  static install() {
    FakeXhr.requests = [];
    FakeXhr.onSend = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
}

/** Stands in for XMLHttpRequest at the network edge: the test drives its upload progress and answer. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  withCredentials = false;
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void)[] = [];
  upload = {
    addEventListener: (
      _: string,
      fn: (e: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) => this.uploadListeners.push(fn),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: () => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.listeners.abort?.forEach((fn) => fn());
  }
  progress(loaded: number, total: number) {
    this.uploadListeners.forEach((fn) => fn({ lengthComputable: true, loaded, total }));
  }
  finish(status: number) {
    this.status = status;
    this.listeners.load?.forEach((fn) => fn());
  }
}

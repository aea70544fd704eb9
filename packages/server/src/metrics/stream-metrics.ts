import { Gauge, type Registry } from 'prom-client';
import { LabelledCounter, type CounterSeries } from './labelled-counter.js';

/**
 * The WebSocket API's figures: open connections, frames sent, and connections closed by close code
 * (4001 idle, 4002 slow consumer, 4003 key revoked, 4004 venue rebuilt, 4005 address no longer
 * allowed, 4006 sub-account blocked or deleted, 1001 shutdown…; `client` a client's own code).
 */
export class StreamMetrics {
  private open = 0;
  private readonly frames: CounterSeries;
  private readonly closes: LabelledCounter<'code'>;
  private readonly byCode = new Map<number | 'client', CounterSeries>();

  constructor(registry: Registry) {
    const read = (): number => this.open;
    new Gauge({
      name: 'txc_ws_connections',
      help: 'Open WebSocket connections',
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
    this.frames = new LabelledCounter(
      'txc_ws_frames_sent_total',
      'WebSocket frames sent (answers and pushes)',
      registry,
    ).series({});
    this.closes = new LabelledCounter('txc_ws_closes_total', 'WebSocket connections closed, by close code', registry);
  }

  opened(): void {
    this.open++;
  }

  closed(code: number | 'client'): void {
    this.open--;
    let series = this.byCode.get(code);
    if (series === undefined) {
      series = this.closes.series({ code: String(code) });
      this.byCode.set(code, series);
    }
    series.inc();
  }

  sent(): void {
    this.frames.inc();
  }
}

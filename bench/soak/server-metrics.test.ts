import { describe, expect, it } from 'vitest';
import { cpuPercent, parsePrometheusText, readingOf, rssOfProcStatus } from './server-metrics.js';

const EXPOSITION = `# HELP process_resident_memory_bytes Resident memory size in bytes.
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 264765440

# HELP nodejs_heap_size_used_bytes Process heap size used from Node.js in bytes.
nodejs_heap_size_used_bytes 121856664
db_pool_connections{pool="request",state="total"} 7
db_pool_connections{pool="request",state="idle"} 2
db_pool_connections{pool="request",state="waiting"} 1
db_pool_connections{pool="owner",state="total"} 1
job_queue_depth{queue="mail"} 3
job_queue_depth{queue="alerts-movement-check"} 2
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/x y",status="200"} 12
process_cpu_seconds_total 1.5e2 1700000000000
nodejs_eventloop_lag_p99_seconds 0.0125
`;

describe('parsePrometheusText', () => {
  it('keys samples as written, skips comments and blank lines, reads exponents and timestamps', () => {
    const samples = parsePrometheusText(EXPOSITION);
    expect(samples.get('process_resident_memory_bytes')).toBe(264_765_440);
    expect(samples.get('db_pool_connections{pool="owner",state="total"}')).toBe(1);
    expect(samples.get('process_cpu_seconds_total')).toBe(150);
    expect(
      samples.get(
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/x y",status="200"}',
      ),
    ).toBe(12);
    expect([...samples.keys()].some((key) => key.startsWith('#'))).toBe(false);
  });
});

describe('readingOf', () => {
  it('takes the RSS, the heap, the request pool and the jobs waiting over every queue', () => {
    expect(readingOf(parsePrometheusText(EXPOSITION))).toEqual({
      rssBytes: 264_765_440,
      heapUsedBytes: 121_856_664,
      pool: { total: 7, idle: 2, waiting: 1 },
      queuedJobs: 5,
      cpuSeconds: 150,
      eventLoopP99Ms: 12.5,
    });
  });

  it('leaves out what the exposition lacks', () => {
    expect(readingOf(parsePrometheusText('process_resident_memory_bytes 5\n'))).toEqual({
      rssBytes: 5,
      heapUsedBytes: undefined,
      pool: undefined,
      queuedJobs: undefined,
      cpuSeconds: undefined,
      eventLoopP99Ms: undefined,
    });
  });
});

describe('cpuPercent', () => {
  it('is the CPU seconds used between two readings over the seconds between them, per core', () => {
    const at = (cpuSeconds: number | undefined) => ({ ...readingOf(new Map()), cpuSeconds });
    expect(cpuPercent(at(10), at(40), 60)).toBe(50);
    expect(cpuPercent(at(10), at(130), 60)).toBe(200);
    expect(cpuPercent(undefined, at(40), 60)).toBeUndefined();
    expect(cpuPercent(at(undefined), at(40), 60)).toBeUndefined();
  });
});

describe('rssOfProcStatus', () => {
  it('reads VmRSS in bytes', () => {
    expect(rssOfProcStatus('Name:\tnode\nVmPeak:\t 999 kB\nVmRSS:\t  250000 kB\nThreads:\t11\n')).toBe(
      256_000_000,
    );
    expect(rssOfProcStatus('Name:\tnode\n')).toBeUndefined();
  });
});

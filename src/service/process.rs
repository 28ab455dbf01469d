//! The standard Prometheus process metrics (`process_cpu_seconds_total`,
//! `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_open_fds`,
//! `process_max_fds`, `process_start_time_seconds`), read from `/proc/self` at each scrape. On a
//! system without `/proc` the collector reports nothing.

use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;

/// Reads the process's figures on each scrape.
#[derive(Debug)]
pub struct Collector {
    /// Clock ticks per second, the unit of `/proc/self/stat`'s times.
    ticks_per_second: f64,
    /// Seconds since the epoch at which the process started (boot time + start ticks).
    start_time: Option<f64>,
}

impl Collector {
    /// Reads the constants once.
    pub fn new() -> Self {
        // Linux reports `/proc/self/stat` times in USER_HZ, which is 100 on every architecture
        // Linux supports for user space.
        let ticks_per_second = 100.0;
        let start_time = stat().and_then(|s| {
            let boot = std::fs::read_to_string("/proc/stat").ok()?;
            let btime: f64 = boot
                .lines()
                .find_map(|l| l.strip_prefix("btime "))?
                .trim()
                .parse()
                .ok()?;
            Some(btime + s.start_ticks / ticks_per_second)
        });
        Self {
            ticks_per_second,
            start_time,
        }
    }
}

/// The fields of `/proc/self/stat` the metrics need.
struct Stat {
    cpu_ticks: f64,
    start_ticks: f64,
}

fn stat() -> Option<Stat> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (state): utime is field 14, stime 15, starttime 22.
    let field = |n: usize| fields.get(n - 3)?.parse::<f64>().ok();
    Some(Stat {
        cpu_ticks: field(14)? + field(15)?,
        start_ticks: field(22)?,
    })
}

/// A `/proc/self/status` size line (`VmRSS:  1234 kB`) in bytes.
fn status_bytes(status: &str, key: &str) -> Option<f64> {
    let line = status.lines().find_map(|l| l.strip_prefix(key))?;
    let kb: f64 = line
        .trim_start_matches(':')
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024.0)
}

fn max_fds() -> Option<f64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

fn open_fds() -> Option<f64> {
    Some(std::fs::read_dir("/proc/self/fd").ok()?.count() as f64)
}

fn gauge(
    encoder: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    value: f64,
) -> Result<(), std::fmt::Error> {
    let metric = ConstGauge::new(value);
    metric.encode(encoder.encode_descriptor(name, help, None, metric.metric_type())?)
}

impl prometheus_client::collector::Collector for Collector {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        if let Some(s) = stat() {
            let cpu = ConstCounter::new(s.cpu_ticks / self.ticks_per_second);
            cpu.encode(encoder.encode_descriptor(
                "process_cpu_seconds",
                "User and system CPU time spent, in seconds",
                None,
                cpu.metric_type(),
            )?)?;
        }
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        for (key, name, help) in [
            (
                "VmRSS",
                "process_resident_memory_bytes",
                "Resident memory size in bytes",
            ),
            (
                "VmSize",
                "process_virtual_memory_bytes",
                "Virtual memory size in bytes",
            ),
        ] {
            if let Some(bytes) = status_bytes(&status, key) {
                gauge(&mut encoder, name, help, bytes)?;
            }
        }
        if let Some(n) = open_fds() {
            gauge(&mut encoder, "process_open_fds", "Open file descriptors", n)?;
        }
        if let Some(n) = max_fds() {
            gauge(
                &mut encoder,
                "process_max_fds",
                "Most file descriptors the process may open",
                n,
            )?;
        }
        if let Some(t) = self.start_time {
            gauge(
                &mut encoder,
                "process_start_time_seconds",
                "Start time of the process since the Unix epoch, in seconds",
                t,
            )?;
        }
        Ok(())
    }
}

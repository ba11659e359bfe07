//! Billing configuration for the Rust worker: queue names and batch sizes.
pub struct Config { pub batch: usize }

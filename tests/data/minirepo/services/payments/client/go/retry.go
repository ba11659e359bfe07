// Package client implements exponential retry backoff for the payments API client.
package client

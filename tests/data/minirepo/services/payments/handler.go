// Package payments verifies webhook signatures sent by the card processor.
package payments

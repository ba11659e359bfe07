// Package retry is a vendored copy of the acme retry helper.
package retry

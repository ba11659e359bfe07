// Package billing loads the billing service configuration from the environment.
package billing

type Config struct{ Port int }

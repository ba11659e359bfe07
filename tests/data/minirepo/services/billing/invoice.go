// Package billing renders invoices as PDF documents.
package billing

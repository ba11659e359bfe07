// Tests for invoice rendering.
package billing

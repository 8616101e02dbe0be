package ui

import "strings"

// unbroken is s with its spaces made no-break spaces, so that wrapping
// never splits it over rows: a size ("49 B"), a command to copy, an
// option of a form.
func unbroken(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") }
